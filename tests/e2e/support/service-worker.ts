import { expect, type Page, type Request } from "@playwright/test";
import { SIGNED_IN_PAGES_CACHE } from "../../../src/shared/session-data.ts";

/** Waits until the service worker is active and controls the page (it claims open pages). */
export async function serviceWorkerControls(page: Page) {
	await page.evaluate(() => navigator.serviceWorker.ready);
	await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** The addresses of the signed-in pages the service worker keeps on this device (decision 044). */
export const keptPages = (page: Page) =>
	page.evaluate(async (cacheName) => {
		if (!(await caches.has(cacheName))) return [];
		return (await (await caches.open(cacheName)).keys()).map((r) => new URL(r.url).pathname);
	}, SIGNED_IN_PAGES_CACHE);

/** The text of the screen kept inside the kept copy of `path` (decision 050), or "" without one. */
export const keptScreenText = (page: Page, path: string) =>
	page.evaluate(
		async ({ cacheName, path }) => {
			const kept = await (await caches.open(cacheName)).match(new URL(path, location.href).href);
			const html = (await kept?.text()) ?? "";
			const screen = /<kept-screen[^>]*>([\s\S]*?)<\/kept-screen>/.exec(html)?.[1] ?? "";
			const parsed = new DOMParser().parseFromString(screen, "text/html");
			return parsed.body.textContent ?? "";
		},
		{ cacheName: SIGNED_IN_PAGES_CACHE, path },
	);

/**
 * Follows the service worker's own requests for `path`: a kept page, each time it opens, is fetched
 * again for next time. `arrived()` waits until every such request has finished, so what the server
 * changes after it is in none of the copies being kept.
 */
export function keptCopyFetches(page: Page, path: string) {
	const inFlight = new Set<Request>();
	const context = page.context();
	context.on("request", (request) => {
		if (request.serviceWorker() && new URL(request.url()).pathname === path) inFlight.add(request);
	});
	const done = (request: Request) => inFlight.delete(request);
	context.on("requestfinished", done);
	context.on("requestfailed", done);
	return { arrived: () => expect.poll(() => inFlight.size).toBe(0) };
}
