import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { isPagePath, PAGE_PATHS } from "../../src/shared/routes.ts";
import routes from "../../src/web/routes.ts";
import { signedInCustomer } from "../support/accounts.ts";
import { HttpClient } from "../support/http-client.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

type RouteEntry = { path?: string; index?: boolean; children?: RouteEntry[] };

function routePaths(entries: RouteEntry[]): string[] {
	return entries.flatMap((r) => [
		...(r.index ? ["/"] : r.path && r.path !== "*" ? [`/${r.path}`] : []),
		...routePaths(r.children ?? []),
	]);
}

let app: TestApp | undefined;
afterEach(() => app?.close());

describe("pages", () => {
	it("the server knows exactly the web app's pages", () => {
		expect(routePaths(routes as RouteEntry[]).sort()).toEqual([...PAGE_PATHS].sort());
		expect(isPagePath("/owner/customer/abc")).toBe(true);
		expect(isPagePath("/owner/customer")).toBe(false);
		expect(isPagePath("/nope")).toBe(false);
	});

	it("answers an unknown page with 404 and logs its path", async () => {
		const lines: string[] = [];
		const logger = pino(
			{ level: "warn" },
			new Writable({
				write(chunk, _enc, done) {
					lines.push(String(chunk));
					done();
				},
			}),
		);
		app = await startTestApp({ logger });
		const res = await new HttpClient(app.url).get("/definitely/not/here");
		expect(res.status).toBe(404);
		const logged = lines.map((l) => JSON.parse(l)).find((l) => l.msg === "page not found");
		expect(logged?.path).toBe("/definitely/not/here");
	});

	it("answers a malformed %-escape in a page or API path with 400 or 404, never 500", async () => {
		app = await startTestApp();
		const client = new HttpClient(app.url);
		for (const path of [
			"/%ZZ",
			"/owner/customer/%E0%A4%A",
			"/app/%",
			"/api/%ZZ",
			"/assets/%ZZ.js",
		]) {
			const res = await client.get(path);
			expect([400, 404], path).toContain(res.status);
		}
	});
});

describe("the signed-in areas' pages", () => {
	it("carry the signed-in user as GET /api/me answers, never stored, and no one else's", async () => {
		const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "bhl-web-"));
		fs.writeFileSync(
			path.join(clientDir, "__spa-fallback.html"),
			"<!DOCTYPE html><html><head><title>App</title></head><body></body></html>",
		);
		app = await startTestApp({ clientDir });
		const customer = await signedInCustomer(app, { displayName: "Casey </script><b>Customer" });
		const sessionOf = (html: string) => {
			const json = html.match(
				/<script type="application\/json" id="session-data">(.*?)<\/script>/,
			)?.[1];
			return json === undefined ? undefined : JSON.parse(json);
		};
		const me = await customer.client.get("/api/me");
		for (const page of ["/app", "/app/profile", "/owner", "/crew", "/bins/BHL-0001"]) {
			const res = await customer.client.get(page);
			expect(res.status, page).toBe(200);
			expect(res.headers.get("cache-control"), page).toBe("private, no-store");
			expect(sessionOf(res.text), page).toEqual(me.json);
			// The name's "</script>" cannot end the element early.
			expect(res.text).not.toContain("</script><b>");
		}
		// The service worker's stored shell is the same for everyone: no user in it.
		expect(sessionOf((await customer.client.get("/app?precache")).text)).toBeUndefined();
		const visitor = new HttpClient(app.url);
		expect(sessionOf((await visitor.get("/app")).text)).toEqual({ user: null });
		// Pages outside the signed-in areas carry no one.
		expect(sessionOf((await customer.client.get("/app-home")).text)).toBeUndefined();
		expect(sessionOf((await customer.client.get("/auth")).text)).toBeUndefined();
	});
});
