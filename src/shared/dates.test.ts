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
