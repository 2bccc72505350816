import { useEffect } from "react";

/**
 * The last screen a signed-in page showed, kept inside the page's copy on the device (decision
 * 050). The service worker opens a kept page at once (decision 044); its first paint is then this
 * screen as the person left it, where it was a spinner until the scripts had run, and the app
 * takes its place as it draws. The element is not one React renders, so hydration skips it.
 */
const KEPT_SCREEN_TAG = "kept-screen";

/** Marks the element a signed-in layout draws its screen in: the one that is kept. */
const SCREEN_ATTRIBUTE = "data-screen";

/**
 * Sends the screen on show to the service worker, which puts it into this page's kept copy if the
 * device keeps one (scripts/sw-pages.js): when the page has shown its data and whenever the app
 * goes to the background. No ids go with it (the app's own elements carry them as it draws), nor
 * scripts, video or canvas.
 */
function keepScreen(): void {
	const screen = document.querySelector(`[${SCREEN_ATTRIBUTE}]`);
	const worker = navigator.serviceWorker?.controller;
	if (!screen || !worker) return;
	const copy = screen.cloneNode(true) as Element;
	for (const element of copy.querySelectorAll("script, video, canvas, iframe")) element.remove();
	for (const element of [copy, ...copy.querySelectorAll("[id]")]) element.removeAttribute("id");
	// Nothing in it takes focus or a tap; the <kept-screen> around it takes the taps instead, so
	// none reaches the page below while it is still drawing.
	copy.setAttribute("inert", "");
	const url = location.href.split("#")[0] ?? location.href;
	worker.postMessage({ type: "keep-screen", url, screen: copy.outerHTML });
}

/** How long after a page shows its data its screen is kept, if the browser is not idle sooner. */
const KEEP_WITHIN_MS = 2000;

/**
 * A signed-in page's side: once the page shows all its data (`complete`: the page, e.g. its path,
 * or null until then: SettledPage's, the label sheet's), its screen is kept (keepScreen) when the
 * browser is next idle, and each time the app goes to the background; again for each page.
 */
export function useKeepScreen(complete: string | null): void {
	useEffect(() => {
		if (complete === null) return;
		// Safari has no idle callback.
		const idle = "requestIdleCallback" in window;
		const soon = idle
			? requestIdleCallback(keepScreen, { timeout: KEEP_WITHIN_MS })
			: window.setTimeout(keepScreen, KEEP_WITHIN_MS);
		const hidden = () => {
			if (document.visibilityState === "hidden") keepScreen();
		};
		document.addEventListener("visibilitychange", hidden);
		return () => {
			if (idle) cancelIdleCallback(soon);
			else window.clearTimeout(soon);
			document.removeEventListener("visibilitychange", hidden);
		};
	}, [complete]);
}

/**
 * The app's first commit: the kept screen gives way to what the app drew, in the same task, so the
 * two are never in the page together.
 */
export function dropKeptScreen(): void {
	document.querySelector(`body > ${KEPT_SCREEN_TAG}`)?.remove();
}
