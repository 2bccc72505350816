import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AUTH_MESSAGES, PASSWORD_MAX } from "../../src/shared/auth.ts";
import { tooLong } from "../../src/shared/zod.ts";
import { accountCounts, PASSWORD, signedInCustomer } from "../support/accounts.ts";
import { expectError } from "../support/expect.ts";
import { HttpClient, read } from "../support/http-client.ts";
import { queuedBesidesConfirmations } from "../support/outbox.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

let app: TestApp;
beforeEach(async () => {
	app = await startTestApp();
});
afterEach(() => app.close());

const LONG = "x".repeat(10_000);
const LONG_EMAIL = `${"a".repeat(10_000)}@example.com`;
const { fillAllFields, passwordTooShort, enterEmail, invalidEmail } = AUTH_MESSAGES;

/** A body to send and the message expected back (`undefined`: any readable message). */
type Case = [body: unknown, message?: string | RegExp];

/** Sends each case (objects as JSON, strings raw) and expects a clean 400 with no session. */
async function expectAll400(path: string, cases: Case[]) {
	for (const [body, message] of cases) {
		const client = new HttpClient(app.url);
		const res = await client.request(
			"POST",
			path,
			typeof body === "string" ? body : JSON.stringify(body),
		);
		try {
			expectError(res, 400, message);
		} catch (error) {
			throw new Error(`${path} with ${String(JSON.stringify(body)).slice(0, 120)}: ${error}`);
		}
		expect(client.hasSession()).toBe(false);
	}
}

/** Malformed or non-object JSON bodies every endpoint must refuse. */
const MALFORMED: Case[] = [
	['{"email": "casey@example.com",'],
	["{email: 'casey@example.com'}"],
	["not json at all"],
	["null"],
	["[]"],
	['"casey@example.com"'],
	["42"],
];

