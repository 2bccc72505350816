import { CONTACT_PAGE_ID, ContactPage } from "../../features/leads/components/contact-page.tsx";
import type { RouteHandle } from "../../lib/route-handle.ts";
import { pageMeta } from "../../lib/seo.ts";

/**
 * Shows no toast before the visitor interacts (see PageOverlays). Prerendered without React
 * Router's scripts: src/web/contact-entry.tsx hydrates the page.
 */
export const handle: RouteHandle = { ownEntry: true };

export function meta() {
	return pageMeta({
		title: "Contact Us | Buckeye Holiday Lights",
		description:
			"Questions about holiday lighting in Canton, Akron or Cleveland? Call, e-mail or send us a message; we reply within 24 hours on business days.",
		path: "/contact",
	});
}

export default function Contact() {
	return (
		<div id={CONTACT_PAGE_ID}>
			<ContactPage />
		</div>
	);
}
