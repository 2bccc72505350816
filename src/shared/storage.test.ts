import { describe, expect, test } from "vitest";
import { BIN_STATES, binMoveRefusal, binMovesFrom } from "./storage.ts";

describe("the bin state machine", () => {
	test("every move from every state: the season's order, Missing from anywhere, found to Returned or Stored", () => {
		const table = Object.fromEntries(BIN_STATES.map((from) => [from, binMovesFrom(from)]));
		expect(table).toEqual({
			stored: ["pulled", "missing"],
			pulled: ["loaded", "missing"],
			loaded: ["at_house", "missing"],
			at_house: ["returned", "missing"],
			returned: ["stored", "missing"],
			missing: ["stored", "returned"],
		});
	});

	test("a refused move says why and what comes first", () => {
		expect(binMoveRefusal("BHL-0142", "stored", "loaded")).toBe(
			"BHL-0142 is Stored; pull it before loading",
		);
		expect(binMoveRefusal("BHL-0142", "pulled", "at_house")).toBe(
			"BHL-0142 is Pulled; load it before it goes to the house",
		);
		expect(binMoveRefusal("BHL-0142", "at_house", "stored")).toBe(
			"BHL-0142 is At House; return it before storing it",
		);
		expect(binMoveRefusal("BHL-0142", "pulled", "pulled")).toBe("BHL-0142 is already Pulled");
		expect(binMoveRefusal("BHL-0142", "missing", "missing")).toBe("BHL-0142 is already Missing");
	});
});
