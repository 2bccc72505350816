import { createHash } from "node:crypto";
import { eq, like, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { rateLimits, sessions, users } from "../../src/server/db/schema.ts";
import { AUTH_MESSAGES } from "../../src/shared/auth.ts";
import {
	accountCounts,
	meWithCookie,
	PASSWORD,
	sessionTokenOf,
	signedInCustomer,
	signedInOwner,
	signedSessionCookie,
	twoDevices,
} from "../support/accounts.ts";
import { expectError } from "../support/expect.ts";
import { HttpClient, read } from "../support/http-client.ts";
import { rerunMigration } from "../support/migrations.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

let app: TestApp;
beforeEach(async () => {
	app = await startTestApp();
});
afterEach(() => app.close());

const sessionsOf = async (email: string) => {
	const [user] = await app.db.select().from(users).where(eq(users.email, email));
	return app.db.select().from(sessions).where(eq(sessions.userId, user!.id));
};

describe("POST /api/auth/sign-in/email", () => {
	it("signs in with the right password, whatever the e-mail's case", async () => {
		await signedInCustomer(app, { email: "casey@example.com" });
		await signedInOwner(app, { email: "owner@example.com" });

		const customer = new HttpClient(app.url);
		const res = await customer.post("/api/auth/sign-in/email", {
			email: "Casey@Example.com",
			password: PASSWORD,
		});
		expect(res.status).toBe(200);
		expect(res.json.user).toMatchObject({ email: "casey@example.com" });
		expect(customer.hasSession()).toBe(true);
		expect((await read(customer.api.me.$get())).json.user).toMatchObject({
			email: "casey@example.com",
			role: "customer",
			view: "customer",
		});
		// Sign-up's session and this one.
		expect(await sessionsOf("casey@example.com")).toHaveLength(2);

		const owner = new HttpClient(app.url);
		const ownerRes = await owner.post("/api/auth/sign-in/email", {
			email: "owner@example.com",
			password: PASSWORD,
			rememberMe: false,
		});
		expect(ownerRes.status).toBe(200);
		expect((await read(owner.api.me.$get())).json.user).toMatchObject({
			email: "owner@example.com",
			role: "owner",
			view: "owner",
		});
	});

	it("answers 401 'Invalid email or password' for a wrong password or unknown e-mail", async () => {
		await signedInCustomer(app, { email: "casey@example.com" });
		const before = await accountCounts(app);

		for (const body of [
			{ email: "casey@example.com", password: "wrong-password" },
			{ email: "casey@example.com", password: PASSWORD.toUpperCase() },
			{ email: "nobody@example.com", password: PASSWORD },
		]) {
			const client = new HttpClient(app.url);
			const res = await client.post("/api/auth/sign-in/email", body);
			expectError(res, 401, AUTH_MESSAGES.invalidCredentials);
			expect(client.hasSession()).toBe(false);
			expect((await read(client.api.me.$get())).json).toEqual({ user: null });
		}
		expect(await accountCounts(app)).toEqual(before);
	});

	it("rate limits sign-in attempts to 10 a minute from one address", async () => {
		await signedInCustomer(app, { email: "casey@example.com" });
		const client = new HttpClient(app.url);
		// Several accounts, each below its own limit of wrong passwords (5, from any address).
		for (let i = 0; i < 10; i++) {
			const res = await client.post("/api/auth/sign-in/email", {
				email: i < 4 ? "casey@example.com" : `someone-${i}@example.com`,
				password: `wrong-${i}`,
			});
			expectError(res, 401, AUTH_MESSAGES.invalidCredentials);
		}
		const before = await accountCounts(app);

		const limited = await client.post("/api/auth/sign-in/email", {
			email: "casey@example.com",
			password: "wrong-again",
		});
		expectError(limited, 429, /too many/i);
		expect(Number(limited.headers.get("x-retry-after"))).toBeGreaterThan(0);

		// Even the right password waits, and no session is made.
		const right = await client.post("/api/auth/sign-in/email", {
			email: "casey@example.com",
			password: PASSWORD,
		});
		expectError(right, 429, /too many/i);
		expect(client.hasSession()).toBe(false);
		// Another account from the same address is limited too.
		const other = await new HttpClient(app.url).post("/api/auth/sign-in/email", {
			email: "someone.else@example.com",
			password: PASSWORD,
		});
		expectError(other, 429, /too many/i);
		expect(await accountCounts(app)).toEqual(before);
		const [bucket] = await app.db
			.select()
			.from(rateLimits)
			.where(like(rateLimits.key, "%/sign-in/email"));
		expect(bucket?.count).toBeGreaterThanOrEqual(10);
	});

	it("keeps better-auth's own sign-up endpoint closed: 404 and no user", async () => {
		const before = await accountCounts(app);
		const client = new HttpClient(app.url);
		const res = await client.post("/api/auth/sign-up/email", {
			email: "sneaky@example.com",
			password: PASSWORD,
			name: "Sneaky",
		});
		expect(res.status).toBe(404);
		expect(client.hasSession()).toBe(false);
		expect(res.text).not.toMatch(/\.ts:\d+|node_modules/);
		for (const path of [
			"/api/auth/sign-up/email/",
			"/api/auth/sign-up/email?callbackURL=/",
			"/api/auth//sign-up/email",
			"/api/auth/Sign-Up/Email",
			"/api/auth/sign-up/%65mail",
		]) {
			const variant = await client.post(path, {
				email: "sneaky@example.com",
				password: PASSWORD,
				name: "Sneaky",
			});
			expect({ path, status: variant.status }).toMatchObject({ status: 404 });
		}
		expect(client.hasSession()).toBe(false);
		expect(await accountCounts(app)).toEqual(before);
	});
});

describe("POST /api/auth/sign-out", () => {
	it("ends this session on the server and leaves the account's other sessions alone", async () => {
		const { first, second, firstCookie } = await twoDevices(app, "casey@example.com");
		expect(await sessionsOf("casey@example.com")).toHaveLength(2);

		const out = await first.post("/api/auth/sign-out", {});
		expect(out.status).toBe(200);
		expect(out.json).toEqual({ success: true });
		expect(first.hasSession()).toBe(false);
		expect((await read(first.api.me.$get())).json).toEqual({ user: null });
		// The old cookie, replayed, no longer names a session.
		expect(await meWithCookie(app, firstCookie)).toEqual({ user: null });
		expectError(
			await fetch(`${app.url}/api/me/view`, {
				method: "PUT",
				headers: { cookie: firstCookie, "content-type": "application/json" },
				body: JSON.stringify({ view: "customer" }),
			}).then(async (r) => ({
				status: r.status,
				headers: r.headers,
				text: await r.clone().text(),
				json: await r.json(),
			})),
			401,
		);
		expect(await sessionsOf("casey@example.com")).toHaveLength(1);

		// The other device stays signed in.
		expect((await read(second.api.me.$get())).json.user).toMatchObject({
			email: "casey@example.com",
		});
	});
});

describe("stored sessions", () => {
	it("keep only a hash of the cookie's token: a stored value signs no one in, even signed with the secret", async () => {
		const { first, second, firstCookie, secondCookie } = await twoDevices(app, "casey@example.com");
		const cookies = [firstCookie, secondCookie];
		const tokens = cookies.map(sessionTokenOf);

		// The rows hold the SHA-256 of each cookie's token, never the token itself.
		const stored = (await sessionsOf("casey@example.com")).map((s) => s.token).sort();
		const sha256 = (t: string) => createHash("sha256").update(t).digest("hex");
		expect(stored).toEqual(tokens.map(sha256).sort());
		for (const token of tokens) expect(stored).not.toContain(token);

		// Each real cookie works; a cookie made with the secret over a stored value does not.
		for (const cookie of cookies) {
			expect((await meWithCookie(app, cookie)).user).toMatchObject({ email: "casey@example.com" });
			expect(signedSessionCookie(app, sessionTokenOf(cookie))).toBe(cookie);
		}
		for (const token of stored) {
			expect(await meWithCookie(app, signedSessionCookie(app, token))).toEqual({ user: null });
			const forged = await new HttpClient(app.url).request("GET", "/api/customer", undefined, {
				cookie: signedSessionCookie(app, token),
			});
			expectError(forged, 401);
			const signOut = await new HttpClient(app.url).request(
				"POST",
				"/api/auth/sign-out",
				{},
				{
					cookie: signedSessionCookie(app, token),
				},
			);
			expect(signOut.status).toBeLessThan(500);
		}
		// Signing out with a stored value ended nothing; the cookie's own sign-out ends its session.
		expect(await sessionsOf("casey@example.com")).toHaveLength(2);
		expect((await first.post("/api/auth/sign-out", {})).status).toBe(200);
		expect((await sessionsOf("casey@example.com")).map((s) => s.token)).toEqual([
			sha256(tokens[1]!),
		]);
		expect((await read(second.api.me.$get())).json.user).toMatchObject({
			email: "casey@example.com",
		});
	});

	it("signed in before tokens were hashed, stays signed in after the migration", async () => {
		const { userId } = await signedInCustomer(app, { email: "casey@example.com" });
		await app.db.delete(sessions);
		// A session as it was stored before: the cookie's token itself.
		const token = "LegacySessionToken0123456789abcd";
		await app.db.insert(sessions).values({
			id: "legacy-session",
			userId,
			token,
			expiresAt: sql`now() + interval '20 days'`,
		});
		const cookie = signedSessionCookie(app, token);

		await rerunMigration(app, "0012_stored_tokens");
		app.readCache.clear();

		const [row] = await app.db.select().from(sessions);
		expect(row!.token).toBe(createHash("sha256").update(token).digest("hex"));
		expect((await meWithCookie(app, cookie)).user).toMatchObject({ email: "casey@example.com" });
		expect(await meWithCookie(app, signedSessionCookie(app, row!.token))).toEqual({ user: null });
		const out = await new HttpClient(app.url).request("POST", "/api/auth/sign-out", {}, { cookie });
		expect(out.status).toBe(200);
		expect(await app.db.select().from(sessions)).toEqual([]);
	});
});
