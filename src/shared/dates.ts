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

/** The business's calendar day at `instant`. */
export function businessDate(instant: Date = new Date()): string {
	return dateFormat(
		{ timeZone: BUSINESS_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" },
		"en-CA",
	).format(instant);
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
