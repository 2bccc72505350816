import sharp from "sharp";
import { approvedCustomer } from "../support/customers.ts";
import { expect, test } from "../support/fixtures.ts";
import { toasts } from "../support/public.ts";

const photo = () =>
	sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 20, g: 20, b: 60 } } })
		.png()
		.toBuffer();

test("a customer reports an urgent problem with a photo; the owner views and completes it; the history shows Resolved", async ({
	ownerPage: owner,
	customerPage,
	server,
}) => {
	test.setTimeout(90_000);
	const page = await customerPage();
	const name = `Dana Dark ${Date.now().toString(36)}`;
	await approvedCustomer(page, owner, name, server);

	// Home: no request yet, so the service card is Inactive; its button opens the requests tab.
	await page.goto("/app");
	const main = page.getByRole("main");
	await expect(main.getByText("Inactive", { exact: true })).toBeVisible();
	await main.getByRole("link", { name: "Report Light Out / Issue" }).click();
	await expect(page).toHaveURL(/\/app\/requests$/);

	await main.getByRole("button", { name: "Report a Problem" }).click();
	// An empty report is not sent: the description says what it needs.
	await main.getByRole("button", { name: "Submit Request" }).click();
	await expect(main.getByText("Please describe the problem")).toBeVisible();
	await expect(main.getByLabel("What's wrong?")).toHaveAttribute("aria-invalid", "true");
	await main.getByLabel("What's wrong?").fill("The whole garage strand is dark since last night");
	await expect(main.getByText("Please describe the problem")).toBeHidden();
	await main.getByLabel("Urgent").check();
	await main
		.locator('input[type="file"]')
		.setInputFiles([{ name: "garage.png", mimeType: "image/png", buffer: await photo() }]);
	await expect(main.getByText("1/6 photos")).toBeVisible();
	await main.getByRole("button", { name: "Submit Request" }).click();
	await expect(toasts(page)).toContainText("Request submitted");

	// The history shows it on top, Open, with its photo.
	const history = main.getByRole("list", { name: "Request history" });
	const first = history.getByRole("listitem").first();
	await expect(first).toContainText("The whole garage strand is dark");
	await expect(first).toContainText("Urgent");
	await expect(first).toContainText("Open");
	await expect(first.getByRole("img")).toHaveCount(1);

	// The owner sees it first in the list, views it with the photo and the address, and completes it.
	await owner.goto("/owner/requests");
	const list = owner.getByRole("list", { name: "Service requests" });
	const card = list.getByRole("listitem").first();
	await expect(card).toContainText(name);
	await expect(card).toContainText("Urgent");
	await card.getByRole("button", { name: "View" }).click();
	const dialog = owner.getByRole("dialog");
	await expect(dialog).toContainText("410 Maple St, Akron, OH");
	const img = dialog.getByRole("img").first();
	await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(64);
	await dialog.getByRole("button", { name: "Complete" }).click();
	const confirm = owner.getByRole("dialog", { name: "Complete this request?" });
	await confirm.getByRole("button", { name: "Mark as Completed" }).click();
	await expect(toasts(owner)).toContainText("Request marked as completed");
	await expect(list.getByText(name)).toHaveCount(0);

	await page.reload();
	await main.getByRole("tab", { name: "Request History" }).click();
	await expect(history.getByRole("listitem").first()).toContainText("Resolved");
	await page.goto("/app");
	await expect(main.getByText("Inactive", { exact: true })).toBeVisible();
});

test("a Change Colors request shows the fee, adds the bill to QuickPay, and the customer can cancel it", async ({
	ownerPage: owner,
	customerPage,
	server,
}) => {
	test.setTimeout(90_000);
	const page = await customerPage();
	await approvedCustomer(page, owner, "Casey Colors", server);

	await page.goto("/app/requests");
	const main = page.getByRole("main");
	await main.getByRole("button", { name: "Change Colors" }).click();
	await main.getByLabel("Custom").check();
	await main.getByLabel("What colors would you like?").fill("Blue and silver");
	await expect(main.getByText("A color change fee of $19.99")).toBeVisible();
	await main.getByRole("button", { name: "Submit Request" }).click();
	await expect(toasts(page)).toContainText("Request submitted");
	const item = main.getByRole("list", { name: "Request history" }).getByRole("listitem").first();
	await expect(item).toContainText("Custom: Blue and silver");

	await page.goto("/app");
	await expect(main.getByText("Active", { exact: true })).toBeVisible();
	await page.getByRole("link", { name: "QuickPay" }).click();
	await expect(main.locator("li").filter({ hasText: "Color change fee" })).toContainText("$19.99");

	await page.getByRole("link", { name: "Requests" }).click();
	await main.getByRole("tab", { name: "Request History" }).click();
	await item.getByRole("button", { name: "Cancel Request" }).click();
	await expect(toasts(page)).toContainText("Request cancelled");
	await expect(item).toContainText("Cancelled");
	await page.getByRole("link", { name: "QuickPay" }).click();
	await expect(main.getByText("Color change fee")).toHaveCount(0);
});
