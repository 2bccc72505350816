import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** False while prerendering and while the page hydrates, true once React runs the page. */
export function useHydrated(): boolean {
	return useSyncExternalStore(
		subscribe,
		() => true,
		() => false,
	);
}
