import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { accounts, sessions, users, verifications } from "../../src/server/db/schema.ts";
import { AUTH_MESSAGES } from "../../src/shared/auth.ts";
import {
	accountCounts,
	meWithCookie,
	PASSWORD,
	signedInCustomer,
	signedInOwner,
	twoDevices,
} from "../support/accounts.ts";
import { websiteQuote } from "../support/builders.ts";
import { expectError } from "../support/expect.ts";
import { HttpClient, read } from "../support/http-client.ts";
import {
	queuedBesidesConfirmations,
	readOutboxBesidesConfirmations,
	waitForMail,
} from "../support/outbox.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

let app: TestApp;
beforeEach(async () => {
	app = await startTestApp();
});
afterEach(() => app.close());

const NEW_PASSWORD = "brand-new-lights-7";
const INVALID_TOKEN = "This reset link is invalid or has expired. Please request a new one.";

/** Asks for a reset e-mail and returns the link in it (in the newest reset mail to `email`). */
async function requestReset(email: string) {
	const before = await mailsTo(email);
	const res = await new HttpClient(app.url).post("/api/auth/request-password-reset", { email });
	expect(res.status).toBe(200);
	await expect.poll(() => mailsTo(email), { timeout: 10_000 }).toBe(before + 1);
	const mail = await waitForMail(app.dataDir, email);
	const match = mail.text.match(/Reset password: (\S+)/);
	expect(match, mail.text).not.toBeNull();
	const link = new URL(match![1]!);
	expect(mail.html).toContain(link.search.replaceAll("&", "&#38;"));
	return { mail, link, token: link.searchParams.get("token")! };
}

const mailsTo = async (email: string) =>
	(await readOutboxBesidesConfirmations(app.dataDir)).filter((m) => m.to.includes(email)).length;

const resetWith = (token: string, newPassword: string) =>
	new HttpClient(app.url).post("/api/auth/reset-password", { token, newPassword });

async function passwordHashOf(email: string) {
	const [row] = await app.db
		.select({ password: accounts.password })
		.from(accounts)
		.innerJoin(users, eq(users.id, accounts.userId))
		.where(eq(users.email, email));
	return row?.password;
}

const signIn = (email: string, password: string) =>
	new HttpClient(app.url).post("/api/auth/sign-in/email", { email, password });

describe("POST /api/auth/request-password-reset", () => {
	it("answers the same for known and unknown e-mails, mailing only a real account", async () => {
		await signedInCustomer(app, { email: "casey@example.com" });

		const unknown = await new HttpClient(app.url).post("/api/auth/request-password-reset", {
			email: "nobody@example.com",
		});
		const known = await new HttpClient(app.url).post("/api/auth/request-password-reset", {
			email: "Casey@Example.com",
		});
		expect(unknown.status).toBe(200);
		expect(known.status).toBe(200);
		expect(unknown.json).toEqual(known.json);
		expect(unknown.text).not.toMatch(/nobody|not found|no account/i);

		const mail = await waitForMail(app.dataDir, "casey@example.com");
		expect(mail.subject).toMatch(/reset/i);
		const link = new URL(mail.text.match(/Reset password: (\S+)/)![1]!);
		expect(`${link.origin}${link.pathname}`).toBe(`${app.url}/auth/reset-password`);
		expect(link.searchParams.get("email")).toBe("casey@example.com");
		const token = link.searchParams.get("token");
		expect(token).toMatch(/^\S{16,}$/);

		// Nothing for the unknown address, in the outbox table or on disk (beside Casey's sign-up
		// confirmation).
		const queued = await queuedBesidesConfirmations(app);
		expect(queued.map((m) => m.toAddress)).toEqual(["casey@example.com"]);
		expect((await readOutboxBesidesConfirmations(app.dataDir)).map((m) => m.to)).toEqual([
			"casey@example.com",
		]);

		// The token is kept only as a hash: no column of any verification row holds it.
		const rows = await app.db.select().from(verifications);
		expect(rows).toHaveLength(1);
		const stored = JSON.stringify(rows);
		expect(stored).not.toContain(token!);
		expect(stored).not.toContain(encodeURIComponent(token!));
		const expiresIn = rows[0]!.expiresAt.getTime() - Date.now();
		expect(expiresIn).toBeGreaterThan(55 * 60_000);
		expect(expiresIn).toBeLessThanOrEqual(60 * 60_000);
	});

	it("rate limits reset requests", async () => {
		await signedInCustomer(app, { email: "casey@example.com" });
		const client = new HttpClient(app.url);
		const statuses: number[] = [];
		for (let i = 0; i < 6; i++) {
			const res = await client.post("/api/auth/request-password-reset", {
				email: "nobody@example.com",
			});
			statuses.push(res.status);
			if (res.status === 429) expectError(res, 429, /too many/i);
		}
		expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
		const limited = await client.post("/api/auth/request-password-reset", {
			email: "casey@example.com",
		});
		expectError(limited, 429, /too many/i);
		expect(await accountCounts(app)).toMatchObject({ verifications: 0 });
		expect(await queuedBesidesConfirmations(app)).toEqual([]);
	});
});

