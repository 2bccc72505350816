import { lazy, Suspense, useEffect, useState } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches } from "react-router";
import appCss from "./app.css?url";
import { FullPageSpinner } from "./components/full-page-spinner.tsx";
import { listenForInstallPrompt, useInstallPrompt } from "./features/pwa/install-prompt.ts";
import { registerServiceWorker } from "./features/pwa/register-service-worker.ts";
import { isRouteHandle } from "./lib/route-handle.ts";

// As early as possible: the browser may offer the install prompt before the app has hydrated.
listenForInstallPrompt();

// Loaded when needed, so the public pages' first load carries neither.
const AppToaster = lazy(() => import("./lib/toaster.tsx"));
const InstallBanner = lazy(() =>
	import("./features/pwa/components/install-banner.tsx").then((m) => ({
		default: m.InstallBanner,
	})),
);

export function Layout({ children }: { children: React.ReactNode }) {
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
				<ScrollRestoration />
				<Scripts />
			</body>
		</html>
	);
}

/**
 * The toaster, loaded after hydration; on pages whose routes say they show no toast before the
 * visitor interacts, on the first interaction instead. A toast raised before it has mounted still
 * shows: sonner hands the toaster the toasts that are open when it subscribes.
 */
function DeferredToaster() {
	const afterInteraction = useMatches().some(
		(match) => isRouteHandle(match.handle) && match.handle.toastsAfterInteraction,
	);
	const [wanted, setWanted] = useState(false);
	useEffect(() => {
		if (wanted) return;
		// The visitor may have clicked or typed before the page hydrated.
		if (!afterInteraction || navigator.userActivation?.hasBeenActive) return setWanted(true);
		const want = () => setWanted(true);
		const events = ["pointerdown", "keydown"] as const;
		for (const type of events)
			window.addEventListener(type, want, { capture: true, passive: true });
		return () => {
			for (const type of events) window.removeEventListener(type, want, { capture: true });
		};
	}, [afterInteraction, wanted]);
	return wanted ? (
		<Suspense fallback={null}>
			<AppToaster />
		</Suspense>
	) : null;
}

export default function App() {
	const { bannerOpen } = useInstallPrompt();
	useEffect(registerServiceWorker, []);
	return (
		<>
			<Outlet />
			<DeferredToaster />
			{bannerOpen ? (
				<Suspense fallback={null}>
					<InstallBanner />
				</Suspense>
			) : null}
		</>
	);
}

export function HydrateFallback() {
	return <FullPageSpinner />;
}
