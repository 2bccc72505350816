import sharp from "sharp";
import { addDays, businessDate, formatDate } from "../../../src/shared/dates.ts";
import { expect, OWNER, type Page, signUpViaApi, test, uniqueEmail } from "../support/fixtures.ts";
import { toasts } from "../support/public.ts";

const tile = (page: Page, label: string) =>
	page.getByRole("main").getByRole("listitem").filter({ hasText: label });

async function expectTiles(page: Page, counts: Record<string, number>) {
	await page.goto("/owner");
	for (const [label, count] of Object.entries(counts))
		await expect(tile(page, label)).toHaveText(new RegExp(`^\\s*${count}\\s*${label}`));
}

test("a customer's quote goes from request to revision, acceptance, bill and signed contract", async ({
	newPage,
	freshServer,
}) => {
	test.setTimeout(120_000);
	// A new install: the owner's tiles start from zero.
	const owner = await newPage({ baseURL: freshServer.url });
	await signUpViaApi(owner, { ...OWNER, role: "owner" });
	const page = await newPage({ baseURL: freshServer.url });
	const customer = {
		email: uniqueEmail(),
		password: "bright-lights-2024",
		displayName: "Riley Roof",
	};
	await signUpViaApi(page, customer, freshServer);
	await expectTiles(owner, { "Pending Quotes": 0, "Approved Quotes": 0, "Active Customers": 0 });

	// The customer asks for a quote with a photo and an instant estimate.
	await page.goto("/app");
	await page.getByRole("link", { name: "Get Serviced" }).click();
	await expect(page).toHaveURL(/\/app\/quote-request$/);
	const main = page.getByRole("main");
	const submit = main.getByRole("button", { name: "Submit Quote Request" });
	await expect(submit).toBeDisabled();
	await main.getByLabel("House Outline", { exact: true }).check();
	await main.getByLabel("Medium Trees", { exact: true }).check();
	await main
		.getByRole("group", { name: "Quantity for Medium Trees" })
		.getByRole("button", { name: "Increase quantity" })
		.click();
	await main.getByLabel("Street Address").fill("1200 Market Ave N");
	await main.getByLabel("City").fill("Akron");
	const photo = await sharp({
		create: { width: 48, height: 32, channels: 3, background: { r: 200, g: 40, b: 40 } },
	})
		.png()
		.toBuffer();
	await main
		.locator('input[type="file"]')
		.setInputFiles([{ name: "front.png", mimeType: "image/png", buffer: photo }]);
	await expect(main.getByText("1/6 photos")).toBeVisible();
	await expect(submit).toBeDisabled();

	await main.getByRole("button", { name: "Get Instant AI Quote" }).click();
	await expect(toasts(page)).toContainText("Instant quote generated!");
	await expect(main.getByText("Your Instant Quote")).toBeVisible();
	await expect(submit).toBeEnabled();
	// Changing the selection asks for a new quote; recalculate brings it back.
	await main.getByRole("button", { name: "Modify" }).click();
	await expect(submit).toBeDisabled();
	await main.getByRole("button", { name: "Get Instant AI Quote" }).click();
	await expect(main.getByRole("button", { name: "Recalculate" })).toBeVisible();
	await submit.click();
	await expect(toasts(page)).toContainText("Quote request submitted successfully!");
	await expect(page).toHaveURL(/\/app$/);
	await expect(main.getByText("We're reviewing your request")).toBeVisible();
	// $650 of services, then the lines that make the estimate (job size, travel to Akron, rounding):
	// the sum of what the card lists.
	const quoteLines = main.getByRole("listitem");
	await expect(quoteLines.filter({ hasText: "Medium complexity (+8%)" })).toContainText("+$52.00");
	await expect(quoteLines.filter({ hasText: "Travel to Akron (+10%)" })).toContainText("+$70.20");
	await expect(quoteLines.filter({ hasText: "Rounded to the nearest $5" })).toContainText("−$2.20");
	await expect(main.getByText("Estimate", { exact: true }).locator("..")).toContainText("$770.00");
	await expect(main.getByRole("link", { name: "Get Serviced" })).toHaveCount(0);

	// The owner sees it with the photo, and revises the price.
	await expectTiles(owner, { "Pending Quotes": 1, "Approved Quotes": 0 });
	await owner.goto("/owner/quotes");
	const card = owner
		.getByRole("main")
		.locator("div")
		.filter({ hasText: customer.displayName })
		.first();
	await expect(card.getByText("App", { exact: true })).toBeVisible();
	// A summary row per quote: its details open in place.
	await owner.getByRole("button", { name: new RegExp(customer.displayName) }).click();
	await expect(card.getByText("1200 Market Ave N, Akron")).toBeVisible();
	// The same lines under "Show how this was priced".
	await card.getByText("Show how this was priced (Medium complexity)").click();
	const priced = card.getByRole("list", { name: "From the services to the price" });
	await expect(priced.getByRole("listitem")).toHaveText([
		/Medium complexity \(\+8%\)\s*\+\$52\.00/,
		/Travel to Akron \(\+10%\)\s*\+\$70\.20/,
		/Rounded to the nearest \$5\s*−\$2\.20/,
	]);
	const img = card.getByRole("img", { name: `${customer.displayName}'s property, 1 of 1` });
	await expect(img).toBeVisible();
	await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(48);
	await card.getByRole("button", { name: "Revise" }).click();
	const dialog = owner.getByRole("dialog");
	const send = dialog.getByRole("button", { name: "Send to Customer" });
	await expect(send).toBeDisabled();
	await dialog.getByLabel("Revised Price").fill("875.50");
	await dialog.getByLabel("Notes").fill("Includes the porch railing");
	await send.click();
	await expect(toasts(owner)).toContainText("Quote revised and sent to customer for approval");

	// The customer accepts the new price; the bill is in QuickPay.
	await page.reload();
	await expect(main.getByText("Includes the porch railing")).toBeVisible();
	await expect(main.getByText("$875.50")).toBeVisible();
	await main.getByRole("button", { name: "Accept" }).click();
	await expect(toasts(page)).toContainText("Quote accepted!");
	await expect(main.getByText("Welcome aboard!")).toBeVisible();
	const banner = main.getByRole("status").filter({ hasText: "Welcome aboard!" });
	await expect(banner).toContainText("Sign your contract below and find your bill in QuickPay.");

	await page.getByRole("link", { name: "QuickPay" }).click();
	const outstanding = main.locator("li").filter({ hasText: "Holiday lighting installation" });
	await expect(outstanding).toContainText("$875.50");
	await expect(outstanding).toContainText(`Due ${formatDate(addDays(businessDate(), 30))}`);
	await expect(page.getByTestId("plan-price")).toHaveText("$29.99");

	// The contract: terms first, then signing.
	await page.getByRole("link", { name: "Home" }).click();
	await main.getByRole("button", { name: "Review and Sign Contract" }).click();
	await main.getByLabel("I agree to sign electronically").check();
	await main.getByLabel("Full Name").fill("Casey Customer");
	await main.getByRole("button", { name: "I Agree and Sign" }).click();
	await expect(toasts(page)).toContainText("Contract signed");
	await expect(main.getByRole("heading", { name: "Contract signed" })).toBeVisible();
	// The banner asks only what is left: the bill.
	await expect(banner).toContainText("Your quote is approved. Find your bill in QuickPay.");
	await expect(banner).not.toContainText("Sign your contract");

	await expectTiles(owner, { "Pending Quotes": 0, "Approved Quotes": 1, "Active Customers": 1 });
});
