/** What a route module may export as `handle`, read by the root layout. */
export interface RouteHandle {
	/**
	 * The page shows no toast before the visitor does something (clicks, taps, types), so the
	 * toaster loads on their first interaction instead of with the page.
	 */
	toastsAfterInteraction?: boolean;
}

export function isRouteHandle(handle: unknown): handle is RouteHandle {
	return typeof handle === "object" && handle !== null;
}
