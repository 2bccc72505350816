import type { QueryClient } from "@tanstack/react-query";
import { carriesFirstReads } from "./first-reads.ts";
import { queryClient } from "./query-client.tsx";

/**
 * How long a route waits for the data it asks for here, at most: the page's own answers come at
 * once, and a read the page does not carry is left for its card to show loading.
 */
const WAIT_MS = 200;

/**
 * A route's `clientLoader`: starts every read the route shows at first (`ask`: prefetches of its
 * queries) at once, rather than each card asking as it mounts; only when `allowed` (the signed-in
 * user may open the page: `mayOpen` of features/auth).
 *
 * On the page's first load these are answered from the page's HTML (lib/first-reads.ts) and the
 * route waits for them, so they are in the query cache before it renders. It then renders once,
 * with its data, within React Router's transition, which React splits into short tasks; otherwise
 * it would render its loading states, and its data would arrive as one long task that blocks the
 * phone. Later navigations do not wait: the page shows at once, each card loading.
 */
export async function firstData(
	allowed: Promise<boolean>,
	ask: (client: QueryClient) => Promise<unknown>[],
): Promise<null> {
	const fromPage = carriesFirstReads();
	// Nothing is asked for a page its visitor is about to be sent away from.
	if (!(await allowed)) return null;
	const asked = Promise.allSettled(ask(queryClient()));
	if (fromPage) await Promise.race([asked, new Promise((resolve) => setTimeout(resolve, WAIT_MS))]);
	return null;
}
