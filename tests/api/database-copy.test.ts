import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
	emailOutbox,
	ownerInvites,
	profiles,
	sessions,
	users,
	verifications,
} from "../../src/server/db/schema.ts";
import {
	meWithCookie,
	PASSWORD,
	sessionCookieOf,
	signedInCustomer,
	signedInOwner,
	signedSessionCookie,
} from "../support/accounts.ts";
import { websiteQuote } from "../support/builders.ts";
import { HttpClient, read } from "../support/http-client.ts";
import { waitForMail } from "../support/outbox.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

let app: TestApp;
beforeEach(async () => {
	// Behind a trusted proxy, so each try below comes from an address of its own and no limit
	// stops it: only the stored values themselves decide.
	app = await startTestApp({ env: { TRUST_PROXY: "true" } });
});
afterEach(() => app.close());

let address = 0;
/** A client at an address no other request used. */
const fromNewAddress = () => {
	address++;
	return { "x-forwarded-for": `10.77.${address >> 8}.${address & 255}` };
};

const post = (path: string, body: unknown) =>
	new HttpClient(app.url).request("POST", path, body, fromNewAddress());

/**
 * Every string a copy of these rows shows, whole and each word in it that could be a token, a
 * code or a hash (a link's token, an invite code, a stored hash).
 */
function valuesIn(rows: Record<string, unknown>[]): string[] {
	const found = new Set<string>();
	for (const row of rows) {
		for (const value of Object.values(row)) {
			if (typeof value !== "string" || value === "") continue;
			found.add(value);
			for (const word of value.match(/[A-Za-z0-9_-]{16,}/g) ?? []) found.add(word);
		}
	}
	return [...found];
}

describe("a copy of the database", () => {
	// About 150 requests: one per stored value and use.
	it("holds nothing that signs anyone in or redeems a link or an invite", async () => {
		const owner = await signedInOwner(app);
		const customer = await signedInCustomer(app, { email: "casey@example.com" });
		const ownerCookie = sessionCookieOf(
			await new HttpClient(app.url).request(
				"POST",
				"/api/auth/sign-in/email",
				{ email: owner.email, password: PASSWORD },
				fromNewAddress(),
			),
		);

		// A reset request, an owner invite and a new customer's welcome, each e-mailed.
		expect((await post("/api/auth/request-password-reset", { email: customer.email })).status).toBe(
			200,
		);
		const invite = await read(
			owner.client.api.owner.invites.$post({
				json: {
					email: "partner@example.test",
				},
			}),
		);
		expect(invite.status).toBe(201);
		const quote = await websiteQuote(app, { email: "wendy@example.test", status: "approved" });
		const welcome = await read(
			owner.client.api.owner.quotes.website[":id"]["customer-account"].$post({
				param: { id: quote.id },
			}),
		);
		expect(welcome.status, welcome.text).toBe(201);
		const resetMail = await waitForMail(app.dataDir, customer.email, {
			containing: "Reset password",
		});
		const inviteMail = await waitForMail(app.dataDir, "partner@example.test");
		const welcomeMail = await waitForMail(app.dataDir, "wendy@example.test", {
			containing: "Set your password",
		});
		await expect
			.poll(async () => (await app.db.select().from(emailOutbox)).map((m) => m.status), {
				timeout: 10_000,
			})
			.not.toContain("pending");

		// What a copy would show.
		const copied = [
			...(await app.db.select().from(sessions)),
			...(await app.db.select().from(verifications)),
			...(await app.db.select().from(ownerInvites)),
			...(await app.db.select().from(emailOutbox)),
		];
		const values = valuesIn(copied);
		expect(values.length).toBeGreaterThan(10);
		const code: string = invite.json.code;
		const linkToken = (text: string, label: string) =>
			new URL(text.match(new RegExp(`${label}: (\\S+)`))![1]!).searchParams.get("token")!;
		const resetToken = linkToken(resetMail.text, "Reset password");
		const welcomeToken = linkToken(welcomeMail.text, "Set your password");
		expect(inviteMail.text).toContain(code);
		for (const secret of [resetToken, welcomeToken, code, code.replaceAll("-", "")])
			expect(values.some((v) => v.includes(secret))).toBe(false);

		for (const value of values) {
			// As a session cookie: as it is, and signed with the server's own secret.
			for (const cookie of [`better-auth.session_token=${encodeURIComponent(value)}`]) {
				expect({ value, me: await meWithCookie(app, cookie) }).toEqual({
					value,
					me: { user: null },
				});
			}
			expect({ value, me: await meWithCookie(app, signedSessionCookie(app, value)) }).toEqual({
				value,
				me: { user: null },
			});
			// As the token of a reset or set-your-password link.
			const reset = await post("/api/auth/reset-password", {
				token: value,
				newPassword: "copied-database-1",
			});
			expect({ value, status: reset.status }).toEqual({ value, status: 400 });
			// As an owner invite code, for the invited address.
			const signUp = await post("/api/account/sign-up", {
				email: "partner@example.test",
				password: PASSWORD,
				role: "owner",
				inviteCode: value,
			});
			expect({ value, status: signUp.status }).toEqual({
				value,
				status: value.length > 64 ? 400 : 403,
			});
		}

		// Nothing changed: no new owner, no new login, every password as it was.
		const owners = await app.db.select().from(profiles).where(eq(profiles.role, "owner"));
		expect(owners).toHaveLength(1);
		expect(
			await app.db.select().from(users).where(eq(users.email, "partner@example.test")),
		).toEqual([]);
		for (const email of [owner.email, customer.email]) {
			const res = await post("/api/auth/sign-in/email", { email, password: PASSWORD });
			expect({ email, status: res.status }).toEqual({ email, status: 200 });
		}

		// While what the e-mails and cookies carry still works.
		expect((await meWithCookie(app, ownerCookie)).user).toMatchObject({ email: owner.email });
		expect((await read(customer.client.api.me.$get())).json.user).toMatchObject({
			email: customer.email,
		});
		expect(
			(await post("/api/auth/reset-password", { token: resetToken, newPassword: "new-lights-1" }))
				.status,
		).toBe(200);
		expect(
			(await post("/api/auth/reset-password", { token: welcomeToken, newPassword: "new-lights-2" }))
				.status,
		).toBe(200);
		const partner = await post("/api/account/sign-up", {
			email: "partner@example.test",
			password: PASSWORD,
			role: "owner",
			inviteCode: code,
		});
		expect(partner.status, partner.text).toBe(201);
	}, 120_000);
});
