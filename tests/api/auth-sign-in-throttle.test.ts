import { and, eq, like } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { emailOutbox } from "../../src/server/db/schema.ts";
import { ACCOUNT_THROTTLED_MESSAGE } from "../../src/server/features/auth/sign-in-throttle.ts";
import { AUTH_MESSAGES } from "../../src/shared/auth.ts";
import { PASSWORD, signedInCustomer } from "../support/accounts.ts";
import { expectError } from "../support/expect.ts";
import { HttpClient } from "../support/http-client.ts";
import { waitForMail } from "../support/outbox.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

// Behind one proxy, as deployed: each request says its own client address.
let app: TestApp;
beforeEach(async () => {
	app = await startTestApp({ env: { TRUST_PROXY: "1" } });
});
afterEach(() => app.close());

let nextAddress = 1;
/** A sign-in from an address no request has used before (so no per-address limit is near). */
const signIn = (email: string, password: string, client = new HttpClient(app.url)) =>
	client.request(
		"POST",
		"/api/auth/sign-in/email",
		{ email, password },
		{ "x-forwarded-for": `198.51.${nextAddress >> 8}.${nextAddress++ & 255}` },
	);

/** Five wrong passwords for `email`, each from its own address: all answered 401. */
async function fiveWrongPasswords(email: string) {
	for (let i = 0; i < 5; i++)
		expectError(await signIn(email, `wrong-guess-${i}`), 401, AUTH_MESSAGES.invalidCredentials);
}

const failedSignInMails = (to: string) =>
	app.db
		.select()
		.from(emailOutbox)
		.where(and(eq(emailOutbox.toAddress, to), like(emailOutbox.subject, "%failed sign-ins%")));

describe("sign-in limits per account, whatever the address", () => {
	it("refuses an account's sign-ins after 5 wrong passwords, even the right one, and tells the holder once", async () => {
		await signedInCustomer(app, { email: "casey@example.com" });
		await signedInCustomer(app, { email: "jamie@example.com" });
		await fiveWrongPasswords("casey@example.com");

		const sixth = await signIn("casey@example.com", "wrong-guess-6");
		expectError(sixth, 429, ACCOUNT_THROTTLED_MESSAGE);
		expect(sixth.json.error).toMatch(/Forgot your password\?/);
		const retryAfter = Number(sixth.headers.get("retry-after"));
		expect(retryAfter).toBeGreaterThan(0);
		expect(retryAfter).toBeLessThanOrEqual(15 * 60);

		// The right password gets the very same answer: a guess that hit is not revealed.
		const client = new HttpClient(app.url);
		const right = await signIn("casey@example.com", PASSWORD, client);
		expect({ status: right.status, json: right.json }).toEqual({
			status: sixth.status,
			json: sixth.json,
		});
		expect(client.hasSession()).toBe(false);

		// Another account is not held up.
		expect((await signIn("jamie@example.com", PASSWORD)).status).toBe(200);

		// One e-mail to the holder, however many more attempts are refused; no attacker address in it.
		for (let i = 0; i < 4; i++)
			expect((await signIn("casey@example.com", `more-${i}`)).status).toBe(429);
		const mail = await waitForMail(app.dataDir, "casey@example.com", {
			containing: "wrong password",
		});
		expect(mail.subject).toMatch(/failed sign-ins/i);
		expect(mail.text).toContain("5 times");
		expect(mail.text).toContain("Forgot your password?");
		expect(mail.text).not.toMatch(/198\.51\./);
		expect(await failedSignInMails("casey@example.com")).toHaveLength(1);
		expect(await failedSignInMails("jamie@example.com")).toHaveLength(0);
	});

	it("answers an e-mail without an account exactly as one with an account, and mails nobody", async () => {
		await signedInCustomer(app, { email: "casey@example.com" });
		await fiveWrongPasswords("casey@example.com");
		await fiveWrongPasswords("nobody@example.com");
		const known = await signIn("casey@example.com", "wrong-again");
		const unknown = await signIn("nobody@example.com", "wrong-again");
		expectError(unknown, 429, ACCOUNT_THROTTLED_MESSAGE);
		expect(unknown.json).toEqual(known.json);
		expect(await failedSignInMails("nobody@example.com")).toHaveLength(0);
	});

	it("counts from the last sign-in that succeeded", async () => {
		await signedInCustomer(app, { email: "casey@example.com" });
		for (let i = 0; i < 4; i++)
			expect((await signIn("casey@example.com", `typo-${i}`)).status).toBe(401);
		expect((await signIn("casey@example.com", PASSWORD)).status).toBe(200);
		await fiveWrongPasswords("casey@example.com");
		expect((await signIn("casey@example.com", "wrong-again")).status).toBe(429);
	});

	it("lets the holder back in with the e-mailed reset link, even while the wrong passwords go on", async () => {
		await signedInCustomer(app, { email: "casey@example.com" });
		await fiveWrongPasswords("casey@example.com");
		expect((await signIn("casey@example.com", PASSWORD)).status).toBe(429);

		// The holder's phone asks for the link and sets a new password.
		const phone = new HttpClient(app.url);
		const asked = await phone.request(
			"POST",
			"/api/auth/request-password-reset",
			{ email: "casey@example.com" },
			{ "x-forwarded-for": "203.0.113.50" },
		);
		expect(asked.status).toBe(200);
		const mail = await waitForMail(app.dataDir, "casey@example.com", { containing: "Reset" });
		const token = new URL(mail.text.match(/Reset password: (\S+)/)![1]!).searchParams.get("token");
		const reset = await phone.request(
			"POST",
			"/api/auth/reset-password",
			{ token, newPassword: "new-lights-2025" },
			{ "x-forwarded-for": "203.0.113.50" },
		);
		expect(reset.status, reset.text).toBe(200);

		// The new password clears the count: it signs in from anywhere.
		expect((await signIn("casey@example.com", "new-lights-2025")).status).toBe(200);

		// Someone goes on guessing: other browsers wait again, the phone that used the link does not.
		await fiveWrongPasswords("casey@example.com");
		expect((await signIn("casey@example.com", "new-lights-2025")).status).toBe(429);
		const back = await signIn("casey@example.com", "new-lights-2025", phone);
		expect(back.status, back.text).toBe(200);
		expect(phone.hasSession()).toBe(true);
	});

	it("never keeps out a browser that signed in to the account before", async () => {
		await signedInCustomer(app, { email: "casey@example.com" });
		await signedInCustomer(app, { email: "jamie@example.com" });
		const laptop = new HttpClient(app.url);
		expect((await signIn("casey@example.com", PASSWORD, laptop)).status).toBe(200);
		await laptop.post("/api/auth/sign-out", {});

		await fiveWrongPasswords("casey@example.com");
		await fiveWrongPasswords("jamie@example.com");
		expect((await signIn("casey@example.com", PASSWORD)).status).toBe(429);
		// Its own wrong password is still only a wrong password; then the right one signs in.
		expectError(
			await signIn("casey@example.com", "a-typo", laptop),
			401,
			AUTH_MESSAGES.invalidCredentials,
		);
		expect((await signIn("casey@example.com", PASSWORD, laptop)).status).toBe(200);
		// What marks it is Casey's, not any account's.
		expectError(
			await signIn("jamie@example.com", PASSWORD, laptop),
			429,
			ACCOUNT_THROTTLED_MESSAGE,
		);
	});
});
