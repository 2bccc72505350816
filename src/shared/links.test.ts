import { describe, expect, it } from "vitest";
import { splitLinks } from "./links.ts";

describe("splitLinks", () => {
	it("leaves a message without addresses as one piece of text", () => {
		expect(splitLinks("See you Tuesday!")).toEqual([{ text: "See you Tuesday!" }]);
		expect(splitLinks("")).toEqual([]);
	});

	it("makes http and https addresses links, keeping the text around them", () => {
		expect(splitLinks("Here: https://maps.google.com/?q=1 and http://a.test/x")).toEqual([
			{ text: "Here: " },
			{ text: "https://maps.google.com/?q=1", href: "https://maps.google.com/?q=1" },
			{ text: " and " },
			{ text: "http://a.test/x", href: "http://a.test/x" },
		]);
	});

	it("opens a www. address over https", () => {
		expect(splitLinks("www.buckeye.test/lights")).toEqual([
			{ text: "www.buckeye.test/lights", href: "https://www.buckeye.test/lights" },
		]);
	});

	it("leaves the sentence's punctuation out of the link, but a bracket the address opened in", () => {
		expect(splitLinks("Look (https://a.test/x).")).toEqual([
			{ text: "Look (" },
			{ text: "https://a.test/x", href: "https://a.test/x" },
			{ text: ")." },
		]);
		expect(splitLinks("https://en.wikipedia.org/wiki/Akron_(Ohio), nice")[0]).toEqual({
			text: "https://en.wikipedia.org/wiki/Akron_(Ohio)",
			href: "https://en.wikipedia.org/wiki/Akron_(Ohio)",
		});
	});

	it("never makes a link of another scheme or of markup", () => {
		for (const text of [
			"javascript:alert(1)",
			"data:text/html,<b>x</b>",
			'<a href="javascript:alert(1)">x</a>',
			"ftp://files.test/a",
			"https://",
		])
			expect(splitLinks(text).filter((p) => p.href)).toEqual([]);
		expect(splitLinks('<a href="https://a.test">x</a>')).toEqual([
			{ text: '<a href="' },
			{ text: "https://a.test", href: "https://a.test" },
			{ text: '">x</a>' },
		]);
	});

	it("keeps every character of the message, in order", () => {
		const text = `x https://a.test/${"y".repeat(300)}. www.b.test! z`;
		expect(
			splitLinks(text)
				.map((p) => p.text)
				.join(""),
		).toBe(text);
	});
});
