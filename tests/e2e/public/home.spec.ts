import { DEFAULT_BUSINESS_PROFILE } from "../../../src/shared/business-defaults.ts";
import { expect, OWNER, signInViaApi, test } from "../support/fixtures.ts";

test.describe("home page", () => {
	test("offers the quote, contact and app, and explains the service", async ({ page }) => {
		await page.goto("/");
		const main = page.getByRole("main");
		await expect(
			main.getByRole("heading", { level: 1, name: /beautifully lit for the holidays/ }),
		).toBeVisible();

		await expect(main.getByRole("link", { name: "Get Your Quote" })).toHaveAttribute(
			"href",
			"/quote",
		);
		await expect(main.getByRole("link", { name: "Contact Us" })).toHaveAttribute(
			"href",
			"/contact",
		);
		await expect(main.getByText("Download App")).toBeVisible();

		const steps = main.locator("#how-it-works ol > li h3");
		await expect(steps).toHaveText([
			"Step 1: Design & Quote",
			"Step 2: Professional Install",
			"Step 3: App Payments & Service",
			"Step 4: Takedown & Storage",
		]);
		await expect(main.getByRole("heading", { name: /full-service display/ })).toBeVisible();
		for (const feature of [
			"Premium C9 LED bulbs",
			"Maintenance all season",
			"Takedown and storage",
		])
			await expect(main.getByRole("heading", { name: feature })).toBeVisible();

		const areas = main.locator("#service-areas");
		await expect(areas.getByRole("heading", { level: 2 })).toHaveText(
			"Lighting up Canton, Akron and Cleveland",
		);
		for (const town of ["Canton", "Akron", "Cleveland"])
			await expect(areas.getByRole("listitem").filter({ hasText: town })).toBeVisible();

		await main.getByRole("link", { name: "Get Your Quote" }).click();
		await expect(page).toHaveURL(/\/quote$/);
		await expect(
			page.getByRole("heading", { level: 1, name: "Get Your Free Quote" }),
		).toBeVisible();
		await page.goBack();
		await page.getByRole("main").getByRole("link", { name: "Contact Us" }).click();
		await expect(page).toHaveURL(/\/contact$/);
		await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
	});

	test("header and footer carry the business's contact details and the policy links", async ({
		page,
	}) => {
		await page.goto("/");
		const footer = page.getByRole("contentinfo");
		await expect(
			footer.getByRole("link", { name: DEFAULT_BUSINESS_PROFILE.phone }),
		).toHaveAttribute("href", "tel:+13305550142");
		await expect(footer.getByRole("link", { name: DEFAULT_BUSINESS_PROFILE.email })).toBeVisible();
		await expect(footer).toContainText("Monday - Friday");
		await expect(footer).toContainText("8:00 AM - 6:00 PM");
		for (const [name, href] of [
			["Privacy Policy", "/privacy"],
			["Terms of Service", "/terms"],
			["Refund Policy", "/refunds"],
		] as const)
			await expect(footer.getByRole("link", { name })).toHaveAttribute("href", href);

		const header = page.getByRole("banner");
		await expect(header.getByRole("link", { name: "Get a Quote" })).toBeVisible();
	});

	test("once loaded, the page shows the business's current details and the visitor's own area", async ({
		page,
	}) => {
		const phone = "(330) 555-0199";
		await page.route("**/api/business", async (route) => {
			const response = await route.fetch();
			await route.fulfill({ response, json: { ...(await response.json()), phone } });
		});
		await signInViaApi(page, OWNER);
		await page.goto("/");
		// Prerendered with the default profile and a Sign In link; the page's script updates both.
		await expect(page.getByRole("contentinfo").getByRole("link", { name: phone })).toHaveAttribute(
			"href",
			"tel:+13305550199",
		);
		await expect(page.getByRole("main").getByRole("link", { name: `Call ${phone}` })).toBeVisible();
		const accountLinks = page.getByRole("banner").locator('a[href="/owner"]');
		await expect(accountLinks).toHaveCount(2); // the wide-screen bar and the phone menu
		await expect(accountLinks.first()).toHaveText("Dashboard");
		await expect(page.getByRole("banner").locator('a[href="/auth"]')).toHaveCount(0);
	});

	test("the phone menu opens and navigates", async ({ page, isMobile }) => {
		test.skip(!isMobile, "the menu button is for small screens");
		await page.goto("/");
		await page.getByRole("banner").locator("summary").click();
		await page
			.getByRole("navigation", { name: "Mobile" })
			.getByRole("link", { name: "Contact" })
			.click();
		await expect(page).toHaveURL(/\/contact$/);
	});
});
