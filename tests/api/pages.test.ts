import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { precompress } from "../../scripts/precompress.ts";
import { FIRST_READS } from "../../src/shared/first-reads.ts";
import { isPagePath, PAGE_PATHS } from "../../src/shared/routes.ts";
import routes from "../../src/web/routes.ts";
import { signedInCustomer, signedInOwner } from "../support/accounts.ts";
import { approvedCustomer } from "../support/builders.ts";
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

/** A built web app of one empty single-page-app shell. */
function appShellOnly() {
	const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "bhl-web-"));
	fs.writeFileSync(
		path.join(clientDir, "__spa-fallback.html"),
		"<!DOCTYPE html><html><head><title>App</title></head><body></body></html>",
	);
	return clientDir;
}
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
		app = await startTestApp({ clientDir: appShellOnly() });
		const customer = await signedInCustomer(app, { displayName: "Casey </script><b>Customer" });
		const sessionOf = (html: string) => {
			const json = html.match(
				/<script type="application\/json" id="session-data">(.*?)<\/script>/,
			)?.[1];
			return json === undefined ? undefined : JSON.parse(json);
		};
		const me = await customer.client.get("/api/me");
		for (const page of ["/app", "/app/profile", "/owner", "/crew", "/bins/BHL-0001"]) {
			const before = Date.now();
			const res = await customer.client.get(page);
			expect(res.status, page).toBe(200);
			expect(res.headers.get("cache-control"), page).toBe("private, no-store");
			// With the server's clock when the page was served, as /api/me gives it.
			const { at, ...session } = sessionOf(res.text);
			expect(session, page).toEqual({ user: me.json.user });
			expect(at, page).toBeGreaterThanOrEqual(before);
			expect(at, page).toBeLessThanOrEqual(Date.now());
			// The service worker keeps the page on the device until the session ends, 30 days on.
			const until = Number(res.headers.get("signed-in-until"));
			expect(until - Date.now(), page).toBeGreaterThan(29 * 24 * 3600_000);
			expect(until - Date.now(), page).toBeLessThanOrEqual(30 * 24 * 3600_000);
			// The name's "</script>" cannot end the element early.
			expect(res.text).not.toContain("</script><b>");
		}
		// The service worker's stored shell is the same for everyone: no user in it.
		expect(sessionOf((await customer.client.get("/app?precache")).text)).toBeUndefined();
		const visitor = new HttpClient(app.url);
		const signedOut = await visitor.get("/app");
		expect(sessionOf(signedOut.text)).toEqual({ user: null });
		expect(signedOut.headers.get("signed-in-until")).toBeNull();
		expect((await customer.client.get("/app?precache")).headers.get("signed-in-until")).toBeNull();
		// Pages outside the signed-in areas carry no one.
		expect(sessionOf((await customer.client.get("/app-home")).text)).toBeUndefined();
		expect(sessionOf((await customer.client.get("/auth")).text)).toBeUndefined();
	});
});

describe("a signed-in page's first reads", () => {
	it("come in the page, answered as the visitor, and only what they may read", async () => {
		app = await startTestApp({ clientDir: appShellOnly() });
		const owner = await signedInOwner(app);
		const approved = await approvedCustomer(app, {
			owner,
			displayName: "Casey </script><b>Customer",
		});
		const casey = approved;
		const pat = await signedInCustomer(app, { email: "pat@example.test", displayName: "Pat" });
		const readsOf = (html: string) =>
			new Map(
				[
					...html.matchAll(/<script type="application\/json" data-read="([^"]+)">(.*?)<\/script>/g),
				].map((m) => [m[1]!, JSON.parse(m[2]!)]),
			);

		// Each customer's page holds that customer's answers, exactly as the API gives them.
		for (const who of [casey, pat]) {
			const page = readsOf((await who.client.get("/app/profile")).text);
			expect([...page.keys()]).toEqual(FIRST_READS["/app/profile"]);
			for (const [read, answer] of page)
				expect(answer, read).toEqual((await who.client.get(read)).json);
		}
		const html = (await casey.client.get("/app/profile")).text;
		expect(readsOf(html).get("/api/customer")).toBeDefined();
		expect(html).not.toContain("</script><b>");

		// The owner's reads of a customer's page name that customer; an odd address reads nothing.
		const id = approved.record.id;
		const ownerPage = readsOf((await owner.client.get(`/owner/customer/${id}`)).text);
		expect(ownerPage.get(`/api/owner/customers/${id}`)).toEqual(
			(await owner.client.get(`/api/owner/customers/${id}`)).json,
		);
		expect(readsOf((await owner.client.get("/owner/customer/a'b")).text).size).toBe(0);

		// A customer at an owner's address gets none of the owner's answers (each is refused), only
		// their own notification choices; a visitor gets none at all.
		expect([...readsOf((await casey.client.get("/owner/settings")).text).keys()]).toEqual([
			"/api/notifications/preferences",
			"/api/notifications/push-key",
		]);
		expect(readsOf((await new HttpClient(app.url).get("/app")).text).size).toBe(0);
		// The service worker's shell is everyone's.
		expect(readsOf((await casey.client.get("/app?precache")).text).size).toBe(0);
	});
});

