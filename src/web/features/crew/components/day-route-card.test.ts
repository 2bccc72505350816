import { describe, expect, it } from "vitest";
import { milesText } from "./day-route-card.tsx";

describe("milesText", () => {
	it("writes a route's length as toLocaleString does, to a tenth", () => {
		for (let i = 0; i <= 30_000; i += 7) {
			const miles = i / 13;
			expect(milesText(miles)).toBe(
				`${miles.toLocaleString("en-US", { maximumFractionDigits: 1 })} mi`,
			);
		}
	});
});
