/** Business dates are calendar days in America/New_York, as YYYY-MM-DD strings. */
export const BUSINESS_TIME_ZONE = "America/New_York";

/** What `dateFormat` gives: `Intl.DateTimeFormat`'s `format`. */
type DateFormatter = { format(date?: Date | number): string };

const formats = new Map<string, DateFormatter>();

/**
 * `Intl.DateTimeFormat(locale, options)`, built once per locale and options. A page's first
 * `Intl.DateTimeFormat` loads the locale's data: some 20 ms of this machine's CPU, 80 ms of a
 * phone's, in the middle of the page's first render. So the formats the app shows (American
 * English, in the viewer's zone, UTC or New York) are written here without Intl, as `englishFormat`
 * does; dates.test.ts compares each with Intl's over years of instants. Any other format is Intl's,
 * built on first use, never when a module loads.
 */
export function dateFormat(
	options: Intl.DateTimeFormatOptions,
	locale: string | undefined = "en-US",
): DateFormatter {
	const key = `${locale ?? ""} ${JSON.stringify(options)}`;
	let format = formats.get(key);
	if (!format) {
		const english = locale === "en-US" || locale === undefined ? englishFormat(options) : null;
		format = english ?? new Intl.DateTimeFormat(locale, options);
		formats.set(key, format);
	}
	return format;
}

const MONTHS = [
	"January",
	"February",
	"March",
	"April",
	"May",
	"June",
	"July",
	"August",
	"September",
	"October",
	"November",
	"December",
];
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
/** The option values `englishFormat` writes; anything else is left to Intl. */
const ENGLISH: Partial<Record<keyof Intl.DateTimeFormatOptions, readonly unknown[]>> = {
	timeZone: [undefined, "UTC", BUSINESS_TIME_ZONE],
	weekday: [undefined, "long"],
	month: [undefined, "short", "long"],
	day: [undefined, "numeric"],
	year: [undefined, "numeric"],
	hour: [undefined, "numeric"],
	minute: [undefined, "2-digit"],
	dateStyle: [undefined, "medium"],
	timeStyle: [undefined, "short"],
};

/**
 * en-US's writing of the formats the app uses ("Saturday, November 28", "Nov 28, 2026",
 * "November 2026", "3:05 PM", "Nov 28, 2026, 3:05 PM"), or null for a format it does not know.
 */
function englishFormat(options: Intl.DateTimeFormatOptions): DateFormatter | null {
	const known = Object.entries(options).every(([name, value]) =>
		ENGLISH[name as keyof Intl.DateTimeFormatOptions]?.includes(value),
	);
	const styled = options.dateStyle !== undefined || options.timeStyle !== undefined;
	const { timeZone, weekday } = options;
	const year = styled ? "numeric" : options.year;
	const month = styled ? "short" : options.month;
	const day = styled ? "numeric" : options.day;
	const time = styled || options.hour !== undefined;
	if (
		!known ||
		(styled && (options.dateStyle === undefined || options.timeStyle === undefined)) ||
		(styled &&
			Object.keys(options).some((k) => !["dateStyle", "timeStyle", "timeZone"].includes(k))) ||
		(options.hour === undefined) !== (options.minute === undefined) ||
		(weekday && (!month || !day)) ||
		(day && !month) ||
		(!month && !time)
	)
		return null;
	return {
		format(date = Date.now()) {
			let t = typeof date === "number" ? date : date.getTime();
			if (timeZone === BUSINESS_TIME_ZONE) {
				const offset = newYorkOffsetHours(new Date(t));
				if (offset === null) return new Intl.DateTimeFormat("en-US", options).format(t);
				t -= offset * HOUR_MS;
			}
			const d = new Date(t);
			const local = timeZone === undefined;
			const [y, m, dd, wd, h, min] = local
				? [d.getFullYear(), d.getMonth(), d.getDate(), d.getDay(), d.getHours(), d.getMinutes()]
				: [
						d.getUTCFullYear(),
						d.getUTCMonth(),
						d.getUTCDate(),
						d.getUTCDay(),
						d.getUTCHours(),
						d.getUTCMinutes(),
					];
			const monthName = (month === "long" ? MONTHS[m] : MONTHS[m]?.slice(0, 3)) ?? "";
			let text = day ? `${monthName} ${dd}` : monthName;
			if (year) text += day ? `, ${y}` : ` ${y}`;
			if (weekday) text = `${WEEKDAYS[wd]}, ${text}`;
			if (!time) return text;
			const clock = `${h % 12 || 12}:${String(min).padStart(2, "0")} ${h < 12 ? "AM" : "PM"}`;
			return month ? `${text}, ${clock}` : clock;
		},
	};
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
	const offset = newYorkOffsetHours(instant);
	if (offset === null)
		return dateFormat(
			{ timeZone: BUSINESS_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" },
			"en-CA",
		).format(instant);
	return new Date(instant.getTime() - offset * HOUR_MS).toISOString().slice(0, 10);
}

/** How many hours New York is behind UTC at `instant` (4 or 5); null outside 2008 to 2099. */
function newYorkOffsetHours(instant: Date): number | null {
	const t = instant.getTime();
	const year = instant.getUTCFullYear();
	if (!Number.isFinite(t) || year < 2008 || year > 2099) return null;
	// 2:00 EST is 7:00 UTC; 2:00 EDT is 6:00 UTC.
	const summer = t >= nthSundayUtc(year, 2, 2, 7) && t < nthSundayUtc(year, 10, 1, 6);
	return summer ? 4 : 5;
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