describe("POST /api/auth/reset-password", () => {
	it("sets the new password once and ends the account's sessions", async () => {
		// Two signed-in devices: the sign-up one and a later sign-in.
		const {
			first: phone,
			second: laptop,
			firstCookie: phoneCookie,
		} = await twoDevices(app, "casey@example.com");
		await signedInCustomer(app, { email: "bystander@example.com" });
		const oldHash = await passwordHashOf("casey@example.com");

		const { link, token } = await requestReset("casey@example.com");
		expect(link.searchParams.get("email")).toBe("casey@example.com");

		const browser = new HttpClient(app.url);
		const reset = await browser.post("/api/auth/reset-password", {
			token,
			newPassword: NEW_PASSWORD,
		});
		expect(reset.status).toBe(200);
		expect(reset.json).toEqual({ status: true });
		expect(browser.hasSession()).toBe(false);

		const newHash = await passwordHashOf("casey@example.com");
		expect(newHash).not.toBe(oldHash);
		expect(newHash).not.toContain(NEW_PASSWORD);

		// Every session of that account is gone; the other account keeps its own.
		const [casey] = await app.db.select().from(users).where(eq(users.email, "casey@example.com"));
		expect(await app.db.select().from(sessions).where(eq(sessions.userId, casey!.id))).toEqual([]);
		expect(await meWithCookie(app, phoneCookie)).toEqual({ user: null });
		expect((await read(phone.api.me.$get())).json).toEqual({ user: null });
		expect((await read(laptop.api.me.$get())).json).toEqual({ user: null });
		expect(await accountCounts(app)).toMatchObject({ sessions: 1, verifications: 0 });

		// Old password no longer works, new one does.
		expectError(await signIn("casey@example.com", PASSWORD), 401, AUTH_MESSAGES.invalidCredentials);
		expect((await signIn("casey@example.com", NEW_PASSWORD)).status).toBe(200);

		// The link works once.
		const again = await new HttpClient(app.url).post("/api/auth/reset-password", {
			token,
			newPassword: "yet-another-pass",
		});
		expectError(again, 400, INVALID_TOKEN);
		expect(await passwordHashOf("casey@example.com")).toBe(newHash);
		expect((await signIn("casey@example.com", NEW_PASSWORD)).status).toBe(200);
	});

	it("refuses unknown and expired tokens and leaves the password as it was", async () => {
		await signedInCustomer(app, { email: "casey@example.com" });
		const oldHash = await passwordHashOf("casey@example.com");

		const unknown = await new HttpClient(app.url).post("/api/auth/reset-password", {
			token: "made-up-token-0123456789",
			newPassword: NEW_PASSWORD,
		});
		expectError(unknown, 400, INVALID_TOKEN);

		const { token } = await requestReset("casey@example.com");
		// A token from the link with its last character changed is just another unknown token.
		const tampered = await new HttpClient(app.url).post("/api/auth/reset-password", {
			token: `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`,
			newPassword: NEW_PASSWORD,
		});
		expectError(tampered, 400, INVALID_TOKEN);

		await app.db.update(verifications).set({ expiresAt: sql`now() - interval '1 second'` });
		const expired = await new HttpClient(app.url).post("/api/auth/reset-password", {
			token,
			newPassword: NEW_PASSWORD,
		});
		expectError(expired, 400, INVALID_TOKEN);

		expect(await passwordHashOf("casey@example.com")).toBe(oldHash);
		expect((await signIn("casey@example.com", PASSWORD)).status).toBe(200);
		expectError(
			await signIn("casey@example.com", NEW_PASSWORD),
			401,
			AUTH_MESSAGES.invalidCredentials,
		);
	});
});

