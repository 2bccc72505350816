import { longDate, seasonOf } from "../../../src/shared/bookings.ts";
import { approvedCustomer } from "../support/customers.ts";
import { expect, type Page, test as withServer } from "../support/fixtures.ts";
import { expectNoSeriousA11yViolations, toasts } from "../support/public.ts";

const SHOTS = process.env.SHOTS_DIR;

const test = withServer.extend<{ owner: Page }>({
	owner: async ({ ownerPage }, use) => use(ownerPage),
});

/** With SHOTS_DIR set, a full-page screenshot at a phone's 390 px and at 1280 px. */
async function shots(page: Page, name: string) {
	if (!SHOTS) return;
	const size = page.viewportSize();
	for (const width of [390, 1280]) {
		await page.setViewportSize({ width, height: 900 });
		await page.waitForTimeout(200);
		await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
	}
	if (size) await page.setViewportSize(size);
}

const EXPIRY = `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, "0")}`;

/** A customer with an approved quote who signed the contract, on their phone. */
async function signedCustomer(customerPage: () => Promise<Page>, owner: Page, name: string) {
	const page = await customerPage();
	await approvedCustomer(page, owner, name);
	const signed = await page.request.post("/api/contract/sign", {
		data: { consent: true, fullName: name },
	});
	expect(signed.status(), await signed.text()).toBe(200);
	return page;
}

/** "Tuesday, December 1, 2026" → "2026-12-01". */
const isoOf = (label: string) => {
	const date = new Date(`${label.replace(/, (Open|Few left|Full|Closed)$/, "")} 12:00 UTC`);
	return date.toISOString().slice(0, 10);
};

test("a customer books a day and pays the deposit; the next finds it full; the owner sees it, sets capacity and closes a day", async ({
	owner,
	customerPage,
}) => {
	test.setTimeout(180_000);
	const pat = await signedCustomer(customerPage, owner, "Pat Booker");

	await pat.goto("/app");
	await pat.getByRole("link", { name: "Book Your Install Date" }).click();
	await expect(pat).toHaveURL(/\/app\/booking$/);
	const main = pat.getByRole("main");
	await main
		.getByRole("button", { name: /^(Early Bird|Prime|Late)/ })
		.first()
		.click();
	const open = main.getByRole("button", { name: /, Open$/ }).first();
	await expect(open).toBeVisible();
	const label = (await open.getAttribute("aria-label"))!;
	const day = isoOf(label);
	await shots(pat, "booking-calendar");
	await expectNoSeriousA11yViolations(pat);
	await open.click();
	await main.getByRole("button", { name: `Book ${longDate(day)}` }).click();
	await expect(main.getByText(/Held for you until \d{1,2}:\d{2} [AP]M/)).toBeVisible();
	await shots(pat, "booking-held");

	await main.getByRole("button", { name: /^Pay Deposit/ }).click();
	await expect(pat).toHaveURL(/\/app\/payments\/checkout\/[0-9a-f-]+$/);
	await main.getByLabel("Card Number").fill("4242 4242 4242 4242");
	await main.getByLabel("Expiry Date (MM/YY)").fill(EXPIRY);
	await main.getByLabel("CVV").fill("123");
	await main.getByLabel("Cardholder Name").fill("Pat Booker");
	await main.getByRole("button", { name: /^Pay \$/ }).click();
	await expect(pat).toHaveURL(/\/app\/payments$/);
	await expect(toasts(pat)).toContainText("received");
	await pat.goto("/app/booking");
	await expect(main.getByText(`Install booked: ${longDate(day)}`)).toBeVisible();
	await shots(pat, "booking-booked");
	await pat.goto("/app");
	await expect(pat.getByText(`Install booked: ${longDate(day)}`)).toBeVisible();

	// The owner: the day shows 1 booked; its list has Pat; capacity down to 1.
	await owner.goto(`/owner/schedule?season=${seasonOf(day)}`);
	const ownerMain = owner.getByRole("main");
	const dayButton = ownerMain.getByRole("button", {
		name: new RegExp(`^${label.replace(/, Open$/, "")}, 1 of \\d+ booked$`),
	});
	await dayButton.click();
	const panel = ownerMain.getByRole("region", { name: "Bookings" });
	await expect(panel.getByText("Pat Booker")).toBeVisible();
	await expect(panel.getByText("Booked", { exact: true })).toBeVisible();
	await shots(owner, "schedule-day");
	await ownerMain.getByLabel("Crew capacity").fill("1");
	await ownerMain.getByRole("button", { name: "Save" }).click();
	await expect(toasts(owner)).toContainText("Crew capacity saved");
	await expect(
		ownerMain.getByRole("button", { name: `${label.replace(/, Open$/, "")}, 1 of 1 booked` }),
	).toBeVisible();

	// A second customer finds the day Full.
	const sam = await signedCustomer(customerPage, owner, "Sam Second");
	await sam.goto("/app/booking");
	const samMain = sam.getByRole("main");
	await samMain
		.getByRole("button", { name: /^(Early Bird|Prime|Late)/ })
		.first()
		.click();
	const full = samMain.getByRole("button", { name: `${label.replace(/, Open$/, "")}, Full` });
	await expect(full).toBeVisible();
	await expect(full).toBeDisabled();

	// The owner closes the next open day.
	const other = ownerMain.getByRole("button", { name: / 0 of [1-9]\d* booked$/ }).first();
	const otherLabel = (await other.getAttribute("aria-label"))!.replace(/, 0 of \d+ booked$/, "");
	await other.click();
	await ownerMain.getByRole("button", { name: "Close Day" }).click();
	await expect(toasts(owner)).toContainText("Day closed");
	await expect(ownerMain.getByRole("button", { name: `${otherLabel}, closed` })).toBeVisible();
	await expect(ownerMain.getByRole("button", { name: "Reopen Day" })).toBeVisible();
	await expectNoSeriousA11yViolations(owner);
	await shots(owner, "schedule");
});
