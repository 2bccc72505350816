/**
 * Every page path of the web app. The server answers 404 (and logs the path) for anything else,
 * and a test keeps this list equal to the web app's route config.
 */
export const PAGE_PATHS = [
	"/",
	"/quote",
	"/contact",
	"/privacy",
	"/terms",
	"/refunds",
	"/offline",
	"/auth",
	"/auth/reset-password",
	"/auth/confirm-email",
	"/app-home",
	"/app",
	"/app/payments",
	"/app/payments/checkout/:billId",
	"/app/requests",
	"/app/profile",
	"/app/quote-request",
	"/app/booking",
	"/owner",
	"/owner/chat",
	"/owner/quotes",
	"/owner/requests",
	"/owner/settings",
	"/owner/schedule",
	"/owner/customer/:id",
	"/owner/scan",
	"/owner/customer/:id/labels",
	"/crew",
	"/crew/day/:date",
	"/crew/scan",
	"/bins/:code",
] as const;

const patterns = PAGE_PATHS.map((p) => new RegExp(`^${p.replace(/:[a-zA-Z]+/g, "[^/]+")}/?$`));

export function isPagePath(pathname: string): boolean {
	return patterns.some((re) => re.test(pathname));
}
