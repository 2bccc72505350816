/**
 * Writes the service worker (build/client/sw.js) with workbox-build, from React Router's `buildEnd`
 * hook, so the prerendered HTML exists and is precached with the app's assets.
 *
 * - Precached: JS/CSS assets, the app icons and manifest, every prerendered page and the SPA
 *   fallback. Hashed assets are served cache-first from the precache.
 * - Page navigations go to the network first (a signed-in user always gets the current page and
 *   deploys show up at once); only when the network fails does the worker answer from the precache:
 *   a public page with its own prerendered HTML, an app page (/app*, /owner*, /auth*) with the SPA
 *   fallback, anything else with a redirect to the offline page.
 * - /api/* is never cached: nothing is stored at runtime, API calls match no route (the browser
 *   fetches them as if there were no worker), and an API link opened as a page (a file download)
 *   goes to the network like any other page.
 * - The Workbox runtime is inlined into sw.js (no CDN, no extra files, nothing for the CSP to allow).
 * - Web push (scripts/sw-push.js) is imported from sw-push.<hash>.js: shows every push and opens
 *   its page on a tap. The hash in the name makes a change to it a change of sw.js, so it updates.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { generateSW, type ManifestEntry, type RuntimeCaching } from "workbox-build";

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

/** Path prefixes of the single-page-app areas (signed-in customer app, owner area, sign-in). */
const APP_AREA_PATTERN = /^https?:\/\/[^/?#]+\/(?:app|owner|auth)(?:[/?#-]|$)/;

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

	const pushSource = fs.readFileSync(path.resolve("scripts/sw-push.js"));
	const pushFile = `sw-push.${createHash("sha256").update(pushSource).digest("hex").slice(0, 10)}.js`;
	for (const old of fs.readdirSync(clientDir))
		if (/^sw-push\.[0-9a-f]+\.js$/.test(old)) fs.rmSync(path.join(clientDir, old));
	fs.writeFileSync(path.join(clientDir, pushFile), pushSource);

	const { count, size, warnings } = await generateSW({
		swDest: path.join(clientDir, "sw.js"),
		importScripts: [`/${pushFile}`],
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
			navigation(APP_AREA_PATTERN, `${SPA_SHELL_PAGE}${PRECACHE_QUERY}`),
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
	return { precached: count, bytes: size, pages };
}

/** Network only; when the network fails, the given precached page. Nothing is cached at runtime. */
function navigation(urlPattern: RuntimeCaching["urlPattern"], fallbackURL: string): RuntimeCaching {
	return { urlPattern, handler: "NetworkOnly", options: { precacheFallback: { fallbackURL } } };
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
