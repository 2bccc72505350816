import { describe, expect, it } from "vitest";
import { addDays, businessDate, dateFormat, formatDate } from "./dates.ts";

describe("business dates", () => {
	it("uses the New York calendar day, not UTC", () => {
		// 02:00 UTC on Dec 1 is still Nov 30 in Ohio.
		expect(businessDate(new Date("2026-12-01T02:00:00Z"))).toBe("2026-11-30");
		expect(businessDate(new Date("2026-12-01T12:00:00Z"))).toBe("2026-12-01");
	});

	it("adds calendar days across months and years", () => {
		expect(addDays("2026-11-22", 30)).toBe("2026-12-22");
		expect(addDays("2026-12-15", 30)).toBe("2027-01-14");
		expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
	});

	it("formats a date without shifting it", () => {
		expect(formatDate("2026-12-22")).toBe("Dec 22, 2026");
	});
});

describe("dateFormat", () => {
	it("builds a formatter once per locale and options, and writes what toLocaleString writes", () => {
		const options = { month: "short", day: "numeric" } as const;
		expect(dateFormat(options)).toBe(dateFormat({ ...options }));
		expect(dateFormat(options)).not.toBe(dateFormat(options, "en-GB"));
		const at = new Date("2026-12-01T15:42:00Z");
		expect(dateFormat(options).format(at)).toBe(at.toLocaleDateString("en-US", options));
		const time = { hour: "numeric", minute: "2-digit", timeZone: "America/New_York" } as const;
		expect(dateFormat(time).format(at)).toBe("10:42 AM");
	});
});

describe("dateFormat without Intl", () => {
	const formats: Intl.DateTimeFormatOptions[] = [
		{ weekday: "long", month: "long", day: "numeric" },
		{ weekday: "long", month: "long", day: "numeric", year: "numeric" },
		{ month: "short", day: "numeric" },
		{ month: "short", day: "numeric", year: "numeric" },
		{ month: "long", day: "numeric", year: "numeric" },
		{ month: "long", year: "numeric" },
		{ month: "long" },
		{ hour: "numeric", minute: "2-digit" },
		{ month: "short", day: "numeric", hour: "numeric", minute: "2-digit" },
		{ month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit" },
		{ dateStyle: "medium", timeStyle: "short" },
	];
	// Every 7 hours and 13 minutes over three years: every hour of the clock, both meridiems, every
	// month and weekday, the changes of the clocks.
	const instants = Array.from(
		{ length: 3_650 },
		(_, i) => Date.UTC(2025, 0, 1) + i * (7 * 60 + 13) * 60_000,
	);
	for (const timeZone of [undefined, "UTC", "America/New_York"])
		it(`writes what Intl writes in en-US, ${timeZone ?? "in the viewer's zone"}`, () => {
			for (const options of formats) {
				const ours = dateFormat({ ...options, timeZone });
				expect(ours).not.toBeInstanceOf(Intl.DateTimeFormat);
				const intl = new Intl.DateTimeFormat("en-US", { ...options, timeZone });
				for (const at of instants) expect(ours.format(at)).toBe(intl.format(at));
				expect(dateFormat({ ...options, timeZone }, undefined).format(instants[9])).toBe(
					intl.format(instants[9]),
				);
			}
		});

	it("leaves other formats and languages to Intl", () => {
		expect(dateFormat({ month: "2-digit", day: "2-digit" })).toBeInstanceOf(Intl.DateTimeFormat);
		expect(dateFormat({ month: "short" }, "fr-FR")).toBeInstanceOf(Intl.DateTimeFormat);
		expect(dateFormat({ hour: "numeric" })).toBeInstanceOf(Intl.DateTimeFormat);
		expect(dateFormat({ timeZone: "Europe/Paris", month: "long" })).toBeInstanceOf(
			Intl.DateTimeFormat,
		);
	});
});

describe("businessDate without Intl", () => {
	const intl = new Intl.DateTimeFormat("en-CA", {
		timeZone: "America/New_York",
		year: "numeric",
		month: "2-digit",
		day: "2-digit",
	});
	it("gives Intl's New York day every 97 minutes from 2008 to 2040", () => {
		const end = Date.UTC(2041, 0, 1);
		for (let t = Date.UTC(2008, 0, 1); t < end; t += 97 * 60_000)
			expect(businessDate(new Date(t)), new Date(t).toISOString()).toBe(intl.format(t));
	});
	it("gives Intl's day minute by minute around each change of the clocks and each midnight", () => {
		for (let year = 2008; year <= 2099; year++) {
			for (const month of [2, 10]) {
				// The change falls on a Sunday in the first two weeks; check each night of those weeks.
				for (let day = 1; day <= 15; day++) {
					const midnightish = Date.UTC(year, month, day, 3);
					for (let m = 0; m < 5 * 60; m += 7) {
						const t = midnightish + m * 60_000;
						expect(businessDate(new Date(t)), new Date(t).toISOString()).toBe(intl.format(t));
					}
				}
			}
		}
	});
	it("falls back to Intl outside the years it knows", () => {
		for (const iso of ["1999-07-01T03:30:00Z", "2150-01-01T04:59:00Z"])
			expect(businessDate(new Date(iso))).toBe(intl.format(new Date(iso)));
	});
});