describe("bad input answers 400 with a message and writes nothing", () => {
	it("POST /api/account/sign-up", async () => {
		const ok = { email: "new@example.com", password: PASSWORD, role: "customer" as const };
		const before = await accountCounts(app);
		await expectAll400("/api/account/sign-up", [
			[{}, fillAllFields],
			[{ password: PASSWORD, role: "customer" }, fillAllFields],
			[{ email: "new@example.com", role: "customer" }, fillAllFields],
			[{ email: "new@example.com", password: PASSWORD }, fillAllFields],
			[{ ...ok, email: "" }, fillAllFields],
			[{ ...ok, email: "    " }, fillAllFields],
			[{ ...ok, password: "" }, fillAllFields],
			[{ ...ok, password: "12345" }, passwordTooShort],
			[{ ...ok, password: "     " }, passwordTooShort],
			[{ ...ok, email: "not-an-email" }, invalidEmail],
			[{ ...ok, email: "new@" }, invalidEmail],
			[{ ...ok, email: 42 }, fillAllFields],
			[{ ...ok, email: null }, fillAllFields],
			[{ ...ok, email: ["new@example.com"] }, fillAllFields],
			[{ ...ok, email: { address: "new@example.com" } }, fillAllFields],
			[{ ...ok, password: 123456 }, fillAllFields],
			[{ ...ok, password: null }, fillAllFields],
			[{ ...ok, password: [PASSWORD] }, fillAllFields],
			[{ ...ok, role: "admin" }, fillAllFields],
			[{ ...ok, role: "OWNER" }, fillAllFields],
			[{ ...ok, role: null }, fillAllFields],
			[{ ...ok, role: ["owner"] }, fillAllFields],
			[{ ...ok, displayName: 5 }],
			[{ ...ok, displayName: null }],
			[{ ...ok, inviteCode: 1234 }],
			[{ ...ok, email: LONG_EMAIL }, tooLong("Email", 254)],
			[{ ...ok, password: LONG }, tooLong("Password", PASSWORD_MAX)],
			[{ ...ok, displayName: LONG }, tooLong("Display name", 100)],
			[{ ...ok, inviteCode: LONG }, tooLong("Invitation code", 64)],
			[{ ...ok, isAdmin: true }],
			[{ ...ok, view: "owner" }],
			[{ ...ok, accountStatus: "active" }],
			[{ ...ok, name: "Casey" }],
			...MALFORMED,
		]);
		// A prototype-polluting key is just an unknown field.
		await expectAll400("/api/account/sign-up", [
			[
				'{"email":"new@example.com","password":"lights-up-2024","role":"customer","__proto__":{"role":"owner"}}',
			],
			[
				'{"email":"new@example.com","password":"lights-up-2024","role":"customer","constructor":{"prototype":{"role":"owner"}}}',
			],
		]);
		// JSON sent under another content type is not taken as a sign-up.
		const plain = await new HttpClient(app.url).request(
			"POST",
			"/api/account/sign-up",
			JSON.stringify(ok),
			{ "content-type": "text/plain" },
		);
		expectError(plain, 415);
		expect(await accountCounts(app)).toEqual(before);
		expect(await accountCounts(app)).toMatchObject({ users: 0, profiles: 0, sessions: 0 });

		// The same body, made valid, goes through: the cases above failed on their fault alone.
		expect(
			(await read(new HttpClient(app.url).api.account["sign-up"].$post({ json: ok }))).status,
		).toBe(201);
	});

	it("POST /api/auth/sign-in/email", async () => {
		await signedInCustomer(app, { email: "casey@example.com" });
		const ok = { email: "casey@example.com", password: PASSWORD };
		const before = await accountCounts(app);
		await expectAll400("/api/auth/sign-in/email", [
			[{}, fillAllFields],
			[{ email: "casey@example.com" }, fillAllFields],
			[{ password: PASSWORD }, fillAllFields],
			[{ ...ok, email: "" }, fillAllFields],
			[{ ...ok, email: "   " }, fillAllFields],
			[{ ...ok, password: "" }, fillAllFields],
			[{ ...ok, email: "casey" }, invalidEmail],
			[{ ...ok, email: 42 }, fillAllFields],
			[{ ...ok, email: null }, fillAllFields],
			[{ ...ok, email: ["casey@example.com"] }, fillAllFields],
			[{ ...ok, password: 123456 }, fillAllFields],
			[{ ...ok, password: null }, fillAllFields],
			[{ ...ok, password: [PASSWORD] }, fillAllFields],
			[{ ...ok, password: { $ne: "" } }, fillAllFields],
			[{ ...ok, rememberMe: "yes" }],
			[{ ...ok, email: LONG_EMAIL }, tooLong("Email", 254)],
			[{ ...ok, password: LONG }, tooLong("Password", PASSWORD_MAX)],
			[{ ...ok, role: "owner" }],
			[{ ...ok, callbackURL: "https://evil.example/" }],
			[{ ...ok, extra: 1 }],
			...MALFORMED.map(([body]): Case => [body, "Request body must be JSON"]).slice(0, 3),
			...MALFORMED.slice(3),
		]);
		expect(await accountCounts(app)).toEqual(before);
		// None of these counted against the sign-in rate limit, and the right details still work.
		const good = new HttpClient(app.url);
		expect((await good.post("/api/auth/sign-in/email", ok)).status).toBe(200);
		expect(good.hasSession()).toBe(true);
	});

	it("POST /api/auth/request-password-reset", async () => {
		await signedInCustomer(app, { email: "casey@example.com" });
		const before = await accountCounts(app);
		await expectAll400("/api/auth/request-password-reset", [
			[{}, enterEmail],
			[{ email: "" }, enterEmail],
			[{ email: "   " }, enterEmail],
			[{ email: 42 }, enterEmail],
			[{ email: null }, enterEmail],
			[{ email: ["casey@example.com"] }, enterEmail],
			[{ email: "casey" }, invalidEmail],
			[{ email: LONG_EMAIL }, tooLong("Email", 254)],
			[{ email: "casey@example.com", redirectTo: LONG }],
			[{ email: "casey@example.com", redirectTo: 5 }],
			[{ email: "casey@example.com", extra: true }],
			[{ email: "casey@example.com", newPassword: "hijacked-1" }],
			...MALFORMED,
		]);
		expect(await accountCounts(app)).toEqual(before);
		expect(await queuedBesidesConfirmations(app)).toEqual([]);
	});

	it("POST /api/auth/reset-password", async () => {
		await signedInCustomer(app, { email: "casey@example.com" });
		const ok = { token: "some-token-value-123", newPassword: "brand-new-7" };
		const before = await accountCounts(app);
		await expectAll400("/api/auth/reset-password", [
			[{}, AUTH_MESSAGES.invalidResetLink],
			[{ newPassword: "brand-new-7" }, AUTH_MESSAGES.invalidResetLink],
			[{ token: "some-token-value-123" }, fillAllFields],
			[{ ...ok, token: "" }, AUTH_MESSAGES.invalidResetLink],
			[{ ...ok, token: 42 }, AUTH_MESSAGES.invalidResetLink],
			[{ ...ok, token: null }, AUTH_MESSAGES.invalidResetLink],
			[{ ...ok, token: ["a"] }, AUTH_MESSAGES.invalidResetLink],
			[{ ...ok, newPassword: "" }, fillAllFields],
			[{ ...ok, newPassword: "12345" }, passwordTooShort],
			[{ ...ok, newPassword: 1234567 }, fillAllFields],
			[{ ...ok, newPassword: null }, fillAllFields],
			[{ ...ok, newPassword: ["brand-new-7"] }, fillAllFields],
			[{ ...ok, token: LONG }],
			[{ ...ok, newPassword: LONG }, tooLong("Password", PASSWORD_MAX)],
			[{ ...ok, email: "casey@example.com" }],
			[{ ...ok, userId: "x" }],
			...MALFORMED,
		]);
		expect(await accountCounts(app)).toEqual(before);
		// The well-formed body reaches better-auth and fails only on its made-up token.
		const real = await new HttpClient(app.url).post("/api/auth/reset-password", ok);
		expectError(real, 400, /invalid or has expired/);
	});
});

