import { afterEach, describe, expect, it } from "vitest";
import { parseEnv } from "../../src/server/env.ts";
import { clientFromHops } from "../../src/server/lib/security.ts";
import { HttpClient } from "../support/http-client.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

describe("the client's address behind proxies", () => {
	it("is the rightmost address that is not a trusted proxy", () => {
		const hops = ["6.6.6.6", "203.0.113.9", "10.0.0.2", "10.0.0.1"];
		expect(clientFromHops(hops, 1)).toBe("10.0.0.2");
		expect(clientFromHops(hops, 2)).toBe("203.0.113.9");
		expect(clientFromHops(hops, 9)).toBe("6.6.6.6");
		expect(clientFromHops(hops, ["10.0.0.0/8"])).toBe("203.0.113.9");
		expect(clientFromHops(hops, ["10.0.0.1"])).toBe("10.0.0.2");
		// A socket that is not a listed proxy is the client, whatever the header says.
		expect(clientFromHops(["1.1.1.1", "198.51.100.7"], ["10.0.0.0/8"])).toBe("198.51.100.7");
		expect(clientFromHops(["1.1.1.1", "::ffff:127.0.0.1"], ["127.0.0.1"])).toBe("1.1.1.1");
		expect(clientFromHops(["2001:db8::5", "::1"], ["::1/128"])).toBe("2001:db8::5");
		// Garbage in the header is never trusted as a proxy: it is the client's own word.
		expect(clientFromHops(["not-an-ip", "::1"], ["::1"])).toBe("not-an-ip");
	});

	it("reads TRUST_PROXY as off, a number of proxies, or their addresses", () => {
		const read = (TRUST_PROXY?: string) => parseEnv({ TRUST_PROXY }).TRUST_PROXY;
		expect(read()).toBe(false);
		expect(read("false")).toBe(false);
		expect(read("true")).toBe(1);
		expect(read("2")).toBe(2);
		expect(read("10.0.0.0/8, ::1")).toEqual(["10.0.0.0/8", "::1"]);
		expect(() => read("10.0.0.0/99")).toThrow(/TRUST_PROXY/);
		expect(() => read("proxy.local")).toThrow(/TRUST_PROXY/);
	});
});

describe("rate limits behind a proxy", () => {
	let app: TestApp;
	afterEach(() => app.close());

	const wrongPasswords = async (forwardedFor: (i: number) => string) => {
		const statuses: number[] = [];
		for (let i = 0; i < 30; i++) {
			const res = await new HttpClient(app.url).request(
				"POST",
				"/api/auth/sign-in/email",
				// Another account each time: an account's own limit (5 wrong passwords) stays far.
				{ email: `guess-${i}@example.com`, password: "wrong-password-1" },
				{ "x-forwarded-for": forwardedFor(i) },
			);
			statuses.push(res.status);
		}
		return statuses;
	};

	it("keys on the proxy's view of the client, so a rotating first entry changes nothing", async () => {
		app = await startTestApp({ env: { TRUST_PROXY: "true" } });
		const statuses = await wrongPasswords((i) => `198.51.100.${i}, 203.0.113.9`);
		expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
		expect(statuses.slice(10).every((s) => s === 429)).toBe(true);

		// Another client behind the same proxy has its own allowance.
		const other = await new HttpClient(app.url).request(
			"POST",
			"/api/auth/sign-in/email",
			{ email: "casey@example.com", password: "wrong-password-1" },
			{ "x-forwarded-for": "203.0.113.10" },
		);
		expect(other.status).toBe(401);
	});

	it("ignores X-Forwarded-For entirely when no proxy is trusted", async () => {
		app = await startTestApp();
		const statuses = await wrongPasswords((i) => `198.51.100.${i}`);
		expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
	});
});

describe("same-site requests behind a TLS proxy", () => {
	let app: TestApp;
	afterEach(() => app.close());

	const signInFrom = (origin: string, forwardedProto: string) =>
		new HttpClient(app.url).request(
			"POST",
			"/api/auth/sign-in/email",
			{ email: "casey@example.com", password: "wrong-password-1" },
			{ origin, "x-forwarded-proto": forwardedProto, "x-forwarded-for": "203.0.113.20" },
		);

	it("takes the visitor's HTTPS origin from a trusted proxy", async () => {
		app = await startTestApp({ env: { TRUST_PROXY: "true" } });
		const https = app.url.replace("http:", "https:");
		// Let through (a wrong password, not a cross-site refusal)...
		expect((await signInFrom(https, "https")).status).toBe(401);
		// ...but only as the proxy tells it, and never for another host.
		expect((await signInFrom(https, "http")).status).toBe(403);
		expect((await signInFrom("https://evil.example", "https")).status).toBe(403);
	});

	it("does not take it from the request itself when no proxy is trusted", async () => {
		app = await startTestApp();
		expect((await signInFrom(app.url.replace("http:", "https:"), "https")).status).toBe(403);
		expect((await signInFrom(app.url, "https")).status).toBe(401);
	});
});
