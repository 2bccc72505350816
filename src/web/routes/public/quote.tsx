import {
	PublicQuotePage,
	QUOTE_PAGE_ID,
} from "../../features/quotes/components/public-quote-page.tsx";
import type { RouteHandle } from "../../lib/route-handle.ts";
import { pageMeta } from "../../lib/seo.ts";

/**
 * Shows no toast before the visitor interacts, unless the form raises one (see PageOverlays).
 * Prerendered without React Router's scripts: src/web/quote-entry.tsx hydrates the page.
 */
export const handle: RouteHandle = { ownEntry: true };

export function meta() {
	return pageMeta({
		title: "Get Your Free Quote | Buckeye Holiday Lights",
		description:
			"Request a free holiday lighting quote in Canton, Akron or Cleveland. Choose your services, add photos of your home and get an instant estimate in seconds.",
		path: "/quote",
	});
}

export default function Quote() {
	return (
		<div id={QUOTE_PAGE_ID}>
			<PublicQuotePage />
		</div>
	);
}
