import { describe, expect, it } from "vitest";
import { DEFAULT_BUSINESS_PROFILE } from "./business-defaults.ts";
import { localBusinessJsonLd, parseDays, parseHours } from "./local-business.ts";

describe("business hours for structured data", () => {
	it("reads day ranges, lists and single days", () => {
		expect(parseDays("Monday - Friday")).toEqual([
			"Monday",
			"Tuesday",
			"Wednesday",
			"Thursday",
			"Friday",
		]);
		expect(parseDays("Saturday")).toEqual(["Saturday"]);
		expect(parseDays("Sat & Sun")).toEqual(["Saturday", "Sunday"]);
		expect(parseDays("Fri-Mon")).toEqual(["Friday", "Saturday", "Sunday", "Monday"]);
		expect(parseDays("Holidays")).toEqual([]);
	});

	it("reads 12- and 24-hour times and skips closed days", () => {
		expect(parseHours("8:00 AM - 6:00 PM")).toEqual({ opens: "08:00", closes: "18:00" });
		expect(parseHours("9 am to 4 pm")).toEqual({ opens: "09:00", closes: "16:00" });
		expect(parseHours("12:00 PM - 17:30")).toEqual({ opens: "12:00", closes: "17:30" });
		expect(parseHours("Closed")).toBeUndefined();
	});

	it("describes the default business", () => {
		const data = localBusinessJsonLd(DEFAULT_BUSINESS_PROFILE);
		expect(data.name).toBe("Buckeye Holiday Lights");
		expect(data.areaServed.map((a) => a.name)).toEqual([
			"Canton, OH",
			"Akron, OH",
			"Cleveland, OH",
		]);
		expect(data.openingHoursSpecification).toEqual([
			{
				"@type": "OpeningHoursSpecification",
				dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
				opens: "08:00",
				closes: "18:00",
			},
			{
				"@type": "OpeningHoursSpecification",
				dayOfWeek: ["Saturday"],
				opens: "09:00",
				closes: "16:00",
			},
		]);
	});
});
