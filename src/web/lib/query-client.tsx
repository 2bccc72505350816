import {
	type Query,
	QueryClient,
	QueryClientProvider,
	timeoutManager,
} from "@tanstack/react-query";
import type * as React from "react";
import { useState } from "react";
import { ApiError } from "./api-client.ts";
import { coalescedTimers } from "./coalesced-timers.ts";

function createQueryClient() {
	return new QueryClient({
		defaultOptions: {
			queries: {
				// Read within the last few seconds: a card that mounts then (after the page asked for its
				// data ahead) takes it as it is. Changes come through the live stream and mutations,
				// which refetch what they change whatever its age.
				staleTime: 5000,
				// Client errors will not get better by asking again.
				retry: (count, error) =>
					!(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 3,
			},
		},
	});
}

let browserClient: QueryClient | undefined;

/**
 * One query cache for the whole visit in the browser, so moving between areas keeps it; a fresh one
 * for each page rendered at build time.
 */
export function queryClient() {
	if (typeof window === "undefined") return createQueryClient();
	if (!browserClient) {
		timeoutManager.setTimeoutProvider(coalescedTimers());
		browserClient = createQueryClient();
	}
	return browserClient;
}

/**
 * TanStack Query for the pages that use it: the app and owner areas, sign-in and the quote form.
 * The static public pages leave it out, so their first load stays small.
 */
export function QueryProvider({ children }: { children: React.ReactNode }) {
	const [client] = useState(queryClient);
	return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/**
 * Calls `then` once no query `matching` (all by default) has been fetching for `quietMs`, or after
 * `mostMs` whatever is still loading; returns what cancels it. The cache tells of each observer
 * and fetch (dozens as a page mounts): a burst of them is looked at once, when its quiet time is up.
 */
export function whenQueriesSettle(
	client: QueryClient,
	options: { matching?: (query: Query) => boolean; quietMs: number; mostMs: number },
	then: () => void,
): () => void {
	const { matching, quietMs, mostMs } = options;
	let quiet: ReturnType<typeof setTimeout> | undefined;
	let stirred = false;
	const look = () => {
		quiet = undefined;
		if (stirred) return listen();
		if (client.isFetching(matching && { predicate: matching }) === 0) done();
	};
	function listen() {
		stirred = quiet !== undefined;
		quiet ??= setTimeout(look, quietMs);
	}
	const unsubscribe = client.getQueryCache().subscribe(listen);
	const most = setTimeout(done, mostMs);
	function cancel() {
		unsubscribe();
		clearTimeout(quiet);
		clearTimeout(most);
	}
	function done() {
		cancel();
		then();
	}
	listen();
	return cancel;
}
