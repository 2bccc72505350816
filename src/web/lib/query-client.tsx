import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type * as React from "react";
import { useState } from "react";
import { ApiError } from "./api-client.ts";

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
	browserClient ??= createQueryClient();
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
