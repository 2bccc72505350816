/**
 * Writes the service worker (build/client/sw.js) with workbox-build, from React Router's `buildEnd`
 * hook, so the prerendered HTML exists and is precached with the app's assets.
 *
 * - Precached: JS/CSS assets, the app icons and manifest, every prerendered page and the SPA
 *   fallback. Hashed assets are served cache-first from the precache.
 * - Public pages and the sign-in pages go to the network first (deploys show up at once); only when
 *   the network fails does the worker answer from the precache: a public page with its own
 *   prerendered HTML, a sign-in page with the SPA fallback, anything else with a redirect to the
 *   offline page.
 * - Signed-in pages (/app*, /owner*, /crew*, /bins*) open from the device, as an installed app
 *   does: each page the server made for its signed-in user (it says until when, SIGNED_IN_UNTIL_HEADER)
 *   is kept, and opened from there at once while the new copy is fetched for next time; the page
 *   then brings its data up to date through its live stream, which replays what changed since the
 *   kept copy was made (decision 044). Kept pages go when the session ends, on signing in or out,
 *   when a sign-in page opens, and with a new build (scripts/sw-pages.js). With none kept, the network; offline, the SPA
 *   fallback. The installed app's start page (/app-home) goes straight to the last kept home page.
 *   A kept page also keeps the screen it last showed, its first paint (decision 050).
 * - /api/* is never cached: nothing is stored at runtime, API calls match no route (the browser
 *   fetches them as if there were no worker), and an API link opened as a page (a file download)
 *   goes to the network like any other page.
 * - The Workbox runtime is inlined into sw.js (no CDN, no extra files, nothing for the CSP to allow).
 * - Web push (scripts/sw-push.js) and the kept pages' clean-up (scripts/sw-pages.js) are imported
 *   from sw-push.<hash>.js and sw-pages.<hash>.js. The hash in the name makes a change to one a
 *   change of sw.js, so it updates.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { generateSW, type ManifestEntry, type RuntimeCaching } from "workbox-build";
import { SIGNED_IN_PAGES_CACHE, SIGNED_IN_UNTIL_HEADER } from "../src/shared/session-data.ts";

/**
 * Precached pages are stored under their page URL plus this query, never under the bare URL:
 * Workbox answers precached URLs cache-first, and navigations must try the network first. The server
 * ignores the query and sends the page with its own Content-Security-Policy (script hashes), which
 * the cached copy keeps; the .html files themselves are served without those hashes.
 */
const PRECACHE_QUERY = "?precache";

/**
 * Any app page that is not prerendered: the server answers it with __spa-fallback.html and that
 * file's CSP. Offline, every app page is rendered by the SPA fallback stored under this URL.
 */
const SPA_SHELL_PAGE = "/app";

