/* The signed-in pages the service worker keeps (imported by sw.js; plain script, no modules).
 *
 * sw.js keeps each signed-in page the server made for its user ("signed-in-pages", see
 * scripts/service-worker.ts) and opens it from there while it fetches the new copy. This empties
 * that cache when a new build takes over (the kept pages name the old build's scripts) and when
 * the sign-in pages open (whoever signs in next must not open the last user's pages). The page
 * itself empties it on signing in and out (features/auth/api.ts). */

const SIGNED_IN_PAGES = "signed-in-pages";

self.addEventListener("activate", (event) => {
	event.waitUntil(caches.delete(SIGNED_IN_PAGES));
});

self.addEventListener("fetch", (event) => {
	if (event.request.mode !== "navigate") return;
	const { pathname } = new URL(event.request.url);
	if (pathname === "/auth" || pathname.startsWith("/auth/"))
		event.waitUntil(caches.delete(SIGNED_IN_PAGES));
});
