import { createEmailVerificationToken } from "better-auth/api";
import { count, eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import {
	accounts,
	chatMessages,
	files,
	quoteRequests,
	serviceRequests,
	sessions,
	users,
	verifications,
} from "../../src/server/db/schema.ts";
import { CONFIRM_MESSAGES } from "../../src/shared/auth.ts";
import {
	type Account,
	confirmationToken,
	confirmEmail,
	PASSWORD,
	signedInCustomer,
	signedInOwner,
	signUp,
} from "../support/accounts.ts";
import { test } from "../support/app-fixture.ts";
import { appQuote, sampleLines, websiteQuote } from "../support/builders.ts";
import { expectError } from "../support/expect.ts";
import { formFile, HttpClient, read } from "../support/http-client.ts";
import { png } from "../support/images.ts";
import { CONFIRM_PATH, firstLink, readOutbox, waitForMail } from "../support/outbox.ts";
import type { TestApp } from "../support/test-app.ts";

const me = async (account: Account) => (await read(account.client.api.me.$get())).json.user;

/** Rows of every table a message, a request or a photo writes: a refusal changes none. */
async function rowCounts(app: TestApp) {
	const n = async (table: typeof chatMessages | typeof files | typeof quoteRequests) =>
		Number((await app.db.select({ n: count() }).from(table))[0]!.n);
	return {
		messages: await n(chatMessages),
		files: await n(files),
		quotes: await n(quoteRequests),
		requests: Number((await app.db.select({ n: count() }).from(serviceRequests))[0]!.n),
	};
}

async function quoteBody(app: TestApp) {
	const [line] = await sampleLines(app);
	return {
		address: "100 Market Ave N",
		city: "Canton",
		state: "OH",
		services: [{ serviceId: line!.serviceId, quantity: 1 }],
	};
}

describe("sign-up confirms the address by an e-mailed link", () => {
	test("the link is e-mailed at sign-up, without the name; following it confirms the address", async ({
		app,
	}) => {
		const customer = await signedInCustomer(app, {
			displayName: "Casey Customer",
			confirmed: false,
		});
		expect(await me(customer)).toMatchObject({ emailVerified: false });

		const mail = await waitForMail(app.dataDir, customer.email, { containing: CONFIRM_PATH });
		expect(mail.subject).toBe("Confirm your e-mail address for Buckeye Holiday Lights");
		expect(mail.text).toMatch(/^Hello,/);
		expect(mail.text).not.toContain("Casey");
		expect(mail.html).not.toContain("Casey");
		const link = new URL(firstLink(mail));
		expect(`${link.origin}${link.pathname}`).toBe(`${app.url}${CONFIRM_PATH}`);
		const token = link.searchParams.get("token")!;

		// Nothing usable is stored: the token is signed, not kept, in any table of accounts.
		for (const table of [users, accounts, sessions, verifications]) {
			const stored = JSON.stringify(await app.db.select().from(table));
			expect(stored).not.toContain(token);
			expect(stored).not.toContain(token.split(".")[2]!);
		}

		// The page sends the token; the address is confirmed, and the signed-in session knows it.
		const res = await customer.client.get(
			`/api/auth/verify-email?token=${encodeURIComponent(token)}`,
		);
		expect(res.status, res.text).toBe(200);
		expect(res.json).toEqual({ confirmed: true });
		expect(await me(customer)).toMatchObject({ emailVerified: true });
		const [row] = await app.db
			.select({ v: users.emailVerified })
			.from(users)
			.where(eq(users.id, customer.userId));
		expect(row!.v).toBe(true);
		// A second visit of the same link is harmless, from any browser.
		const again = await new HttpClient(app.url).get(
			`/api/auth/verify-email?token=${encodeURIComponent(token)}`,
		);
		expect(again.status).toBe(200);
	});

	test("an invalid, tampered or expired link confirms nothing and says which", async ({ app }) => {
		const customer = await signedInCustomer(app, { confirmed: false });
		const token = await confirmationToken(app, customer.email);
		const tampered = `${token.slice(0, -4)}AAAA`;
		const secret = app.deps.auth.options.secret as string;
		const expired = await createEmailVerificationToken(secret, customer.email, undefined, -60);
		const forged = await createEmailVerificationToken(
			"another-secret-another-secret-0000",
			customer.email,
		);
		const cases: [string, string, string][] = [
			[`?token=${encodeURIComponent(tampered)}`, CONFIRM_MESSAGES.invalidLink, "link_invalid"],
			[`?token=${encodeURIComponent(forged)}`, CONFIRM_MESSAGES.invalidLink, "link_invalid"],
			["?token=nonsense", CONFIRM_MESSAGES.invalidLink, "link_invalid"],
			["", CONFIRM_MESSAGES.invalidLink, "link_invalid"],
			[`?token=${encodeURIComponent(expired)}`, CONFIRM_MESSAGES.expiredLink, "link_expired"],
			// Only the token: no redirect address is taken.
			[
				`?token=${encodeURIComponent(token)}&callbackURL=https://evil.example`,
				CONFIRM_MESSAGES.invalidLink,
				"link_invalid",
			],
		];
		for (const [query, message, code] of cases) {
			const res = await customer.client.get(`/api/auth/verify-email${query}`);
			expectError(res, 400, message);
			expect(res.json.code).toBe(code);
		}
		expect(await me(customer)).toMatchObject({ emailVerified: false });
	});

	test("a signed-in customer asks for a new link, a few an hour; not once confirmed", async ({
		app,
	}) => {
		const anonymous = await read(new HttpClient(app.url).api.me["confirmation-email"].$post());
		expectError(anonymous, 401);

		const customer = await signedInCustomer(app, { confirmed: false });
		const first = await confirmationToken(app, customer.email);
		const res = await read(customer.client.api.me["confirmation-email"].$post());
		expect(res.status, res.text).toBe(200);
		expect(res.json).toEqual({ message: CONFIRM_MESSAGES.linkSent });
		// A new mail comes; either link confirms.
		await expect
			.poll(
				async () =>
					(await readOutbox(app.dataDir)).filter(
						(m) => m.to.includes(customer.email) && m.text.includes(CONFIRM_PATH),
					).length,
			)
			.toBe(2);
		for (let i = 2; i <= 5; i++)
			expect((await read(customer.client.api.me["confirmation-email"].$post())).status).toBe(200);
		expectError(
			await read(customer.client.api.me["confirmation-email"].$post()),
			429,
			CONFIRM_MESSAGES.tooManyLinks,
		);

		const ok = await customer.client.get(
			`/api/auth/verify-email?token=${encodeURIComponent(first)}`,
		);
		expect(ok.status).toBe(200);
		expectError(
			await read(customer.client.api.me["confirmation-email"].$post()),
			409,
			CONFIRM_MESSAGES.alreadyConfirmed,
		);
	});
});

describe("an unconfirmed customer cannot chat or send files", () => {
	test("chat messages and attachments are refused with 403 and store nothing, until the link is followed", async ({
		app,
	}) => {
		await signedInOwner(app);
		const customer = await signedInCustomer(app, { confirmed: false });
		const before = await rowCounts(app);
		expectError(
			await read(customer.client.api.chat.messages.$post({ json: { content: "Hello!" } })),
			403,
			CONFIRM_MESSAGES.confirmFirst,
		);
		const refused = await read(
			customer.client.api.chat.attachments.$post({
				form: {
					data: JSON.stringify({ content: "Our house" }),
					file: formFile({ name: "house.png", bytes: await png() }),
				},
			}),
		);
		expectError(refused, 403, CONFIRM_MESSAGES.confirmFirst);
		expect(refused.json.code).toBe("email_not_confirmed");
		expect(await rowCounts(app)).toEqual(before);
		// Reading the conversation stays open.
		expect((await read(customer.client.api.chat.messages.$get({ query: {} }))).status).toBe(200);

		await confirmEmail(app, customer);
		const sent = await read(
			customer.client.api.chat.messages.$post({ json: { content: "Hello!" } }),
		);
		expect(sent.status, sent.text).toBe(201);
	});

	test("a quote request without photos is open to them; with photos it is refused and stores nothing", async ({
		app,
	}) => {
		await signedInOwner(app);
		const customer = await signedInCustomer(app, { confirmed: false });
		const body = await quoteBody(app);
		const photo = { name: "front.png", bytes: await png(), type: "image/png" };
		const before = await rowCounts(app);
		const refused = await read(
			customer.client.api["quote-requests"].$post({
				form: { data: JSON.stringify(body), photos: [formFile(photo)] },
			}),
		);
		expectError(refused, 403, CONFIRM_MESSAGES.confirmFirst);
		expect(await rowCounts(app)).toEqual(before);

		const plain = await read(
			customer.client.api["quote-requests"].$post({
				form: { data: JSON.stringify(body), photos: [] },
			}),
		);
		expect(plain.status, plain.text).toBe(201);
	});

	test("a service request with photos is refused until confirmed; without photos it goes through", async ({
		app,
	}) => {
		const owner = await signedInOwner(app);
		const customer = await signedInCustomer(app, { confirmed: false });
		const { id } = await appQuote(app, { userId: customer.userId });
		expect(
			(
				await read(
					owner.client.api.owner.quotes[":source"][":id"].approve.$post({
						param: { source: "app", id },
						json: {},
					}),
				)
			).status,
		).toBe(200);
		const request = { requestType: "Fix", details: "The porch strand is dark", priority: "Normal" };
		const photo = { name: "porch.png", bytes: await png(), type: "image/png" };
		const before = await rowCounts(app);
		const refused = await read(
			customer.client.api["service-requests"].$post({
				form: { data: JSON.stringify(request), photos: [formFile(photo)] },
			}),
		);
		expectError(refused, 403, CONFIRM_MESSAGES.confirmFirst);
		expect(await rowCounts(app)).toEqual(before);
		const plain = await read(
			customer.client.api["service-requests"].$post({
				form: { data: JSON.stringify(request), photos: [] },
			}),
		);
		expect(plain.status, plain.text).toBe(201);
	});
});

describe("whose address counts as confirmed", () => {
	test("the first owner, an owner invited at their address, and the owner's own customers; a code-only owner gets the link and is never held back", async ({
		app,
	}) => {
		const owner = await signedInOwner(app);
		expect(await me(owner)).toMatchObject({ emailVerified: true });

		const invite = await read(
			owner.client.api.owner.invites.$post({ json: { email: "partner@example.test" } }),
		);
		const partner = await signedInOwner(app, {
			email: "partner@example.test",
			inviteCode: invite.json.code,
		});
		expect(await me(partner)).toMatchObject({ emailVerified: true });

		const codeOnly = await read(owner.client.api.owner.invites.$post({ json: {} }));
		const helper = await signedInOwner(app, {
			email: "helper@example.test",
			inviteCode: codeOnly.json.code,
		});
		expect(await me(helper)).toMatchObject({ emailVerified: false });
		await confirmationToken(app, "helper@example.test");
		// Never a confirmation mail to the owners whose address counts as confirmed.
		const confirmations = (await readOutbox(app.dataDir)).filter((m) =>
			m.text.includes(CONFIRM_PATH),
		);
		expect(confirmations.map((m) => m.to)).toEqual(["helper@example.test"]);

		// The unconfirmed owner still answers a customer, with a photo.
		const customer = await signedInCustomer(app);
		expect(
			(await read(customer.client.api.chat.messages.$post({ json: { content: "Hi there" } })))
				.status,
		).toBe(201);
		const answer = await read(
			helper.client.api.owner.chat[":customerUserId"].messages.$post({
				param: { customerUserId: customer.userId },
				json: {
					content: "Hello! How can we help?",
				},
			}),
		);
		expect(answer.status, answer.text).toBe(201);

		// Add Customer: the owner's customer is confirmed and chats at once.
		const [outline] = await sampleLines(app);
		const data = JSON.stringify({
			name: "Dana Porch",
			email: "dana@example.test",
			password: "porch-lights-1",
			address: "12 Elm Street",
			city: "Canton",
			services: [{ serviceId: outline!.serviceId, quantity: 1, unitPriceCents: 45000 }],
		});
		expect(
			(await read(owner.client.api.owner.customers.$post({ form: { data, photos: [] } }))).status,
		).toBe(201);
		const dana = new HttpClient(app.url);
		const signIn = await dana.post("/api/auth/sign-in/email", {
			email: "dana@example.test",
			password: "porch-lights-1",
		});
		expect(signIn.status).toBe(200);
		expect((await read(dana.api.me.$get())).json.user).toMatchObject({ emailVerified: true });
		expect(
			(await read(dana.api.chat.messages.$post({ json: { content: "Thanks!" } }))).status,
		).toBe(201);
	});

	test("a website customer is confirmed by setting the password from the e-mailed link; that mail greets without the name", async ({
		app,
	}) => {
		const owner = await signedInOwner(app);
		const quote = await websiteQuote(app, { name: "Wendy Web", status: "approved" });
		const created = await read(
			owner.client.api.owner.quotes.website[":id"]["customer-account"].$post({
				param: { id: quote.id },
			}),
		);
		expect(created.status, created.text).toBe(201);
		const mail = await waitForMail(app.dataDir, "wendy@example.test");
		expect(mail.text).toMatch(/^Hello,/);
		expect(mail.text).not.toContain("Wendy");
		const link = new URL(mail.text.match(/Set your password: (\S+)/)![1]!);
		const wendy = new HttpClient(app.url);
		const reset = await wendy.post("/api/auth/reset-password", {
			token: link.searchParams.get("token"),
			newPassword: "snowy-rooftops-42",
		});
		expect(reset.status, reset.text).toBe(200);
		await wendy.post("/api/auth/sign-in/email", {
			email: "wendy@example.test",
			password: "snowy-rooftops-42",
		});
		expect((await read(wendy.api.me.$get())).json.user).toMatchObject({ emailVerified: true });
		expect(
			(await read(wendy.api.chat.messages.$post({ json: { content: "Hello!" } }))).status,
		).toBe(201);
	});
});

describe("names stay out of mail to unconfirmed addresses", () => {
	test("password reset and a quote decision greet an unconfirmed customer without the name; confirmed, by name", async ({
		app,
	}) => {
		const owner = await signedInOwner(app);
		const customer = await signedInCustomer(app, {
			displayName: "Casey Customer",
			confirmed: false,
		});
		const anonymous = new HttpClient(app.url);
		await anonymous.post("/api/auth/request-password-reset", { email: customer.email });
		const reset = await waitForMail(app.dataDir, customer.email, { containing: "Reset password" });
		expect(reset.text).toMatch(/^Hello,/);
		expect(reset.text).not.toContain("Casey");
		expect(reset.html).not.toContain("Casey");

		const { id } = await appQuote(app, { userId: customer.userId });
		expect(
			(
				await read(
					owner.client.api.owner.quotes[":source"][":id"].approve.$post({
						param: { source: "app", id },
						json: {},
					}),
				)
			).status,
		).toBe(200);
		const approved = await waitForMail(app.dataDir, customer.email, { containing: "approved" });
		expect(approved.text).toMatch(/^Hello,/);
		expect(approved.text).not.toContain("Casey");

		await confirmEmail(app, customer);
		const second = await new HttpClient(app.url).post("/api/auth/request-password-reset", {
			email: customer.email,
		});
		expect(second.status).toBe(200);
		await expect
			.poll(async () =>
				(await readOutbox(app.dataDir)).some(
					(m) => m.to.includes(customer.email) && m.text.startsWith("Hi Casey Customer,"),
				),
			)
			.toBe(true);
	});
});

describe("display names carry no web addresses", () => {
	test("sign-up refuses a name with a link and creates nothing; ordinary names pass", async ({
		app,
	}) => {
		for (const displayName of [
			"Casey https://cheap-lights.example",
			"www.cheap-lights",
			"Visit cheaplights.xyz today",
			"casey@spam.example",
		]) {
			const { res, client } = await signUp(app, { email: "casey@example.test", displayName });
			expectError(res, 400, "Please leave web addresses out of your name");
			expect(res.json.issues).toEqual([
				{ path: "displayName", message: "Please leave web addresses out of your name" },
			]);
			expect(client.hasSession()).toBe(false);
		}
		expect(await app.db.select().from(users)).toEqual([]);
		const { res } = await signUp(app, {
			email: "jr@example.test",
			displayName: "J.R. St. Clair",
			password: PASSWORD,
		});
		expect(res.status, res.text).toBe(201);
	});
});
