import http from "node:http";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sessions } from "../../src/server/db/schema.ts";
import { accountCounts, meWithCookie, PASSWORD, signedInCustomer } from "../support/accounts.ts";
import { expectError } from "../support/expect.ts";
import { HttpClient, read } from "../support/http-client.ts";
import { queuedBesidesConfirmations } from "../support/outbox.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

let app: TestApp;
beforeEach(async () => {
	app = await startTestApp();
});
afterEach(() => app.close());

const CROSS_SITE = "Cross-site request refused";

describe("cross-site requests", () => {
	it("refuses sign-up, sign-in and reset requests from another site and writes nothing", async () => {
		await signedInCustomer(app, { email: "casey@example.com" });
		const before = await accountCounts(app);

		const attempts: [string, unknown][] = [
			["/api/account/sign-up", { email: "evil@example.com", password: PASSWORD, role: "owner" }],
			["/api/auth/sign-in/email", { email: "casey@example.com", password: PASSWORD }],
			["/api/auth/request-password-reset", { email: "casey@example.com" }],
			["/api/auth/sign-out", {}],
		];
		const hostile: Record<string, string>[] = [
			{ origin: "https://evil.example" },
			{ origin: "null" },
			{ origin: `${app.url}.evil.example` },
			{ origin: app.url.replace("127.0.0.1", "localhost") },
			{ "sec-fetch-site": "cross-site" },
			// A same-origin claim does not excuse a foreign Origin, nor the reverse.
			{ origin: "https://evil.example", "sec-fetch-site": "same-origin" },
			{ origin: app.url, "sec-fetch-site": "cross-site" },
		];
		for (const [path, body] of attempts) {
			for (const headers of hostile) {
				const client = new HttpClient(app.url);
				const res = await client.request("POST", path, body, headers);
				expectError(res, 403, CROSS_SITE);
				expect(client.hasSession()).toBe(false);
			}
		}
		expect(await accountCounts(app)).toEqual(before);
		expect(await queuedBesidesConfirmations(app)).toEqual([]);
	});

	it("refuses a cross-site view switch but lets same-site requests through", async () => {
		const { client: customer } = await signedInCustomer(app, { email: "casey@example.com" });
		expectError(
			await customer.request(
				"PUT",
				"/api/me/view",
				{ view: "customer" },
				{ origin: "https://evil.example" },
			),
			403,
			CROSS_SITE,
		);

		// The browser's own same-origin requests work.
		const sameOrigin = new HttpClient(app.url);
		const signedUp = await sameOrigin.request(
			"POST",
			"/api/account/sign-up",
			{ email: "same@example.com", password: PASSWORD, role: "customer" },
			{ origin: app.url, "sec-fetch-site": "same-origin" },
		);
		expect(signedUp.status).toBe(201);
		const signIn = await new HttpClient(app.url).request(
			"POST",
			"/api/auth/sign-in/email",
			{ email: "casey@example.com", password: PASSWORD },
			{ origin: app.url, "sec-fetch-site": "same-origin" },
		);
		expect(signIn.status).toBe(200);
		// A cross-site GET only reads: it is answered, without a session's data.
		const me = await new HttpClient(app.url).request("GET", "/api/me", undefined, {
			origin: "https://evil.example",
			"sec-fetch-site": "cross-site",
		});
		expect(me.status).toBe(200);
		expect(me.json).toEqual({ user: null });
		expect(me.headers.get("access-control-allow-origin")).toBeNull();
	});
});

/**
 * A POST on its own connection, read even when the server answers before taking the whole body
 * (fetch's pooled connections can race with the server closing one after an early 413).
 */
function rawPost(path: string, chunks: string[], headers: Record<string, string> = {}) {
	return new Promise<{ status: number; text: string; contentType?: string }>((resolve, reject) => {
		const req = http.request(
			`${app.url}${path}`,
			{ method: "POST", agent: false, headers: { "content-type": "application/json", ...headers } },
			(res) => {
				let text = "";
				res.setEncoding("utf8");
				res.on("data", (c) => {
					text += c;
				});
				res.on("end", () =>
					resolve({ status: res.statusCode!, text, contentType: res.headers["content-type"] }),
				);
				res.on("error", reject);
			},
		);
		req.on("error", reject);
		for (const chunk of chunks) req.write(chunk);
		req.end();
	});
}

