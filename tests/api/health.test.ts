import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { HttpClient, read } from "../support/http-client.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/** A Content-Security-Policy header as directive name -> its source list. */
function parseCsp(header: string): Map<string, string[]> {
	const directives = new Map<string, string[]>();
	for (const part of header.split(";")) {
		const [name, ...sources] = part.trim().split(/\s+/);
		// The first occurrence of a directive wins; later duplicates are ignored by browsers.
		if (name && !directives.has(name.toLowerCase())) directives.set(name.toLowerCase(), sources);
	}
	return directives;
}

let app: TestApp;
beforeEach(async () => {
	app = await startTestApp();
});
afterEach(() => app.close());

describe("health and API description", () => {
	it("answers ready when the database answers", async () => {
		const res = await read(new HttpClient(app.url).api.health.$get());
		expect(res.status).toBe(200);
		expect(res.json).toEqual({ status: "ok", database: "ok", storage: "ok" });
	});

	it("describes every API operation, including sign-in, in OpenAPI", async () => {
		const res = await new HttpClient(app.url).get("/api/openapi.json");
		expect(res.status).toBe(200);
		expect(res.json.openapi).toBe("3.1.0");
		expect(Object.keys(res.json.paths)).toEqual(
			expect.arrayContaining([
				"/api/health",
				"/api/account/sign-up",
				"/api/me",
				"/api/auth/sign-in/email",
			]),
		);
		expect(res.json.paths["/api/auth/sign-up/email"]).toBeUndefined();
	});

	it("sets security headers on every response", async () => {
		const res = await read(new HttpClient(app.url).api.health.$get());
		const csp = parseCsp(res.headers.get("content-security-policy") ?? "");
		expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
		expect(csp.get("base-uri")).toEqual(["'none'"]);
		// Scripts only from our own origin (or exact hashes): no inline script may run.
		expect(csp.get("script-src")).toContain("'self'");
		expect(csp.get("script-src")).not.toContain("'unsafe-inline'");
		expect(csp.get("script-src")).not.toContain("'unsafe-eval'");
		expect(res.headers.get("x-content-type-options")).toBe("nosniff");
		expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
		expect(res.headers.get("strict-transport-security")).toBeNull();
	});

	it("answers unknown API paths with 404 JSON", async () => {
		const res = await new HttpClient(app.url).get("/api/nothing-here");
		expect(res.status).toBe(404);
		expect(res.json.error).toBe("Not found");
	});
});
