/**
 * The home page's script, in place of React Router's. React Router's runtime and route manifest
 * (some 43 KB gzipped) would take the page over its budget of 120 KB of JavaScript, and the page
 * needs neither: it is one prerendered page whose links load other pages. This entry hydrates the
 * same components with React alone: the business profile and the visitor's account link refresh
 * from the API, Download App and the install banner work, the toaster loads on the first
 * interaction, and the service worker registers. scripts/home-entry.ts makes this file an entry
 * of the client build, sharing React's chunks with the rest of the app, and react-router.config.ts
 * adds it to the prerendered page.
 */
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HOME_PAGE_ID, HomePage } from "./features/home/home-page.tsx";
import { listenForInstallPrompt } from "./features/pwa/install-prompt.ts";
import { registerServiceWorker } from "./features/pwa/register-service-worker.ts";
import { PageOverlays } from "./page-overlays.tsx";

// As early as possible: the browser may offer the install prompt before the page has hydrated.
listenForInstallPrompt();

const container = document.getElementById(HOME_PAGE_ID);
if (!container) throw new Error(`#${HOME_PAGE_ID} is missing from the home page`);
// In a transition, as React Router hydrates the other pages: hydration yields to the browser.
startTransition(() => {
	hydrateRoot(
		container,
		<StrictMode>
			<HomePage />
			<PageOverlays toastsAfterInteraction bannerAboveTabs={false} />
		</StrictMode>,
	);
});
registerServiceWorker();
