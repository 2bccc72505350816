import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import type { BusinessProfile } from "../../../shared/business.ts";
import { fillBusinessSlots } from "../../../shared/business-slots.ts";
import { pagePathOf } from "../../../shared/routes.ts";
import { SESSION_DATA_ID, SIGNED_IN_UNTIL_HEADER } from "../../../shared/session-data.ts";
import type { AppEnv } from "../../app-env.ts";
import { contentSecurityPolicy } from "../../lib/security.ts";
import { readSessionRecord } from "../auth/auth.middleware.ts";
import { getCachedBusinessProfile } from "../settings/settings.service.ts";
import { firstReads, type ReadApi } from "./first-reads.ts";
import { routePreloads } from "./route-preloads.ts";

interface HtmlPage {
	body: string;
	csp: string;
	/** The body filled with the business profile last asked for, and that profile's JSON. */
	filled?: { profile: string; body: string };
}

/** The page's HTML with the saved business profile in it (decision 016). */
function withProfile(page: HtmlPage, profile: BusinessProfile): string {
	const json = JSON.stringify(profile);
	if (page.filled?.profile !== json)
		page.filled = { profile: json, body: fillBusinessSlots(page.body, profile) };
	return page.filled.body;
}

/** The areas whose pages start from the signed-in user: the customer's, the owner's, the crew's. */
const SIGNED_IN_AREA = /^\/(?:app|owner|crew|bins)(?:\/|$)/;

/**
 * The signed-in user, as GET /api/me answers, written into the page as data (not a script the
 * browser runs), so the page need not ask before it reads its own data (decision 039).
 */
function withSession(html: string, me: { user: unknown; at?: number }): string {
	// `<` escaped: nothing in a name can close the element.
	const json = JSON.stringify(me).replaceAll("<", "\\u003c");
	return html.replace(
		"</head>",
		`<script type="application/json" id="${SESSION_DATA_ID}">${json}</script></head>`,
	);
}

/**
 * Serves the built web app: hashed assets cached for a year, prerendered pages as HTML,
 * other app pages through the SPA fallback (with the signed-in user in it, in the signed-in
 * areas), and a real 404 (logged) for unknown paths.
 */
export function createWebRoutes(clientDir: string, readApi: ReadApi) {
	const app = new Hono<AppEnv>();
	const pages = new Map<string, HtmlPage | null>();
	/** Each app page's own scripts, read from the build's manifest on first use. */
	let preloads: Map<string, string> | undefined;
	const fallbackFile = ["__spa-fallback.html", "index.html"]
		.map((f) => path.join(clientDir, f))
		.find((f) => fs.existsSync(f));

	function loadPage(file: string | undefined): HtmlPage | null {
		if (!file) return null;
		if (!pages.has(file)) {
			const body = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : null;
			pages.set(
				file,
				body === null ? null : { body, csp: contentSecurityPolicy(inlineScriptHashes(body)) },
			);
		}
		return pages.get(file) ?? null;
	}

	const built = fs.existsSync(clientDir);
	const root = path.relative(process.cwd(), clientDir) || ".";
	if (built)
		app.use(
			"/assets/*",
			serveStatic({
				root,
				// The .br and .gz copies the build wrote (scripts/precompress.ts).
				precompressed: true,
				onFound: (_path, c) => {
					c.header("cache-control", "public, max-age=31536000, immutable");
					c.header("vary", "Accept-Encoding");
				},
			}),
		);

	app.on(["GET", "HEAD"], "*", async (c, next) => {
		let pathname: string;
		try {
			pathname = decodeURIComponent(new URL(c.req.url).pathname);
		} catch {
			return c.text("This address is not valid.", 400); // a malformed %-escape, like /%ZZ
		}
		if (path.extname(pathname)) return next();
		const prerendered = pathname === "/" ? "index.html" : path.join(pathname, "index.html");
		const pagePath = pagePathOf(pathname);
		const known = pagePath !== undefined;
		const prerenderedPage = known ? loadPage(safeJoin(clientDir, prerendered)) : null;
		const page = prerenderedPage || loadPage(fallbackFile);
		if (!known) c.var.deps.logger.warn({ path: pathname }, "page not found");
		if (!page)
			return c.text("The web app has not been built yet: run npm run build.", known ? 503 : 404);
		const profile = await getCachedBusinessProfile(c.var.deps);
		c.header("content-security-policy", page.csp);
		let html = withProfile(page, profile);
		// The service worker's copy (?precache, scripts/service-worker.ts) is everyone's shell: no user,
		// and no one page's scripts.
		const shell = new URL(c.req.url).searchParams.has("precache");
		if (known && !prerenderedPage && !shell) {
			preloads ??= routePreloads(clientDir, page.body);
			const links = preloads.get(pagePath);
			if (links) html = html.replace("</head>", `${links}</head>`);
		}
		if (!known || shell || !SIGNED_IN_AREA.test(pathname)) {
			c.header("cache-control", "no-cache");
			return c.html(html, known ? 200 : 404);
		}
		c.header("cache-control", "private, no-store");
		const at = Date.now();
		const session = await readSessionRecord(c);
		if (!session) return c.html(withSession(html, { user: null }), 200);
		const { user } = session;
		// The service worker may open this page from the device until the session ends.
		c.header(SIGNED_IN_UNTIL_HEADER, String(session.expiresAt));
		// The page's first data, read as this user (after `at`: the live stream replays from there).
		const reads =
			c.req.method === "GET"
				? await firstReads(
						pagePath,
						pathname,
						{ request: c.req.raw, env: c.env, requestId: c.var.requestId },
						readApi,
					)
				: "";
		return c.html(withSession(html, { user, at }).replace("</body>", `${reads}</body>`), 200);
	});

	if (built)
		app.use(
			"*",
			serveStatic({
				root,
				precompressed: true,
				onFound: (file, c) => {
					// `file` is the copy sent: sw.js.br for sw.js to a browser that takes Brotli.
					const sent = file.replace(/\.(?:br|gz)$/, "");
					c.header("cache-control", sent.endsWith("sw.js") ? "no-cache" : "public, max-age=3600");
					c.header("vary", "Accept-Encoding");
				},
			}),
		);
	return app;
}

function safeJoin(dir: string, relative: string): string | undefined {
	const full = path.join(dir, relative);
	return full.startsWith(dir + path.sep) ? full : undefined;
}

/** sha256 sources for every inline executable script, so the CSP needs no 'unsafe-inline'. */
function inlineScriptHashes(html: string): string[] {
	const hashes = new Set<string>();
	for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
		const [, attrs = "", content = ""] = match;
		if (/\bsrc\s*=/.test(attrs) || /application\/ld\+json/.test(attrs) || !content) continue;
		hashes.add(`sha256-${createHash("sha256").update(content).digest("base64")}`);
	}
	return [...hashes];
}
