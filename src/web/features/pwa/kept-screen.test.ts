import { describe, expect, it } from "vitest";
import { withKeptScreen } from "./kept-screen.ts";

const page = (body: string) =>
	`<!DOCTYPE html><html lang="en"><head><title>Home</title></head><body class="x">${body}</body></html>`;

describe("withKeptScreen", () => {
	it("puts the screen first in the body, inert and hidden from assistive technology", () => {
		expect(withKeptScreen(page("<div>spinner</div><script>1</script>"), "<div>Welcome</div>")).toBe(
			page(
				'<kept-screen inert aria-hidden="true"><div>Welcome</div></kept-screen><div>spinner</div><script>1</script>',
			),
		);
	});

	it("replaces the screen kept before, and only that", () => {
		const once = withKeptScreen(page("<div>spinner</div>"), "<p>Monday</p>");
		const twice = withKeptScreen(once, "<p>Tuesday</p>");
		expect(twice).toBe(
			page('<kept-screen inert aria-hidden="true"><p>Tuesday</p></kept-screen><div>spinner</div>'),
		);
	});

	it("leaves a page without a body as it is", () => {
		expect(withKeptScreen("not a page", "<p>x</p>")).toBe("not a page");
	});
});
