/**
 * What the public pages' own entries share (home-entry.tsx, quote-entry.tsx, contact-entry.tsx):
 * they hydrate a prerendered page with React alone, without React Router, whose runtime and route
 * manifest (some 45 KB gzipped) these pages do not need: each is one prerendered page whose links
 * load other pages (decisions 006 and 018). scripts/page-entries.ts makes each entry an entry of
 * the client build, sharing React's chunks with the rest of the app, and react-router.config.ts adds
 * it to its prerendered page.
 */
import { type ReactNode, StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { listenForInstallPrompt } from "./features/pwa/install-prompt.ts";
import { registerServiceWorker } from "./features/pwa/register-service-worker.ts";
import { PageOverlays } from "./page-overlays.tsx";

// As early as possible: the browser may offer the install prompt before the page has hydrated.
listenForInstallPrompt();

/**
 * Hydrates the element `containerId`, which the page's route renders around the same `page`,
 * beside the toaster and the install banner (as the root layout does on other pages), then
 * registers the service worker. The page's links must be plain links (PlainPageLinks) in its
 * route and here alike, so both render the same markup.
 */
export function hydratePage(containerId: string, page: ReactNode) {
	const container = document.getElementById(containerId);
	if (!container) throw new Error(`#${containerId} is missing from the page`);
	// In a transition, as React Router hydrates the other pages: hydration yields to the browser.
	startTransition(() => {
		hydrateRoot(
			container,
			<StrictMode>
				{page}
				<PageOverlays bannerAboveTabs={false} />
			</StrictMode>,
		);
	});
	registerServiceWorker();
}
