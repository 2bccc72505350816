import { DEFAULT_BUSINESS_PROFILE } from "../../../src/shared/business-defaults.ts";
import { expect, test } from "../support/fixtures.ts";

const POLICIES = [
	{
		path: "/privacy",
		title: "Privacy Policy",
		texts: [
			"We do not sell or rent your personal information.",
			"never the full card number or security code",
			"Photos and files you upload are private.",
		],
	},
	{
		path: "/terms",
		title: "Terms of Service",
		texts: [
			"full refund minus administrative costs",
			"refund of 50% of the deposit",
			"No refund once installation has begun.",
			"governed by the laws of the State of Ohio",
			"courts of Stark County, Ohio",
			"A confirmed quote is valid for 30 days.",
		],
	},
	{
		path: "/refunds",
		title: "Refund Policy",
		texts: [
			"More than 14 days before installationFull refund",
			"7 to 14 days before installationFull refund minus a $50 administrative fee",
			"Within 7 days of installation50% refund",
			"After installation beginsNo refund",
			"5-7 business days",
			"Credit or debit card: 3-5 business days",
			"Bank transfer: 5-7 business days",
			"Cash (refunded by check): 7-10 business days",
			"more than 25% of your display fails",
		],
	},
] as const;

test.describe("policy pages", () => {
	for (const policy of POLICIES) {
		test(`${policy.title}: full text, last-updated date, contact details and areas`, async ({
			page,
		}) => {
			await page.goto(policy.path);
			await expect(page.getByRole("banner")).toBeVisible();
			await expect(page.getByRole("contentinfo")).toBeVisible();
			const main = page.getByRole("main");
			await expect(main.getByRole("heading", { level: 1, name: policy.title })).toBeVisible();
			// The date the text last changed, not today's date.
			await expect(main.getByText("Last updated: November 23, 2026")).toBeVisible();
			await expect(main.locator("time")).toHaveAttribute("datetime", "2026-11-23");
			const article = main.locator("article");
			for (const text of policy.texts) await expect(article).toContainText(text);

			const contact = main.getByRole("region", { name: "Questions? Contact us" });
			await expect(
				contact.getByRole("link", { name: DEFAULT_BUSINESS_PROFILE.phone }),
			).toBeVisible();
			await expect(
				contact.getByRole("link", { name: DEFAULT_BUSINESS_PROFILE.email }),
			).toBeVisible();
			await expect(contact).toContainText("Monday - Friday: 8:00 AM - 6:00 PM");
			const areas = main.getByRole("region", { name: "Service areas" });
			await expect(areas.getByRole("listitem")).toHaveText(DEFAULT_BUSINESS_PROFILE.serviceAreas);
			await expect(
				main
					.getByRole("navigation", { name: "Policies" })
					.getByRole("link", { name: policy.title }),
			).toHaveAttribute("aria-current", "page");
		});
	}

	test("the policies link to each other", async ({ page }) => {
		await page.goto("/refunds");
		await page.getByRole("main").getByRole("link", { name: "Terms of Service" }).first().click();
		await expect(page).toHaveURL(/\/terms$/);
		await page.getByRole("main").getByRole("link", { name: "Refund Policy" }).first().click();
		await expect(page).toHaveURL(/\/refunds$/);
	});
});
