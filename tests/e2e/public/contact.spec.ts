import { DEFAULT_BUSINESS_PROFILE } from "../../../src/shared/business-defaults.ts";
import { waitForMail } from "../../support/outbox.ts";
import { expect, failedResource, test } from "../support/fixtures.ts";
import { toasts } from "../support/public.ts";

test.describe("contact page", () => {
	test("shows how to reach the business, its hours and when it answers", async ({ page }) => {
		await page.goto("/contact");
		const main = page.getByRole("main");
		const details = main.getByRole("region", { name: "Contact details" });
		await expect(
			details.getByRole("link", { name: DEFAULT_BUSINESS_PROFILE.phone }),
		).toHaveAttribute("href", "tel:+13305550142");
		await expect(
			details.getByRole("link", { name: DEFAULT_BUSINESS_PROFILE.email }),
		).toHaveAttribute("href", `mailto:${DEFAULT_BUSINESS_PROFILE.email}`);
		await expect(details).toContainText("Canton, OH · Akron, OH · Cleveland, OH");
		const hours = main.getByRole("region", { name: "Business Hours" });
		await expect(hours).toContainText("Monday - Friday8:00 AM - 6:00 PM");
		await expect(hours).toContainText("Saturday9:00 AM - 4:00 PM");
		await expect(hours).toContainText("SundayClosed");
		await expect(main.getByRole("region", { name: "Response time" })).toContainText(
			"We typically respond within 24 hours on business days. For urgent matters during the holiday season, please call us",
		);
	});

	test("validates, sends, confirms and clears the form", async ({ page, server }) => {
		await page.goto("/contact");
		const main = page.getByRole("main");
		const send = main.getByRole("button", { name: "Send Message" });

		await send.click();
		await expect(toasts(page)).toContainText("Full name must be at least 2 characters");
		// The field itself says so, under it, and has the focus.
		const fullNameField = main.getByLabel("Full Name");
		await expect(fullNameField).toHaveAttribute("aria-invalid", "true");
		await expect(fullNameField).toHaveAccessibleDescription(
			"Full name must be at least 2 characters",
		);
		await expect(fullNameField).toBeFocused();
		await expect(main.getByLabel("Email Address")).toHaveAttribute("aria-invalid", "true");
		await main.getByLabel("Full Name").fill("A");
		await send.click();
		await expect(toasts(page).getByText("Full name must be at least 2 characters")).toHaveCount(1);

		const fullName = `Casey Contact ${Date.now()}`;
		await main.getByLabel("Full Name").fill(fullName);
		await main.getByLabel("Email Address").fill("casey@");
		await send.click();
		await expect(toasts(page)).toContainText("Please enter a valid email address");

		await main.getByLabel("Email Address").fill("casey@example.test");
		await main.getByLabel("Phone Number").fill("(330) 555-0177");
		await main.getByLabel("City").fill("Akron");
		await main
			.getByRole("textbox", { name: "Message" })
			.fill("Could you light our bakery's storefront in Akron?");
		// The message is held until the pending state has been seen, however slow the machine.
		let release = () => {};
		const held = new Promise<void>((r) => {
			release = r;
		});
		await page.route("**/api/public/contact", async (route) => {
			await held;
			await route.continue();
		});
		await send.click();
		await expect(main.getByRole("button", { name: "Sending..." })).toBeDisabled();
		release();
		await expect(toasts(page)).toContainText("Message sent successfully!");
		await expect(toasts(page)).toContainText("We'll get back to you within 24 hours.");
		for (const label of ["Full Name", "Email Address", "Phone Number", "City", "Message"])
			await expect(main.getByRole("textbox", { name: label })).toHaveValue("");

		const mail = await waitForMail(server.dataDir, DEFAULT_BUSINESS_PROFILE.email, {
			containing: fullName,
		});
		expect(mail.text).toContain("bakery");
	});

	test("a failed send says so and keeps what was typed", async ({ page, pageErrors }) => {
		pageErrors.allow(failedResource(500, "/api/public/contact"));
		await page.route("**/api/public/contact", (route) =>
			route.fulfill({ status: 500, json: { error: "Something went wrong" } }),
		);
		await page.goto("/contact");
		const main = page.getByRole("main");
		await main.getByLabel("Full Name").fill("Pat Problem");
		await main.getByLabel("Email Address").fill("pat@example.test");
		await main.getByRole("button", { name: "Send Message" }).click();
		await expect(toasts(page)).toContainText("Error sending message");
		await expect(toasts(page)).toContainText("Please try again or contact us directly.");
		await expect(main.getByLabel("Full Name")).toHaveValue("Pat Problem");
	});
});
