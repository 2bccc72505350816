/** What a route module may export as `handle`, read by the root layout. */
export interface RouteHandle {
	/**
	 * The prerendered page carries none of React Router's scripts: an entry of its own hydrates it
	 * (the home, quote and contact pages: scripts/page-entries.ts lists them, and
	 * react-router.config.ts adds each entry to its page).
	 */
	ownEntry?: boolean;
}

export function isRouteHandle(handle: unknown): handle is RouteHandle {
	return typeof handle === "object" && handle !== null;
}
