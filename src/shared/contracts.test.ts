import { describe, expect, it } from "vitest";
import { DEFAULT_TERMS, namesResemble, termsBlocks } from "./contracts.ts";

describe("termsBlocks", () => {
	it("reads headings, numbered and bulleted items and paragraphs, skipping blank lines", () => {
		expect(termsBlocks("## Law\r\n\n1. First\n- Second\n* Third\nPlain text")).toEqual([
			{ kind: "heading", text: "Law" },
			{ kind: "item", marker: "1.", text: "First" },
			{ kind: "item", marker: "•", text: "Second" },
			{ kind: "item", marker: "•", text: "Third" },
			{ kind: "paragraph", text: "Plain text" },
		]);
	});

	it("keeps the default terms' four points and both refund readings", () => {
		const items = termsBlocks(DEFAULT_TERMS).filter((b) => b.kind === "item");
		expect(items).toHaveLength(4);
		expect(DEFAULT_TERMS).toContain("full refund minus a $50 administrative fee");
		expect(DEFAULT_TERMS).toContain("full refund minus administrative costs");
	});
});

describe("namesResemble", () => {
	it("matches a shared word, ignoring case, accents and punctuation", () => {
		expect(namesResemble("casey q. customer", "Casey Customer")).toBe(true);
		expect(namesResemble("Zoë O'Brien", "Zoe Obrien")).toBe(true);
		expect(namesResemble("Pat Smith", "Casey Customer")).toBe(false);
		expect(namesResemble("J", "J Doe")).toBe(false);
	});
});
