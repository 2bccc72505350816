import { useSyncExternalStore } from "react";

/** The event Chromium fires when the app can be installed (not in TypeScript's DOM types). */
interface BeforeInstallPromptEvent extends Event {
	prompt(): Promise<unknown>;
	readonly userChoice: Promise<{ outcome: "accepted" | "dismissed"; platform?: string }>;
}

interface InstallPromptState {
	/** The held `beforeinstallprompt` event; a prompt can be shown once, so it is cleared after. */
	event: BeforeInstallPromptEvent | null;
	/**
	 * The browser offers and the banner was not closed on this page: the banner shows, unless the
	 * person declined it lately (its own module remembers that, decision 051). Closing it keeps the
	 * event for Download App.
	 */
	bannerOpen: boolean;
}

const HIDDEN: InstallPromptState = { event: null, bannerOpen: false };
let state = HIDDEN;
const listeners = new Set<() => void>();

function setState(next: InstallPromptState) {
	state = next;
	for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
	listeners.add(listener);
	return () => {
		listeners.delete(listener);
	};
}

let listening = false;

/**
 * Holds the browser's install prompt instead of letting it show its own. Called once when the
 * root module loads, before hydration, because the browser may offer the prompt that early.
 */
export function listenForInstallPrompt() {
	if (listening || typeof window === "undefined") return;
	listening = true;
	window.addEventListener("beforeinstallprompt", (event) => {
		event.preventDefault();
		setState({ event: event as BeforeInstallPromptEvent, bannerOpen: true });
	});
	window.addEventListener("appinstalled", () => setState(HIDDEN));
}

export function useInstallPrompt(): InstallPromptState {
	return useSyncExternalStore(
		subscribe,
		() => state,
		() => HIDDEN,
	);
}

/** Closes the banner on this page; the held offer stays for Download App. */
export function hideInstallBanner() {
	if (state.bannerOpen) setState({ ...state, bannerOpen: false });
}

/**
 * Shows the held install prompt (call it straight from a click: browsers want a user gesture),
 * hides the banner, clears the event and logs the person's choice.
 * Resolves to "unavailable" when the browser has not offered a prompt.
 */
export async function promptInstall(): Promise<"accepted" | "dismissed" | "unavailable"> {
	const { event } = state;
	if (!event) return "unavailable";
	const shown = event.prompt();
	setState(HIDDEN);
	try {
		await shown;
		const { outcome } = await event.userChoice;
		console.info(`Install prompt: the user ${outcome} the installation`);
		return outcome;
	} catch (error) {
		console.warn("Install prompt could not be shown", error);
		return "unavailable";
	}
}