describe("better-auth's endpoints the product does not use", () => {
	it("are not reachable, signed in or not, and not documented", async () => {
		const { client } = await signedInCustomer(app, { email: "casey@example.com" });
		const unused: [method: string, path: string, body?: unknown][] = [
			["POST", "/api/auth/update-user", { name: "x".repeat(200_000) }],
			[
				"POST",
				"/api/auth/change-password",
				{ currentPassword: PASSWORD, newPassword: "x".repeat(12) },
			],
			["POST", "/api/auth/change-email", { newEmail: "other@example.com" }],
			["GET", "/api/auth/get-session"],
			["POST", "/api/auth/get-session", {}],
			["GET", "/api/auth/list-sessions"],
			["POST", "/api/auth/sign-in/social", { provider: "google" }],
			["POST", "/api/auth/callback/google", { state: "x".repeat(600_000) }],
			// The confirmation page's GET /verify-email is mounted; better-auth's own way to send
			// links (to any address, without a session) is not: the app's is signed in and limited.
			["POST", "/api/auth/send-verification-email", { email: "casey@example.com" }],
			["POST", "/api/auth/verify-email", { token: "x" }],
			["POST", "/api/auth/get-access-token", {}],
			["POST", "/api/auth/refresh-token", {}],
			["GET", "/api/auth/account-info"],
			["POST", "/api/auth/link-social", { provider: "google" }],
			["POST", "/api/auth/delete-user", {}],
			["GET", "/api/auth/reference"],
			["GET", "/api/auth/ok"],
		];
		for (const [method, path, body] of unused) {
			const res = await client.request(method, path, body);
			expect(res.status, `${method} ${path}`).toBe(404);
		}
		// Nothing about the account changed.
		expect((await read(client.api.me.$get())).json.user.displayName).not.toMatch(/^x+$/);

		const doc = (await new HttpClient(app.url).get("/api/openapi.json")).json;
		const authPaths = Object.keys(doc.paths).filter((p) => p.startsWith("/api/auth/"));
		expect(authPaths.sort()).toEqual([
			"/api/auth/request-password-reset",
			"/api/auth/reset-password",
			"/api/auth/sign-in/email",
			"/api/auth/sign-out",
			"/api/auth/verify-email",
		]);
	});
});
