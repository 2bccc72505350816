import { type Query, type QueryClient, useQueryClient } from "@tanstack/react-query";
import type * as React from "react";
import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { useKeepScreen } from "../../lib/kept-screen.ts";
import { whenQueriesSettle } from "../../lib/query-client.tsx";
import { LoadingState } from "./app-shell.tsx";

/** A page shows once nothing it asked for has been loading for this long... */
const QUIET_MS = 60;
/** ...or after this, whatever is still loading (it then shows its own loading state). */
const MOST_MS = 4000;

/** A query loading its first data, once it is fetching. */
const firstData = (query: Query) => query.state.data === undefined;
const loadingFirstData = (queryClient: QueryClient) =>
	queryClient.isFetching({ predicate: firstData }) > 0;

/**
 * Shows a signed-in page once its first data is in, all at once, so its cards do not push each
 * other down as each one's data arrives (a page of ten cards moved most of the screen on a phone).
 * Until then the page is laid out but not shown, under one loading state. "First data" is every
 * query without data yet: a page whose data is cached shows at once, while it refreshes.
 * Decision 038. A page with all its data is kept on the device as its screen (decision 050).
 */
export function SettledPage({ children }: { children: React.ReactNode }) {
	const { pathname } = useLocation();
	const queryClient = useQueryClient();
	// A page whose data is in the cache as it first renders (its route's loader put it there: a
	// page's first load, lib/first-data.ts) is shown in that render: laid out once, not hidden first.
	const [settled, setSettled] = useState<string | null>(() =>
		loadingFirstData(queryClient) ? null : pathname,
	);
	useEffect(() => {
		// The page's queries have started by now (its effects ran first): with all of its data
		// cached, it shows at once.
		const settle = () => setSettled(pathname);
		if (!loadingFirstData(queryClient)) {
			settle();
			return;
		}
		return whenQueriesSettle(
			queryClient,
			{ matching: firstData, quietMs: QUIET_MS, mostMs: MOST_MS },
			settle,
		);
	}, [pathname, queryClient]);
	const shown = settled === pathname;
	// Shown, the page has its first data: its screen is kept on the device.
	useKeepScreen(shown ? pathname : null);
	return (
		<>
			{shown ? null : <LoadingState />}
			<div className={shown ? "contents" : "invisible h-0 overflow-hidden"} aria-hidden={!shown}>
				{children}
			</div>
		</>
	);
}
