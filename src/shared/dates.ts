/** Business dates are calendar days in America/New_York, as YYYY-MM-DD strings. */
export const BUSINESS_TIME_ZONE = "America/New_York";

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * `Intl.DateTimeFormat(locale, options)`, built once per locale and options. Building one loads
 * the locale's data: about a millisecond on a phone, so `toLocaleDateString(locale, options)`,
 * which builds one on every call, costs a list of 200 dates a fifth of a second. Built on first
 * use, never when a module loads.
 */
export function dateFormat(
	options: Intl.DateTimeFormatOptions,
	locale: string | undefined = "en-US",
): Intl.DateTimeFormat {
	const key = `${locale ?? ""} ${JSON.stringify(options)}`;
	let format = formats.get(key);
	if (!format) {
		format = new Intl.DateTimeFormat(locale, options);
		formats.set(key, format);
	}
	return format;
}

const HOUR_MS = 3_600_000;

/** The UTC instant of the `nth` Sunday (1-based) of a month at `hourUtc`. */
function nthSundayUtc(year: number, month: number, nth: number, hourUtc: number): number {
	const firstDay = new Date(Date.UTC(year, month, 1)).getUTCDay();
	const day = 1 + ((7 - firstDay) % 7) + (nth - 1) * 7;
	return Date.UTC(year, month, day, hourUtc);
}

/**
 * The business's calendar day at `instant`, in America/New_York. Worked out from the US rules of
 * daylight saving time (since 2007: from 2:00 on the second Sunday of March to 2:00 on the first
 * Sunday of November) rather than with Intl: a page's first time-zone format loads the zone's data,
 * about 80 ms of a phone's CPU in the middle of the page's first render. dates.test.ts compares it
 * with Intl's answer hour by hour over years and minute by minute at each change, so a change to
 * the rules fails the tests.
 */
export function businessDate(instant: Date = new Date()): string {
	const t = instant.getTime();
	const year = instant.getUTCFullYear();
	if (!Number.isFinite(t) || year < 2008 || year > 2099)
		return dateFormat(
			{ timeZone: BUSINESS_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" },
			"en-CA",
		).format(instant);
	// 2:00 EST is 7:00 UTC; 2:00 EDT is 6:00 UTC.
	const summer = t >= nthSundayUtc(year, 2, 2, 7) && t < nthSundayUtc(year, 10, 1, 6);
	return new Date(t - (summer ? 4 : 5) * HOUR_MS).toISOString().slice(0, 10);
}

/** `days` calendar days after an ISO date. */
export function addDays(isoDate: string, days: number): string {
	const [y, m, d] = isoDate.split("-").map(Number) as [number, number, number];
	return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** "Dec 24, 2026" for an ISO date, independent of the viewer's time zone. */
export function formatDate(isoDate: string): string {
	const [y, m, d] = isoDate.split("-").map(Number) as [number, number, number];
	return dateFormat({ timeZone: "UTC", month: "short", day: "numeric", year: "numeric" }).format(
		Date.UTC(y, m - 1, d),
	);
}