describe("request size", () => {
	it("answers 413 for JSON bodies over 1 MB, with or without a length, and writes nothing", async () => {
		await signedInCustomer(app, { email: "casey@example.com" });
		const before = await accountCounts(app);
		const huge = JSON.stringify({
			email: "big@example.com",
			password: PASSWORD,
			role: "customer",
			displayName: "x".repeat(1024 * 1024 + 10),
		});
		for (const path of [
			"/api/account/sign-up",
			"/api/auth/sign-in/email",
			"/api/auth/request-password-reset",
			"/api/auth/reset-password",
		]) {
			// With a content-length the server need not read the body at all.
			const declared = await rawPost(path, [huge], {
				"content-length": String(Buffer.byteLength(huge)),
			});
			// Streamed in chunks without a length, the limit still holds once 1 MB has arrived.
			const streamed = await rawPost(path, [
				'{"email":"big@example.com","displayName":"',
				...Array.from({ length: 20 }, () => "x".repeat(64 * 1024)),
				'"}',
			]);
			for (const res of [declared, streamed]) {
				expect({ path, status: res.status }).toEqual({ path, status: 413 });
				expect(res.contentType).toContain("application/json");
				expect(JSON.parse(res.text)).toEqual({ error: "The request is too large" });
			}
		}
		expect(await accountCounts(app)).toEqual(before);

		// Just under the limit is an ordinary validation failure, not 413.
		const justUnder = await read(
			new HttpClient(app.url).api.account["sign-up"].$post({
				json: {
					email: "big@example.com",
					password: PASSWORD,
					role: "customer",
					displayName: "x".repeat(900 * 1024),
				},
			}),
		);
		expectError(justUnder, 400, "Display name can be at most 100 characters");
		expect(await accountCounts(app)).toEqual(before);
	});
});

describe("session cookie", () => {
	it("is HttpOnly, SameSite=Lax and site-wide, from sign-up and from sign-in", async () => {
		const signUpRes = await read(
			new HttpClient(app.url).api.account["sign-up"].$post({
				json: {
					email: "casey@example.com",
					password: PASSWORD,
					role: "customer",
				},
			}),
		);
		const signInRes = await new HttpClient(app.url).post("/api/auth/sign-in/email", {
			email: "casey@example.com",
			password: PASSWORD,
		});
		for (const res of [signUpRes, signInRes]) {
			expect(res.status).toBeLessThan(300);
			const cookie = res.headers.getSetCookie().find((c) => c.includes("session_token="));
			expect(cookie).toBeDefined();
			const attributes = cookie!
				.split(";")
				.slice(1)
				.map((a) => a.trim().toLowerCase());
			expect(attributes).toContain("httponly");
			expect(attributes).toContain("samesite=lax");
			expect(attributes).toContain("path=/");
			expect(attributes.some((a) => a.startsWith("max-age=") || a.startsWith("expires="))).toBe(
				true,
			);
			// The site runs on plain http in tests, so the cookie cannot be Secure here.
			expect(attributes).not.toContain("secure");
			const [name, value] = cookie!.split(";")[0]!.split("=") as [string, string];
			expect(name).toBe("better-auth.session_token");
			expect((await meWithCookie(app, `${name}=${value}`)).user?.email).toBe("casey@example.com");
			// The cookie is signed: its bare token (which sign-in's body also names) is no session.
			const token = decodeURIComponent(value).split(".")[0]!;
			expect(decodeURIComponent(value)).not.toBe(token);
			expect(await meWithCookie(app, `${name}=${token}`)).toEqual({ user: null });
			expect(await meWithCookie(app, `${name}=${token}.forged-signature`)).toEqual({ user: null });
		}
	});
});