/** The signed-in areas: the customer app, the owner's, the crew's and the bins' pages. */
const SIGNED_IN_AREA_PATTERN = /^https?:\/\/[^/?#]+\/(?:app|owner|crew|bins)(?:[/?#]|$)/;
/** The sign-in pages. */
const SIGN_IN_PATTERN = /^https?:\/\/[^/?#]+\/auth(?:[/?#]|$)/;
/** The installed app's start page (manifest.webmanifest). */
const START_PATTERN = /^https?:\/\/[^/?#]+\/app-home\/?(?:[?#]|$)/;
/** The most signed-in pages kept: the last ones opened. */
const KEPT_PAGES = 40;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

export interface ServiceWorkerResult {
	precached: number;
	bytes: number;
	pages: string[];
}

export async function writeServiceWorker(clientDir: string): Promise<ServiceWorkerResult> {
	const pages = prerenderedPages(clientDir);
	if (!pages.includes("/offline")) throw new Error("service worker: /offline is not prerendered");
	if (fs.existsSync(path.join(clientDir, SPA_SHELL_PAGE, "index.html")))
		throw new Error(`service worker: ${SPA_SHELL_PAGE} is prerendered; pick another SPA page`);
	if (!fs.existsSync(path.join(clientDir, "__spa-fallback.html")))
		throw new Error("service worker: build/client/__spa-fallback.html is missing");

	const imported = ["sw-push", "sw-pages"].map((name) => importedScript(clientDir, name));

	const { count, size, warnings } = await generateSW({
		swDest: path.join(clientDir, "sw.js"),
		importScripts: imported.map((file) => `/${file}`),
		globDirectory: clientDir,
		globPatterns: [
			"assets/**/*.{js,css,woff2,svg,png,webp}",
			"favicon.svg",
			"pwa-*.png",
			"maskable-icon-*.png",
			"apple-touch-icon-*.png",
			"manifest.webmanifest",
			"**/index.html",
			"__spa-fallback.html",
		],
		manifestTransforms: [(entries) => ({ manifest: entries.map(toPageEntry), warnings: [] })],
		// Vite puts a content hash in every file name under assets/.
		dontCacheBustURLsMatching: /^assets\//,
		mode: "production",
		inlineWorkboxRuntime: true,
		sourcemap: false,
		skipWaiting: true,
		clientsClaim: true,
		cleanupOutdatedCaches: true,
		// Starts the page request while the worker boots, so network-first costs no extra time.
		navigationPreload: true,
		runtimeCaching: [
			...pages.map((page) => navigation(pageUrlPattern(page), `${page}${PRECACHE_QUERY}`)),
			{ urlPattern: START_PATTERN, handler: openLastHome },
			{
				urlPattern: SIGNED_IN_AREA_PATTERN,
				handler: "StaleWhileRevalidate",
				options: {
					cacheName: SIGNED_IN_PAGES_CACHE,
					expiration: { maxEntries: KEPT_PAGES },
					precacheFallback: { fallbackURL: `${SPA_SHELL_PAGE}${PRECACHE_QUERY}` },
					plugins: [keptWhileSignedIn, keptScreenCarried],
				},
			},
			navigation(SIGN_IN_PATTERN, `${SPA_SHELL_PAGE}${PRECACHE_QUERY}`, [forgetsKeptPages]),
			// Last: any other page. When the network fails, send the browser to /offline (answered
			// above): the offline page's HTML only hydrates at its own URL. Both functions are copied
			// into sw.js as source text, so they must not use anything from this module.
			{
				urlPattern: ({ request }) => request.mode === "navigate",
				handler: "NetworkOnly",
				options: { plugins: [{ handlerDidError: async () => Response.redirect("/offline", 302) }] },
			},
		],
	});
	for (const warning of warnings) console.warn(`service worker: ${warning}`);
	// The worker's own code names the header and the cache as text: they must be the server's.
	const named: [string, string[]][] = [
		[path.join(clientDir, "sw.js"), [SIGNED_IN_UNTIL_HEADER, SIGNED_IN_PAGES_CACHE]],
		[path.resolve("scripts/sw-pages.js"), [SIGNED_IN_PAGES_CACHE]],
	];
	for (const [file, names] of named) {
		const text = fs.readFileSync(file, "utf8");
		for (const name of names)
			if (!text.includes(`"${name}"`))
				throw new Error(`service worker: ${file} must name "${name}"`);
	}
	return { precached: count, bytes: size, pages };
}

/**
 * Copies scripts/<name>.js to <name>.<hash>.js in the build (removing older copies), for sw.js to
 * import: its file name.
 */
function importedScript(clientDir: string, name: string): string {
	const source = fs.readFileSync(path.resolve(`scripts/${name}.js`));
	const file = `${name}.${createHash("sha256").update(source).digest("hex").slice(0, 10)}.js`;
	for (const old of fs.readdirSync(clientDir))
		if (new RegExp(`^${name}\\.[0-9a-f]+\\.js$`).test(old)) fs.rmSync(path.join(clientDir, old));
	fs.writeFileSync(path.join(clientDir, file), source);
	return file;
}

/*
 * The four objects below are copied into sw.js as source text: they must not use anything from
 * this module (the header and cache names are written out; the build checks they are the server's).
 */

/** A signed-in page is kept, and opened from the device, only until its user's session ends. */
const keptWhileSignedIn = {
	cacheWillUpdate: async ({ response }: { response: Response }) =>
		response.status === 200 && Number(response.headers.get("signed-in-until")) > Date.now()
			? response
			: null,
	cachedResponseWillBeUsed: async ({ cachedResponse }: { cachedResponse?: Response }) =>
		cachedResponse && Number(cachedResponse.headers.get("signed-in-until")) > Date.now()
			? cachedResponse
			: null,
};

/** A new copy of a kept page takes over the screen the one before kept (scripts/sw-pages.js, decision 050). */
const keptScreenCarried = {
	cacheWillUpdate: async ({ request, response }: { request: Request; response: Response }) =>
		// biome-ignore lint/suspicious/noExplicitAny: defined by sw-pages.js, which sw.js imports.
		(self as any).carryKeptScreen(request.url, response),
};

/** Opening a sign-in page forgets the kept pages: whoever signs in next must not open the last user's. */
const forgetsKeptPages = {
	handlerWillStart: async () => {
		await caches.delete("signed-in-pages");
	},
};

/**
 * The installed app's start page: the home page kept last (the customer's, the owner's or the
 * crew's), opened from the device; with none kept, the network, which sends each person home.
 */
async function openLastHome({
	request,
	event,
}: {
	request: Request;
	event: { preloadResponse?: Promise<Response | undefined> };
}) {
	const kept = await caches.open("signed-in-pages");
	let last: { home: string; at: number } | undefined;
	for (const home of ["/app", "/owner", "/crew"]) {
		const page = await kept.match(new URL(home, request.url).href);
		if (!page || !(Number(page.headers.get("signed-in-until")) > Date.now())) continue;
		const at = Date.parse(page.headers.get("date") ?? "") || 0;
		if (!last || at > last.at) last = { home, at };
	}
	if (last) return Response.redirect(last.home, 302);
	try {
		return (await event.preloadResponse) ?? (await fetch(request));
	} catch {
		return Response.redirect("/offline", 302);
	}
}

/** Network only; when the network fails, the given precached page. Nothing is cached at runtime. */
function navigation(
	urlPattern: RuntimeCaching["urlPattern"],
	fallbackURL: string,
	plugins: NonNullable<RuntimeCaching["options"]>["plugins"] = [],
): RuntimeCaching {
	return {
		urlPattern,
		handler: "NetworkOnly",
		options: { precacheFallback: { fallbackURL }, plugins },
	};
}

/** `/quote` matches /quote, /quote/ and /quote?x, on this origin. */
function pageUrlPattern(page: string): RegExp {
	const pathPart = page === "/" ? "/?" : `${escapeRegExp(page)}/?`;
	return new RegExp(`^https?://[^/?#]+${pathPart}(?:[?#]|$)`);
}

/** Page paths of the prerendered HTML files: index.html is "/", quote/index.html is "/quote". */
function prerenderedPages(clientDir: string): string[] {
	const pages: string[] = [];
	const walk = (dir: string) => {
		for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
			if (entry.isDirectory() && entry.name !== "assets") walk(path.join(dir, entry.name));
			else if (entry.name === "index.html") {
				const rel = path.relative(clientDir, dir).split(path.sep).join("/");
				pages.push(rel ? `/${rel}` : "/");
			}
		}
	};
	walk(clientDir);
	return pages.sort();
}

/** HTML files are precached under their page URL (see PRECACHE_QUERY); other files as they are. */
function toPageEntry<T extends ManifestEntry>(entry: T): T {
	if (entry.url === "__spa-fallback.html")
		return { ...entry, url: `${SPA_SHELL_PAGE}${PRECACHE_QUERY}` };
	if (entry.url === "index.html") return { ...entry, url: `/${PRECACHE_QUERY}` };
	if (entry.url.endsWith("/index.html"))
		return { ...entry, url: `/${entry.url.slice(0, -"/index.html".length)}${PRECACHE_QUERY}` };
	return entry;
}
