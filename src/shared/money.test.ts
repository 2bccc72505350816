import { describe, expect, it } from "vitest";
import { formatCents, groupDigits } from "./money.ts";

const intl = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

describe("formatCents", () => {
	it("writes what Intl's US dollar format writes", () => {
		const values = [
			0, -0, 1, 5, 10, 99, 100, 101, 999, 1000, 12345, 99999, 100000, 123456, 1234567, 99999999,
			100000000, 123456789012, -1, -5, -100, -123456, 12.5, 0.4, -0.4, 7.49, 7.5, -12.5,
		];
		// Spread over nine digits either side of zero, the same every run.
		for (let i = 0; i < 2000; i++)
			values.push(((i * 7_919 * 104_729) % 1_000_000_007) - 500_000_000);
		for (const cents of values)
			expect(formatCents(cents), String(cents)).toBe(intl.format(cents / 100));
	});
});

describe("groupDigits", () => {
	it("writes what toLocaleString('en-US') writes for a whole number", () => {
		for (const n of [0, 7, 999, 1000, 12_345, 100_000, 1_000_000, 987_654_321, 10 ** 15])
			expect(groupDigits(n), String(n)).toBe(n.toLocaleString("en-US"));
	});
});
