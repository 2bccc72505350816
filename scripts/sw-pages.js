/* The signed-in pages the service worker keeps (imported by sw.js; plain script, no modules).
 *
 * sw.js keeps each signed-in page the server made for its user ("signed-in-pages", see
 * scripts/service-worker.ts) and opens it from there while it fetches the new copy. A new build's
 * worker empties that cache as it takes over: the kept pages name the old build's scripts. */

self.addEventListener("activate", (event) => {
	event.waitUntil(caches.delete("signed-in-pages"));
});
