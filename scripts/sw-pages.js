/* The signed-in pages the service worker keeps (imported by sw.js; plain script, no modules).
 *
 * sw.js keeps each signed-in page the server made for its user ("signed-in-pages", see
 * scripts/service-worker.ts) and opens it from there while it fetches the new copy. A new build's
 * worker empties that cache as it takes over: the kept pages name the old build's scripts.
 *
 * A kept page also keeps the last screen it showed (decision 050): the page sends its markup
 * ("keep-screen", lib/kept-screen.ts), and it goes into the page's copy as the body's
 * first element, <kept-screen>, which React's hydration skips. The new copy fetched on each open
 * takes the screen over from the one it replaces (keptScreenCarried in sw.js). */

self.addEventListener("activate", (event) => {
	event.waitUntil(caches.delete("signed-in-pages"));
});

const KEPT_SCREEN = /<kept-screen[\s\S]*?<\/kept-screen>/;

/** The page's HTML with `keptScreen` (a whole <kept-screen> element) first in its body, in place of any before. */
function withKeptScreen(page, keptScreen) {
	const body = /<body[^>]*>/i.exec(page);
	if (!body) return page;
	const at = body.index + body[0].length;
	return page.slice(0, at) + keptScreen + page.slice(at).replace(KEPT_SCREEN, "");
}

/** `response` (a page) with `keptScreen` in it, headers kept but for its body's stored length and encoding. */
async function pageWithKeptScreen(response, keptScreen) {
	const headers = new Headers(response.headers);
	headers.delete("content-length");
	headers.delete("content-encoding");
	const page = withKeptScreen(await response.text(), keptScreen);
	return new Response(page, { status: response.status, statusText: response.statusText, headers });
}

/** The kept screen of the copy of `url` on the device, or null. */
async function keptScreenOf(url) {
	const kept = await (await caches.open("signed-in-pages")).match(url);
	return kept ? (KEPT_SCREEN.exec(await kept.text())?.[0] ?? null) : null;
}

/** A new copy of a kept page, with the screen of the copy it replaces (sw.js's keptScreenCarried). */
self.carryKeptScreen = async (url, response) => {
	const keptScreen = await keptScreenOf(url);
	return keptScreen ? pageWithKeptScreen(response, keptScreen) : response;
};

self.addEventListener("message", (event) => {
	const { type, url, screen } = event.data ?? {};
	if (type !== "keep-screen" || typeof url !== "string" || typeof screen !== "string") return;
	// Only a page of this origin that the device keeps.
	if (!url.startsWith(`${self.location.origin}/`)) return;
	event.waitUntil(
		(async () => {
			const cache = await caches.open("signed-in-pages");
			const kept = await cache.match(url);
			if (!kept) return;
			const keptScreen = `<kept-screen aria-hidden="true">${screen}</kept-screen>`;
			await cache.put(url, await pageWithKeptScreen(kept, keptScreen));
		})(),
	);
});