describe("the build's files", () => {
	it("go as the build compressed them, in the encoding the browser takes", async () => {
		const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "bhl-web-"));
		fs.mkdirSync(path.join(clientDir, "assets"));
		const script = `export const lights = ${JSON.stringify("C9 LED ".repeat(400))};\n`;
		fs.writeFileSync(path.join(clientDir, "assets", "app-abc123.js"), script);
		fs.writeFileSync(path.join(clientDir, "sw.js"), `// worker\n${script}`);
		fs.writeFileSync(path.join(clientDir, "__spa-fallback.html"), "<!DOCTYPE html><html></html>");
		expect(precompress(clientDir).files).toBe(2);
		app = await startTestApp({ clientDir });
		const { url } = app;
		const get = (file: string, encoding: string) =>
			fetch(`${url}${file}`, { headers: { "accept-encoding": encoding } });

		for (const [encoding, expected] of [
			["br, gzip", "br"],
			["gzip, deflate", "gzip"],
			["identity", null],
		] as const) {
			const res = await get("/assets/app-abc123.js", encoding);
			expect(res.headers.get("content-encoding"), encoding).toBe(expected);
			expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
			expect(res.headers.get("vary")).toBe("Accept-Encoding");
			// fetch decodes the body: it is the script itself.
			expect(await res.text()).toBe(script);
		}
		// The worker is asked for again on every visit, compressed or not.
		const worker = await get("/sw.js", "br");
		expect(worker.headers.get("content-encoding")).toBe("br");
		expect(worker.headers.get("cache-control")).toBe("no-cache");
		expect(await worker.text()).toBe(`// worker\n${script}`);
	});
});

describe("the app's pages", () => {
	it("name their own scripts in the page, beside the entry's", async () => {
		const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "bhl-web-"));
		fs.mkdirSync(path.join(clientDir, "assets"));
		const route = (id: string, fields: object) => ({ id, module: `/assets/${id}.js`, ...fields });
		const manifest = {
			entry: { module: "/assets/entry.js", imports: ["/assets/react.js"] },
			routes: {
				root: route("root", { path: "", imports: ["/assets/react.js"] }),
				home: route("home", { parentId: "root", index: true }),
				"owner-layout": route("owner-layout", { parentId: "root", imports: ["/assets/shell.js"] }),
				customer: route("customer", {
					parentId: "owner-layout",
					path: "owner/customer/:id",
					imports: ["/assets/shell.js", "/assets/react.js", "/assets/bills.js"],
				}),
			},
		};
		fs.writeFileSync(
			path.join(clientDir, "assets", "manifest-abc.js"),
			`window.__reactRouterManifest=${JSON.stringify(manifest)};`,
		);
		const preload = (href: string) => `<link rel="modulepreload" href="${href}"/>`;
		fs.writeFileSync(
			path.join(clientDir, "__spa-fallback.html"),
			`<!DOCTYPE html><html><head>${["/assets/manifest-abc.js", "/assets/entry.js", "/assets/react.js", "/assets/root.js"].map(preload).join("")}</head><body></body></html>`,
		);
		app = await startTestApp({ clientDir });
		const { url } = app;
		const preloads = async (page: string) =>
			[
				...(await new HttpClient(url).get(page)).text.matchAll(/modulepreload" href="([^"]+)"/g),
			].map((m) => m[1]);
		const own = [
			"/assets/owner-layout.js",
			"/assets/shell.js",
			"/assets/customer.js",
			"/assets/bills.js",
		];
		// The layout first, then the page, each named once, none the page already had.
		expect((await preloads("/owner/customer/c-42")).slice(4)).toEqual(own);
		// The service worker's stored shell serves every page: it names no one page's scripts.
		expect(await preloads("/owner/customer/c-42?precache")).toHaveLength(4);
		expect(await preloads("/no-such-page")).toHaveLength(4);
	});
});
