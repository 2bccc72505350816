import { lazy, Suspense, useEffect, useState } from "react";
import { useInstallPrompt } from "./features/pwa/install-prompt.ts";
import { hasRaisedToast, TOAST_RAISED } from "./lib/toast.ts";

// Loaded when needed, so the public pages' first load carries neither.
const AppToaster = lazy(() => import("./lib/toaster.tsx"));
const InstallBanner = lazy(() =>
	import("./features/pwa/components/install-banner.tsx").then((m) => ({
		default: m.InstallBanner,
	})),
);

/**
 * The toaster and the install banner (SPEC section 4) over every page: the root layout renders them
 * beside the routes, the public pages' own entries (src/web/hydrate-page.tsx) beside their page.
 * The toaster loads on the visitor's first click or key press, or when the page raises a toast
 * through src/web/lib/toast.ts, not with the page. `bannerAboveTabs`: the page has bottom tabs
 * fixed at the bottom of the screen.
 */
export function PageOverlays({ bannerAboveTabs }: { bannerAboveTabs: boolean }) {
	const { bannerOpen } = useInstallPrompt();
	return (
		<>
			<DeferredToaster />
			{bannerOpen ? (
				<Suspense fallback={null}>
					<InstallBanner aboveTabs={bannerAboveTabs} />
				</Suspense>
			) : null}
		</>
	);
}

/**
 * The toaster, loaded on the first interaction or toast. A toast raised before it has mounted still
 * shows: sonner hands the toaster the toasts that are open when it subscribes.
 */
function DeferredToaster() {
	const [wanted, setWanted] = useState(false);
	useEffect(() => {
		if (wanted) return;
		// The visitor may have clicked or typed before the page hydrated.
		if (navigator.userActivation?.hasBeenActive || hasRaisedToast()) return setWanted(true);
		const want = () => setWanted(true);
		const events = ["pointerdown", "keydown", TOAST_RAISED] as const;
		for (const type of events)
			window.addEventListener(type, want, { capture: true, passive: true });
		return () => {
			for (const type of events) window.removeEventListener(type, want, { capture: true });
		};
	}, [wanted]);
	return wanted ? (
		<Suspense fallback={null}>
			<AppToaster />
		</Suspense>
	) : null;
}
