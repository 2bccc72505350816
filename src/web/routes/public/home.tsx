import { HOME_PAGE_ID, HomePage } from "../../features/home/home-page.tsx";
import type { RouteHandle } from "../../lib/route-handle.ts";
import { pageMeta } from "../../lib/seo.ts";

/**
 * Shows no toast before the visitor interacts (see PageOverlays). Prerendered without React
 * Router's scripts: src/web/home-entry.tsx hydrates the page.
 */
export const handle: RouteHandle = { ownEntry: true };

export function meta() {
	return pageMeta({
		title: "Buckeye Holiday Lights | Holiday Lighting in Canton, Akron & Cleveland",
		description:
			"Custom holiday light design, professional C9 LED installation, maintenance, takedown and storage for homes and businesses in Canton, Akron and Cleveland, Ohio. Get a free quote.",
		path: "/",
	});
}

export default function Home() {
	return (
		<div id={HOME_PAGE_ID}>
			<HomePage />
		</div>
	);
}
