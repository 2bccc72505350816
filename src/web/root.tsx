import { useContext, useEffect, useLayoutEffect } from "react";
import {
	UNSAFE_FrameworkContext as FrameworkContext,
	Link,
	Links,
	Meta,
	Outlet,
	Scripts,
	ScrollRestoration,
	useLocation,
	useMatches,
} from "react-router";
import appCss from "./app.css?url";
import { FullPageSpinner } from "./components/full-page-spinner.tsx";
import { PageLinkContext } from "./components/public/page-link.tsx";
import { listenForInstallPrompt } from "./features/pwa/install-prompt.ts";
import { registerServiceWorker } from "./features/pwa/register-service-worker.ts";
import { dropKeptScreen } from "./lib/kept-screen.ts";
import { isRouteHandle, type RouteHandle } from "./lib/route-handle.ts";
import { PageOverlays } from "./page-overlays.tsx";

// As early as possible: the browser may offer the install prompt before the app has hydrated.
listenForInstallPrompt();

/** App areas whose bottom tabs are fixed at the bottom of the screen (see AppShell). */
const TABBED_AREA = /^\/(?:app|owner)(?:\/|$)/;

/** Some matched route sets this flag in its `handle`. */
function useRouteFlag(flag: keyof RouteHandle): boolean {
	return useMatches().some((match) => isRouteHandle(match.handle) && match.handle[flag]);
}

/**
 * Whether the page carries React Router's scripts. A page whose route has an entry of its own (the
 * home, quote and contact pages) is prerendered without them, and the production build adds its
 * entry's script instead (react-router.config.ts). The single-page-app fallback, rendered at the home page's URL, keeps
 * them; so does every page in the browser and on the development server.
 */
function useRouterScripts(): boolean {
	const ownEntry = useRouteFlag("ownEntry");
	// React Router's own flag for the fallback's render: no public hook says so.
	const spaFallback = useContext(FrameworkContext)?.isSpaMode ?? false;
	return !(import.meta.env.SSR && import.meta.env.PROD && ownEntry && !spaFallback);
}

export function Layout({ children }: { children: React.ReactNode }) {
	const routerScripts = useRouterScripts();
	return (
		<html lang="en">
			<head>
				<meta charSet="utf-8" />
				<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
				<meta name="theme-color" content="#0f1b2d" />
				{/* With a precedence React puts the stylesheet ahead of the script preloads, so the
				    first paint does not wait behind them. */}
				<link rel="stylesheet" href={appCss} precedence="default" />
				<link rel="icon" href="/favicon.svg" type="image/svg+xml" />
				<link rel="manifest" href="/manifest.webmanifest" />
				<link rel="apple-touch-icon" href="/apple-touch-icon-180x180.png" />
				<meta name="mobile-web-app-capable" content="yes" />
				<meta name="apple-mobile-web-app-capable" content="yes" />
				<meta name="apple-mobile-web-app-title" content="Buckeye Lights" />
				<meta name="apple-mobile-web-app-status-bar-style" content="default" />
				<Meta />
				<Links />
			</head>
			<body>
				{children}
				{routerScripts ? (
					<>
						<ScrollRestoration />
						<Scripts />
					</>
				) : null}
			</body>
		</html>
	);
}

/** The first thing the app commits: a kept screen (decision 050) gives way to what it draws. */
function KeptScreenGives() {
	useLayoutEffect(dropKeptScreen, []);
	return null;
}

export default function App() {
	const { pathname } = useLocation();
	useEffect(registerServiceWorker, []);
	return (
		<>
			<KeptScreenGives />
			{/* Links between pages move within the app, without reloading. */}
			<PageLinkContext value={Link}>
				<Outlet />
			</PageLinkContext>
			<PageOverlays bannerAboveTabs={TABBED_AREA.test(pathname)} />
		</>
	);
}

export function HydrateFallback() {
	return <FullPageSpinner />;
}