describe("error responses", () => {
	it("are JSON with a message and never leak a stack trace or internals", async () => {
		const { client: customer } = await signedInCustomer(app, { email: "casey@example.com" });
		const anonymous = new HttpClient(app.url);
		const cases: [Promise<Awaited<ReturnType<HttpClient["request"]>>>, number][] = [
			[anonymous.request("POST", "/api/account/sign-up", '{"email":'), 400],
			[anonymous.request("POST", "/api/auth/sign-in/email", "{{{"), 400],
			[anonymous.request("POST", "/api/auth/reset-password", '{"token":[{"$gt":""}]}'), 400],
			[anonymous.post("/api/auth/sign-in/email", { email: "x@example.com", password: "p" }), 401],
			[read(anonymous.api.me.view.$put({ json: { view: "owner" } })), 401],
			[read(customer.api.me.view.$put({ json: { view: "owner" } })), 403],
			[read(customer.api.owner.invites.$post({ json: {} })), 403],
			[
				read(
					anonymous.api.account["sign-up"].$post({
						json: {
							email: "casey@example.com",
							password: PASSWORD,
							role: "customer",
						},
					}),
				),
				409,
			],
			[anonymous.get("/api/account/sign-up"), 404],
			[anonymous.post("/api/nothing-here", {}), 404],
		];
		for (const [pending, status] of cases) {
			const res = await pending;
			expectError(res, status);
			expect(res.text).not.toMatch(/stack|Error:|at async|\/work\/|src\/server|drizzle|postgres/i);
		}
	});

	it("answers wrong content types and form posts without a 500", async () => {
		await signedInCustomer(app, { email: "casey@example.com" });
		const before = await accountCounts(app);
		const body = JSON.stringify({ email: "casey@example.com", password: PASSWORD });
		for (const path of ["/api/account/sign-up", "/api/auth/sign-in/email"]) {
			for (const [contentType, payload] of [
				["text/plain", body],
				["application/x-www-form-urlencoded", `email=casey%40example.com&password=${PASSWORD}`],
				["multipart/form-data; boundary=x", "--x--"],
			] as const) {
				const client = new HttpClient(app.url);
				const res = await client.request("POST", path, payload, { "content-type": contentType });
				expect([400, 415]).toContain(res.status);
				expectError(res, res.status);
				expect(client.hasSession()).toBe(false);
			}
		}
		expect(await accountCounts(app)).toEqual(before);
	});

	it("ends 30 days after sign-in, however much it was used", async () => {
		const { client } = await signedInCustomer(app, { email: "casey@example.com" });
		const [session] = await app.db.select().from(sessions);
		// Used all along: every request leaves the end where sign-in put it.
		const { api } = client;
		for (const call of [() => api.me.$get(), () => api.customer.$get(), () => api.bills.$get()]) {
			expect((await read(call())).status).toBe(200);
		}
		const [after] = await app.db.select().from(sessions);
		expect(after!.expiresAt).toEqual(session!.expiresAt);
		expect((session!.expiresAt.getTime() - session!.createdAt.getTime()) / 86_400_000).toBeCloseTo(
			30,
			1,
		);

		// A session made 31 days ago whose end was pushed forward (as sliding sessions were) is over.
		await app.db.update(sessions).set({
			createdAt: sql`now() - interval '31 days'`,
			expiresAt: sql`now() + interval '20 days'`,
		});
		app.readCache.clear();
		expect((await read(client.api.me.$get())).json).toEqual({ user: null });
		expect((await read(client.api.customer.$get())).status).toBe(401);
	});
});

describe("compression", () => {
	/** The raw answer headers and byte count, as the wire carries them (fetch would decompress). */
	function rawGet(path: string) {
		return new Promise<{ headers: http.IncomingHttpHeaders; bytes: number }>((resolve, reject) => {
			http
				.get(`${app.url}${path}`, { headers: { "accept-encoding": "gzip" } }, (res) => {
					let bytes = 0;
					res.on("data", (chunk: Buffer) => {
						bytes += chunk.length;
					});
					res.on("end", () => resolve({ headers: res.headers, bytes }));
				})
				.on("error", reject);
		});
	}

	it("gzips large JSON answers and leaves short ones as they are, with their length", async () => {
		const short = await rawGet("/api/health");
		expect(short.headers["content-encoding"]).toBeUndefined();
		expect(Number(short.headers["content-length"])).toBe(short.bytes);
		const long = await rawGet("/api/openapi.json");
		expect(long.headers["content-encoding"]).toBe("gzip");
	});
});
