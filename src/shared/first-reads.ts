import type { PagePath } from "./routes.ts";

/**
 * The API reads a signed-in page makes as it starts, by page path (`:id` filled in from the
 * page's address). The server makes them while it serves the page and writes their answers into
 * it (server/features/web/first-reads.ts); the page's API client takes each answer instead of
 * asking (web/lib/first-reads.ts), so its data is there as soon as its scripts run, without a
 * round trip per card. A read listed here that the page no longer makes is only wasted work on the
 * server; a read missing here is asked for as before. The hostile-data guard
 * (tests/e2e/guard/hostile-data.spec.ts) opens each page and fails on a read that is missing here
 * or asked for again. (The business's profile is in every page already: GET /api/business only
 * refreshes it.)
 */
const OWNER = ["/api/owner/chat/unread"];

export const FIRST_READS: Partial<Record<PagePath, readonly string[]>> = {
	"/app": [
		"/api/quotes/latest",
		"/api/customer",
		"/api/contract",
		"/api/season-timeline",
		"/api/bookings",
		"/api/storage",
		"/api/renewal",
		"/api/chat/messages",
		"/api/service-requests",
		"/api/installation-media",
		"/api/notifications/push-key",
	],
	"/app/payments": ["/api/quotes/latest", "/api/bills", "/api/payments/setup", "/api/plan"],
	"/app/payments/checkout/:billId": ["/api/bills", "/api/payments/setup"],
	"/app/requests": ["/api/quotes/latest", "/api/service-requests"],
	"/app/profile": [
		"/api/quotes/approved",
		"/api/customer",
		"/api/contract",
		"/api/notifications/preferences",
		"/api/notifications/push-key",
	],
	"/app/booking": ["/api/bookings"],
	"/app/quote-request": ["/api/quotes/latest", "/api/renewal"],
	"/owner": [
		...OWNER,
		"/api/owner/dashboard",
		"/api/owner/quotes/counts",
		"/api/owner/renewals",
		"/api/owner/storage/alerts",
	],
	"/owner/quotes": [...OWNER, "/api/owner/quotes?status=all", "/api/owner/quotes/counts"],
	"/owner/requests": [...OWNER, "/api/owner/service-requests"],
	"/owner/settings": [
		...OWNER,
		"/api/owner/settings",
		"/api/owner/catalog",
		"/api/owner/season/settings",
		"/api/owner/season/windows",
		"/api/owner/mail-status",
		"/api/owner/automations",
		"/api/owner/contract-terms",
		"/api/owner/crew",
		"/api/crew/storage/locations",
		"/api/notifications/preferences",
		"/api/notifications/push-key",
	],
	"/owner/chat": [...OWNER, "/api/owner/chat/conversations"],
	"/owner/schedule": [...OWNER, "/api/owner/schedule"],
	"/owner/customer/:id": [
		...OWNER,
		"/api/owner/customers/:id",
		"/api/owner/customers/:id/season-timeline",
		"/api/owner/customers/:id/specs",
		"/api/owner/customers/:id/contracts",
	],
	"/owner/scan": [...OWNER, "/api/crew/storage/locations"],
	"/crew": ["/api/crew/days"],
	"/crew/day/:date": ["/api/crew/days/:date", "/api/crew/days/:date/bins"],
};