describe("every reset link of an account", () => {
	it("dies when the password is reset with any of them: an older link fails after a newer one was used", async () => {
		await signedInCustomer(app, { email: "casey@example.com" });
		await signedInCustomer(app, { email: "bystander@example.com" });
		const older = await requestReset("casey@example.com");
		const newer = await requestReset("casey@example.com");
		const bystanders = await requestReset("bystander@example.com");
		expect(newer.token).not.toBe(older.token);
		expect(await accountCounts(app)).toMatchObject({ verifications: 3 });

		expect((await resetWith(newer.token, NEW_PASSWORD)).status).toBe(200);
		const newHash = await passwordHashOf("casey@example.com");

		expectError(await resetWith(older.token, "older-link-password"), 400, INVALID_TOKEN);
		expect(await passwordHashOf("casey@example.com")).toBe(newHash);
		expect((await signIn("casey@example.com", NEW_PASSWORD)).status).toBe(200);
		expectError(
			await signIn("casey@example.com", "older-link-password"),
			401,
			AUTH_MESSAGES.invalidCredentials,
		);

		// Another account's link is its own, and still works.
		expect(await accountCounts(app)).toMatchObject({ verifications: 1 });
		expect((await resetWith(bystanders.token, "bystander-new-pass")).status).toBe(200);
		expect((await signIn("bystander@example.com", "bystander-new-pass")).status).toBe(200);
	});

	it("includes a new customer's set-your-password link, and that link ends the reset links", async () => {
		const owner = await signedInOwner(app);
		const invite = async (email: string) => {
			const quote = await websiteQuote(app, { email, status: "approved" });
			const res = await read(
				owner.client.api.owner.quotes.website[":id"]["customer-account"].$post({
					param: { id: quote.id },
				}),
			);
			expect(res.status, res.text).toBe(201);
			const mail = await waitForMail(app.dataDir, email, { containing: "Set your password" });
			return new URL(mail.text.match(/Set your password: (\S+)/)![1]!).searchParams.get("token")!;
		};

		// A reset link used first: the welcome link is dead.
		const welcome = await invite("wendy@example.test");
		const reset = await requestReset("wendy@example.test");
		expect((await resetWith(reset.token, NEW_PASSWORD)).status).toBe(200);
		expectError(await resetWith(welcome, "welcome-link-pass"), 400, INVALID_TOKEN);
		expect((await signIn("wendy@example.test", NEW_PASSWORD)).status).toBe(200);

		// The welcome link used first: the reset link asked for meanwhile is dead.
		const welcome2 = await invite("walt@example.test");
		const reset2 = await requestReset("walt@example.test");
		expect((await resetWith(welcome2, NEW_PASSWORD)).status).toBe(200);
		expectError(await resetWith(reset2.token, "reset-link-pass"), 400, INVALID_TOKEN);
		expect((await signIn("walt@example.test", NEW_PASSWORD)).status).toBe(200);
		expect(await accountCounts(app)).toMatchObject({ verifications: 0 });
	});
});
