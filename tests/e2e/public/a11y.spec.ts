import { expect, test } from "../support/fixtures.ts";
import { expectNoSeriousA11yViolations, PUBLIC_PATHS } from "../support/public.ts";

test.describe("accessibility of the public pages", () => {
	for (const path of PUBLIC_PATHS) {
		test(`${path} has no serious or critical axe violations`, async ({ page }) => {
			await page.goto(path);
			await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
			await page.waitForLoadState("networkidle");
			await expectNoSeriousA11yViolations(page);
		});
	}

	test("the quote form with services chosen has no serious violations", async ({ page }) => {
		await page.goto("/quote");
		const main = page.getByRole("main");
		const boxes = main.getByRole("checkbox");
		await expect(boxes.first()).toBeVisible();
		const count = await boxes.count();
		for (let i = 0; i < count; i++) await boxes.nth(i).check();
		await expectNoSeriousA11yViolations(page);
	});

	test("the open phone menu has no serious violations", async ({ page, isMobile }) => {
		test.skip(!isMobile, "the menu button is for small screens");
		await page.goto("/");
		await page.getByRole("banner").locator("summary").click();
		await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
		await expectNoSeriousA11yViolations(page);
	});
});
