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

export type PagePath = (typeof PAGE_PATHS)[number];

const patterns = PAGE_PATHS.map(
	(p) => [p, new RegExp(`^${p.replace(/:[a-zA-Z]+/g, "[^/]+")}/?$`)] as const,
);

/** The page path a URL's path is, as listed above ("/bins/BHL-0001" is "/bins/:code"). */
export function pagePathOf(pathname: string): PagePath | undefined {
	return patterns.find(([, re]) => re.test(pathname))?.[0];
}

export function isPagePath(pathname: string): boolean {
	return pagePathOf(pathname) !== undefined;
}
