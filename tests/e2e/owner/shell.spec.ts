import { devices, expect, OWNER, type Page, signInViaApi, test } from "../support/fixtures.ts";

const SECTIONS = ["Dashboard", "Chat", "Quotes", "Requests", "Settings"];
/** A desk's side bar also lists the season's Schedule. */
const DESK_SECTIONS = ["Dashboard", "Chat", "Quotes", "Requests", "Schedule", "Settings"];

async function openDashboard(page: Page, sections: string[]) {
	await signInViaApi(page, OWNER);
	await page.goto("/owner");
	await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
	const nav = page.getByRole("navigation", { name: "Owner dashboard" });
	// The Chat tab may carry an unread count from other tests' conversations: "Chat, 2 unread".
	const links = nav.getByRole("link");
	await expect(links).toHaveCount(sections.length);
	for (const [i, name] of sections.entries()) {
		await expect(links.nth(i)).toHaveAccessibleName(new RegExp(`^${name}(, \\d+ unread)?$`));
	}
	await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute(
		"aria-current",
		"page",
	);
	const navBox = (await nav.boundingBox())!;
	const mainBox = (await page.getByRole("main").boundingBox())!;
	return { nav, navBox, mainBox, viewport: page.viewportSize()! };
}

test.describe("the owner's area at a desk", () => {
	const { defaultBrowserType: _, ...desktop } = devices["Desktop Chrome"];
	test.use({ ...desktop, viewport: { width: 1440, height: 900 } });

	test("shows its sections in a side bar left of wide content", async ({ page }) => {
		const { nav, navBox, mainBox, viewport } = await openDashboard(page, DESK_SECTIONS);
		// A column down the left edge, the full height of the window.
		expect(navBox.x).toBe(0);
		expect(navBox.y).toBe(0);
		expect(navBox.height).toBe(viewport.height);
		expect(navBox.width).toBeLessThan(320);
		expect(mainBox.x).toBeGreaterThanOrEqual(navBox.x + navBox.width);
		// Wider than a phone column (max-w-3xl is 768px).
		expect(mainBox.width).toBeGreaterThan(900);
		// The entries are stacked, not side by side.
		const boxes = await Promise.all(
			DESK_SECTIONS.map((name) => nav.getByRole("link", { name }).boundingBox()),
		);
		for (let i = 1; i < boxes.length; i++) {
			expect(boxes[i]!.y).toBeGreaterThan(boxes[i - 1]!.y);
			expect(boxes[i]!.x).toBe(boxes[0]!.x);
		}

		// It stays while the content scrolls, and marks the open section.
		await nav.getByRole("link", { name: "Quotes" }).click();
		await expect(page).toHaveURL(/\/owner\/quotes$/);
		await expect(nav.getByRole("link", { name: "Quotes" })).toHaveAttribute("aria-current", "page");
		await expect(nav.getByRole("link", { name: "Dashboard" })).not.toHaveAttribute(
			"aria-current",
			/.*/,
		);
		await page.mouse.wheel(0, 2000);
		expect((await nav.boundingBox())!.y).toBe(0);

		// The role switch floats near the bottom corner, clear of the side bar.
		const roleSwitch = (await page.getByRole("button", { name: "Customer View" }).boundingBox())!;
		expect(roleSwitch.x).toBeGreaterThan(navBox.width);
		expect(viewport.height - (roleSwitch.y + roleSwitch.height)).toBeLessThan(48);
	});
});

test.describe("the owner's area on a phone", () => {
	const { defaultBrowserType: _, ...phone } = devices["Pixel 7"];
	test.use(phone);

	test("keeps its five sections as tabs along the bottom", async ({ page }) => {
		const { nav, navBox, mainBox, viewport } = await openDashboard(page, SECTIONS);
		expect(navBox.x).toBe(0);
		expect(navBox.width).toBe(viewport.width);
		expect(Math.round(navBox.y + navBox.height)).toBe(viewport.height);
		expect(navBox.height).toBeLessThan(100);
		expect(mainBox.y).toBeLessThan(navBox.y);
		const boxes = await Promise.all(
			SECTIONS.map((name) => nav.getByRole("link", { name }).boundingBox()),
		);
		for (let i = 1; i < boxes.length; i++) {
			expect(boxes[i]!.x).toBeGreaterThan(boxes[i - 1]!.x);
			expect(boxes[i]!.y).toBe(boxes[0]!.y);
		}
		// The role switch sits above the tabs.
		const roleSwitch = (await page.getByRole("button", { name: "Customer View" }).boundingBox())!;
		expect(roleSwitch.y + roleSwitch.height).toBeLessThanOrEqual(navBox.y);

		await nav.getByRole("link", { name: "Settings" }).click();
		await expect(page).toHaveURL(/\/owner\/settings$/);
		await expect(nav.getByRole("link", { name: "Settings" })).toHaveAttribute(
			"aria-current",
			"page",
		);
	});
});
