/** Business dates are calendar days in America/New_York, as YYYY-MM-DD strings. */
export const BUSINESS_TIME_ZONE = "America/New_York";

const isoDay = new Intl.DateTimeFormat("en-CA", {
	timeZone: BUSINESS_TIME_ZONE,
	year: "numeric",
	month: "2-digit",
	day: "2-digit",
});

/** The business's calendar day at `instant`. */
export function businessDate(instant: Date = new Date()): string {
	return isoDay.format(instant);
}

/** `days` calendar days after an ISO date. */
export function addDays(isoDate: string, days: number): string {
	const [y, m, d] = isoDate.split("-").map(Number) as [number, number, number];
	return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** "Dec 24, 2026" for an ISO date, independent of the viewer's time zone. */
export function formatDate(isoDate: string): string {
	const [y, m, d] = isoDate.split("-").map(Number) as [number, number, number];
	return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString("en-US", {
		timeZone: "UTC",
		month: "short",
		day: "numeric",
		year: "numeric",
	});
}
