import { longDate, seasonOf } from "../../../src/shared/bookings.ts";
import { approvedCustomer } from "../support/customers.ts";
import { expect, type Page, test as withServer } from "../support/fixtures.ts";
import { expectNoSeriousA11yViolations, toasts } from "../support/public.ts";

const SHOTS = process.env.SHOTS_DIR;

const test = withServer.extend<{ owner: Page }>({
	owner: async ({ ownerPage }, use) => use(ownerPage),
});

// The owner's refused window edits and the phone booking of a day that filled (one pattern:
// Playwright reads a second array element as the fixture's options).
test.use({
	allowedConsoleErrors: [/status of (400|409) .*\/api\/owner\/(season\/windows|bookings)/],
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
	await ownerMain.getByRole("button", { name: "Save", exact: true }).click();
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

test("the owner edits the next season's windows in Settings: each refusal at its field", async ({
	owner,
}) => {
	test.setTimeout(120_000);
	await owner.goto("/owner/settings");
	// Deposit to book is a price: it is under Pricing.
	await expect(owner.getByLabel("Deposit to book (%)")).toHaveValue(/^\d+$/);
	const windows = owner.getByRole("region", { name: "Windows" });
	const [, next] = (await windows.getByRole("button", { pressed: true }).textContent())!
		.trim()
		.match(/^(\d{4})-\d{2}$/)!;
	const season = `${Number(next) + 1}-${String((Number(next) + 2) % 100).padStart(2, "0")}`;
	const year = Number(next) + 1;
	await windows.getByRole("button", { name: season }).click();
	await expect(windows.getByRole("button", { name: season })).toHaveAttribute(
		"aria-pressed",
		"true",
	);
	const early = windows.getByRole("listitem", { name: "Early Bird" });
	await expect(early).toContainText("No price adjustment");
	await early.getByRole("button", { name: "Edit Early Bird" }).click();
	const dialog = owner.getByRole("dialog", { name: "Edit Early Bird" });
	// The last day before the first: said under Last day, checked before sending.
	await dialog.getByLabel("Last day").fill(`${year}-10-01`);
	await dialog.getByRole("button", { name: "Save Window" }).click();
	await expect(dialog.getByText("The first day must not be after the last")).toBeVisible();
	await expect(dialog.getByLabel("Last day")).toHaveAttribute("aria-invalid", "true");
	// Days shared with Prime: the server's word, under the field it names.
	await dialog.getByLabel("Last day").fill(`${year}-11-03`);
	await dialog.getByRole("button", { name: "Save Window" }).click();
	await expect(dialog.getByText(/These days overlap Prime/)).toBeVisible();
	await expect(dialog.getByLabel("Last day")).toHaveAttribute("aria-invalid", "true");
	await expect(toasts(owner)).toContainText("Failed to save window");
	await dialog.getByLabel("Last day").fill(`${year}-10-31`);
	await dialog.getByLabel("Price adjustment (%)").fill("-10");
	await dialog.getByLabel("Who may book").selectOption("returning");
	await shots(owner, "settings-window-dialog");
	await dialog.getByRole("button", { name: "Save Window" }).click();
	await expect(dialog).toBeHidden();
	await expect(toasts(owner)).toContainText("Early Bird saved");
	await expect(early).toContainText("-10%");
	await expect(early).toContainText("Returning customers");

	// Add a takedown window, then delete it.
	await windows.getByRole("button", { name: "Add Window" }).click();
	const add = owner.getByRole("dialog", { name: "Add Window" });
	await add.getByRole("button", { name: "Add Window" }).click();
	await expect(add.getByText("Name is required")).toBeVisible();
	await add.getByLabel("Name").fill("Spring takedown");
	await add.getByLabel("Kind").selectOption("takedown");
	await add.getByLabel("First day").fill(`${year + 1}-03-01`);
	await add.getByLabel("Last day").fill(`${year + 1}-03-15`);
	await add.getByRole("button", { name: "Add Window" }).click();
	await expect(add).toBeHidden();
	const spring = windows.getByRole("listitem", { name: "Spring takedown" });
	await expect(spring).toContainText("Takedown");
	await shots(owner, "settings-windows");
	await expectNoSeriousA11yViolations(owner);
	await spring.getByRole("button", { name: "Delete Spring takedown" }).click();
	await owner.getByRole("dialog").getByRole("button", { name: "Delete Window" }).click();
	await expect(spring).toBeHidden();
	await expect(toasts(owner)).toContainText("Spring takedown deleted");
});

test("the owner books a day for a customer from their page; a day that filled offers the next ones", async ({
	owner,
	customerPage,
}) => {
	test.setTimeout(180_000);
	const page = await signedCustomer(customerPage, owner, "Phoebe Phone");
	const me = await page.request.get("/api/customer");
	expect(me.status()).toBe(200);
	const search = await owner.request.get(
		`/api/owner/customers?q=${encodeURIComponent("Phoebe Phone")}`,
	);
	const [card] = (await search.json()).customers as { id: string; name: string }[];
	expect(card?.name).toBe("Phoebe Phone");
	await owner.goto(`/owner/customer/${card!.id}`);
	await owner.getByRole("button", { name: "Book a Day" }).click();
	const dialog = owner.getByRole("dialog", { name: "Book a Day for Phoebe Phone" });
	const windowField = dialog.getByLabel("Window");
	// An install window with room: the first whose days offer some (once the season has loaded:
	// allTextContents does not wait).
	await expect(windowField).toBeVisible();
	const options = await windowField.locator("option").allTextContents();
	let pickedDay: string | undefined;
	for (const option of options.filter((o) => o.endsWith("(install)"))) {
		await windowField.selectOption({ label: option });
		const roomy = dialog.getByRole("button", { name: / \d+ of \d+ left$/ });
		if ((await roomy.count()) === 0) continue;
		const label = (await roomy.first().getAttribute("aria-label"))!;
		pickedDay = isoOf(label.replace(/, \d+ of \d+ left$/, ""));
		await roomy.first().click();
		break;
	}
	expect(pickedDay, "an install window with room").toBeTruthy();
	await expect(dialog.getByLabel("Day", { exact: true })).toHaveValue(pickedDay!);
	await shots(owner, "book-for-customer");
	await expectNoSeriousA11yViolations(owner);
	// The day fills meanwhile (its capacity goes to 0): the server's answer, with the next days.
	const closedDown = await owner.request.patch(`/api/owner/schedule/days/${pickedDay}`, {
		data: { capacity: 0 },
	});
	expect(closedDown.status(), await closedDown.text()).toBe(200);
	await dialog.getByRole("button", { name: /^Book [A-Z]/ }).click();
	await expect(dialog.getByText("That day is full", { exact: true })).toBeVisible();
	await expect(dialog.getByLabel("Day", { exact: true })).toHaveAttribute("aria-invalid", "true");
	const nextDays = dialog.getByRole("group", { name: /The next days with room/ });
	await shots(owner, "book-for-customer-full");
	const first = nextDays.getByRole("button").first();
	const firstLabel = (await first.textContent())!;
	await first.click();
	await dialog.getByRole("button", { name: `Book ${firstLabel}` }).click();
	await expect(dialog).toBeHidden();
	await expect(toasts(owner)).toContainText(`install booked for ${firstLabel}`);

	// The schedule's day lists Phoebe.
	const day = isoOf(firstLabel);
	await owner.goto(`/owner/schedule?season=${seasonOf(day)}&day=${day}`);
	await expect(
		owner.getByRole("region", { name: "Bookings" }).getByText("Phoebe Phone"),
	).toBeVisible();
	await owner.getByRole("button", { name: "Book for a Customer" }).click();
	await expect(owner.getByRole("dialog", { name: "Book for a Customer" })).toBeVisible();
	await expect(owner.getByRole("dialog").getByLabel("Day", { exact: true })).toHaveValue(day);
	await shots(owner, "schedule-book-for-customer");
	await owner.keyboard.press("Escape");
	await owner.request.patch(`/api/owner/schedule/days/${pickedDay}`, { data: { capacity: 4 } });
});
