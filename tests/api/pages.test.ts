import { Writable } from "node:stream";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { isPagePath, PAGE_PATHS } from "../../src/shared/routes.ts";
import routes from "../../src/web/routes.ts";
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
