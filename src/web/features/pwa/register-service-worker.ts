/**
 * Registers the service worker (build/client/sw.js, made at build time by scripts/service-worker.ts)
 * once the page has loaded, so its precaching never competes with the first render. Production
 * builds only: the dev server has no sw.js, and a worker would serve stale modules there.
 */
export function registerServiceWorker() {
	if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
	const register = () => {
		navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch((error: unknown) => {
			console.warn("Service worker registration failed", error);
		});
	};
	if (document.readyState === "complete") register();
	else window.addEventListener("load", register, { once: true });
}
