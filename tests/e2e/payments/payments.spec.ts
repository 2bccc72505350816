import { businessDate, formatDate } from "../../../src/shared/dates.ts";
import { approvedCustomer } from "../support/customers.ts";
import {
	devices,
	expect,
	OWNER,
	type Page,
	uniqueEmail,
	test as withServer,
} from "../support/fixtures.ts";
import { expectNoSeriousA11yViolations, toasts } from "../support/public.ts";

const SHOTS = process.env.SHOTS_DIR;

/**
 * On the shared server: `owner`, the owner signed in at 1280 px; `page`, a customer's phone, not
 * signed in yet. Each is closed after the test, whatever its outcome.
 */
const test = withServer.extend<{ owner: Page }>({
	owner: async ({ ownerPage }, use) => use(ownerPage),
	page: async ({ customerPage }, use) => use(await customerPage()),
});

// A declined card is answered 402, which the browser logs.
test.use({ allowedConsoleErrors: [/status of 402 .*\/api\/bills\/[0-9a-f-]+\/pay\b/] });

/** With SHOTS_DIR set, a full-page screenshot at a phone's 390 px and at 1280 px. */
async function shots(page: Page, name: string) {
	if (!SHOTS) return;
	const size = page.viewportSize();
	for (const width of [390, 1280]) {
		await page.setViewportSize({ width, height: 900 });
		await page.waitForTimeout(150);
		await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
	}
	if (size) await page.setViewportSize(size);
}

const SUCCESS_CARD = "4242 4242 4242 4242";
const DECLINED_CARD = "4000 0000 0000 0002";
/** A card expiry safely in the future. */
const EXPIRY = `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, "0")}`;

async function fillCard(page: Page, number: string) {
	const main = page.getByRole("main");
	await main.getByLabel("Card Number").fill(number);
	await main.getByLabel("Expiry Date (MM/YY)").fill(EXPIRY);
	await main.getByLabel("CVV").fill("123");
	await main.getByLabel("Cardholder Name").fill("Pat Payer");
}

test("a customer pays a bill in test mode with the success card and sees it paid with a receipt", async ({
	owner,
	page,
}) => {
	test.setTimeout(90_000);
	await approvedCustomer(page, owner, "Pat Payer");

	await page.goto("/app/payments");
	const main = page.getByRole("main");
	await expect(main.getByTestId("test-mode")).toContainText("Test mode");
	const bill = main.getByRole("list", { name: "Outstanding bills" }).getByRole("listitem").first();
	await expect(bill).toContainText("Due");
	const amount = (await bill.locator(".tabular-nums").textContent())!.trim();
	await shots(page, "quickpay");

	await bill.getByRole("button", { name: /^Pay / }).click();
	await expect(page).toHaveURL(/\/app\/payments\/checkout\/[0-9a-f-]+$/);
	await expect(main.getByTestId("checkout-amount")).toHaveText(amount);
	await expect(main.getByText("Test mode").first()).toBeVisible();

	// The shared schema's messages, under each field, before anything is sent.
	await main.getByRole("button", { name: `Pay ${amount}` }).click();
	await expect(main.getByText("Enter your card number")).toBeVisible();
	await expect(main.getByText("Enter the expiry date as MM/YY")).toBeVisible();
	await expect(main.getByText("Enter the name on the card")).toBeVisible();
	await expectNoSeriousA11yViolations(page);

	// Typed as people type it: grouped by four, the expiry's slash added.
	await main.getByLabel("Card Number").pressSequentially("4242424242424242");
	await expect(main.getByLabel("Card Number")).toHaveValue(SUCCESS_CARD);
	await main.getByLabel("Expiry Date (MM/YY)").pressSequentially(EXPIRY.replace("/", ""));
	await expect(main.getByLabel("Expiry Date (MM/YY)")).toHaveValue(EXPIRY);
	await main.getByLabel("CVV").fill("123");
	await main.getByLabel("Cardholder Name").fill("Pat Payer");
	await shots(page, "checkout");
	await main.getByRole("button", { name: `Pay ${amount}` }).click();

	await expect(page).toHaveURL(/\/app\/payments$/);
	await expect(toasts(page)).toContainText(`Payment of ${amount} received`);
	const paid = main.getByRole("list", { name: "Paid bills" }).getByRole("listitem").first();
	await expect(paid).toContainText("Paid");
	await expect(paid).toContainText("Visa •••• 4242");
	await expect(main.getByRole("list", { name: "Outstanding bills" })).toHaveCount(0);

	// The toast gone (axe would judge it under the dialog's overlay), the receipt.
	await expect(toasts(page).getByText(/Payment of/)).toHaveCount(0);
	await paid.getByRole("button", { name: /^Receipt/ }).click();
	const receipt = page.getByRole("dialog", { name: "Receipt" });
	await expect(receipt.getByTestId("receipt")).toContainText(amount);
	await expect(receipt).toContainText("•••• 4242");
	await expect(receipt).toContainText("Pat Payer");
	await expect(receipt.getByRole("button", { name: "Print" })).toBeEnabled();
	await expectNoSeriousA11yViolations(page);
	await shots(page, "receipt");
});

test("a declined card shows the message on the checkout and the bill stays pending", async ({
	owner,
	page,
}) => {
	test.setTimeout(90_000);
	const { billId } = await approvedCustomer(page, owner, "Dee Clined");

	await page.goto(`/app/payments/checkout/${billId}`);
	const main = page.getByRole("main");
	await fillCard(page, DECLINED_CARD);
	await main.getByRole("button", { name: /^Pay \$/ }).click();
	await expect(main.getByRole("alert")).toHaveText("Your card was declined");
	// The fields stay as typed, and the button is ready for another card.
	await expect(main.getByLabel("Card Number")).toHaveValue(DECLINED_CARD);
	await expect(main.getByRole("button", { name: /^Pay \$/ })).toBeEnabled();

	await main.getByRole("link", { name: "Back to QuickPay" }).click();
	await expect(main.getByRole("list", { name: "Outstanding bills" })).toHaveCount(1);
	await expect(main.getByRole("list", { name: "Paid bills" })).toHaveCount(0);

	// Back from a cancelled hosted checkout: said once, and the address cleaned up.
	await page.goto(`/app/payments?checkout=cancelled&bill=${billId}`);
	await expect(toasts(page)).toContainText("Payment cancelled");
	await expect(page).toHaveURL(/\/app\/payments$/);
});

test("the owner adds a customer with the success card and sees the payment note", async ({
	owner,
}) => {
	test.setTimeout(120_000);
	await owner.goto("/owner");
	await owner.getByRole("button", { name: "Add Customer" }).click();
	const form = owner.getByRole("form", { name: "Add Customer" });

	await form.getByLabel("Customer Name").fill("Carla Card");
	await form.getByLabel("Email").fill(uniqueEmail("card"));
	await form.getByLabel("Password").fill("card-lights-1");
	await form.getByLabel("House Outline", { exact: true }).check();
	await form.getByLabel("Street Address").fill("5 Birch Lane");
	await form.getByLabel("City", { exact: true }).fill("Canton");

	const section = form.getByRole("region", { name: "Payment Information" });
	await expect(section.getByTestId("test-mode")).toContainText("Test mode");
	await section.getByLabel("Cardholder Name").fill("Carla Card");
	await section.getByLabel("Card Number").fill(SUCCESS_CARD);
	await section.getByLabel("Expiry Date (MM/YY)").fill(EXPIRY);
	await section.getByLabel("CVV").fill("123");
	await section.getByLabel("Billing Address").fill("5 Birch Lane");
	await section.getByLabel("Billing ZIP Code").fill("44702");
	await form.getByRole("button", { name: "Create Customer Account" }).click();

	// An account made at the product's password cost, then a charge: slow beside a busy worker.
	await expect(toasts(owner)).toContainText("Payment of $400.00 processed successfully!", {
		timeout: 30_000,
	});
	await expect(form).toBeHidden();
	const card = owner.getByRole("link").filter({ hasText: "Carla Card" });
	await expect(card).toBeVisible();
	await expect(card).not.toContainText("Past due");
});

test("a second submit of Add Customer while the first is under way sends nothing more: the owner sees the one account and its payment note", async ({
	owner,
}) => {
	test.setTimeout(120_000);
	await owner.goto("/owner");
	await owner.getByRole("button", { name: "Add Customer" }).click();
	const form = owner.getByRole("form", { name: "Add Customer" });
	await form.getByLabel("Customer Name").fill("Dora Double");
	await form.getByLabel("Email").fill(uniqueEmail("double"));
	await form.getByLabel("Password").fill("double-lights-1");
	await form.getByLabel("House Outline", { exact: true }).check();
	await form.getByLabel("Street Address").fill("7 Birch Lane");
	const section = form.getByRole("region", { name: "Payment Information" });
	await section.getByLabel("Cardholder Name").fill("Dora Double");
	await section.getByLabel("Card Number").fill(SUCCESS_CARD);
	await section.getByLabel("Expiry Date (MM/YY)").fill(EXPIRY);
	await section.getByLabel("CVV").fill("123");
	await section.getByLabel("Billing Address").fill("7 Birch Lane");
	await section.getByLabel("Billing ZIP Code").fill("44702");

	const sent: (string | null)[] = [];
	owner.on("request", (request) => {
		if (request.method() === "POST" && new URL(request.url()).pathname === "/api/owner/customers")
			sent.push(request.headers()["idempotency-key"] ?? null);
	});
	// Two submits in one go, before the page can show the button disabled (a fast double click).
	await form.evaluate((element: HTMLFormElement) => {
		element.requestSubmit();
		element.requestSubmit();
	});

	// An account made at the product's password cost, then a charge: slow beside a busy worker.
	await expect(toasts(owner)).toContainText("Payment of $400.00 processed successfully!", {
		timeout: 30_000,
	});
	await expect(form).toBeHidden();
	await expect(toasts(owner)).not.toContainText("already in use");
	expect(sent).toHaveLength(1);
	expect(sent[0]).toMatch(/^[0-9a-f-]{36}$/);
});

test("the owner refunds a paid bill from the customer page and sees it refunded", async ({
	owner,
	page,
}) => {
	test.setTimeout(120_000);
	const name = `Rory Refund ${Date.now().toString(36)}`;
	const { billId } = await approvedCustomer(page, owner, name);
	const paid = await page.request.post(`/api/bills/${billId}/pay`, {
		data: {
			card: {
				cardholderName: name,
				cardNumber: SUCCESS_CARD,
				expiry: EXPIRY,
				cvc: "123",
			},
		},
	});
	expect(paid.status(), await paid.text()).toBe(200);
	const { amountCents } = (await paid.json()) as { amountCents: number };
	const amount = `$${(amountCents / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })}`;

	const found = await owner.request.get(`/api/owner/customers?q=${encodeURIComponent(name)}`);
	const { customers } = (await found.json()) as { customers: { id: string }[] };
	await owner.goto(`/owner/customer/${customers[0]!.id}?tab=billing`);
	const main = owner.getByRole("main");
	const payments = main.getByRole("list", { name: "Card payments" });
	const payment = payments.getByRole("listitem").first();
	await expect(payment).toContainText(amount);
	await expect(payment).toContainText("•••• 4242");
	await expect(payment).toContainText("Succeeded");
	await expect(main.getByText("Card refunds usually appear in 3-5 business days")).toBeVisible();
	await shots(owner, "owner-payments");
	await expectNoSeriousA11yViolations(owner);

	await payment.getByRole("button", { name: "Refund" }).click();
	const dialog = owner.getByRole("dialog", { name: "Refund payment" });
	await expect(dialog.getByLabel("Refund Amount ($)")).toHaveValue((amountCents / 100).toFixed(2));
	await dialog.getByRole("button", { name: "Refund" }).click();
	await expect(dialog.getByRole("alert")).toHaveText("Enter the reason for the refund");
	await dialog.getByLabel("Reason").fill("Display moved to next season");
	await dialog.getByRole("button", { name: "Refund" }).click();

	await expect(toasts(owner)).toContainText(`Refunded ${amount}`);
	await expect(dialog).toBeHidden();
	await expect(payment).toContainText("Refunded");
	await expect(payment.getByRole("button", { name: "Refund" })).toHaveCount(0);

	// The customer sees the bill refunded on QuickPay.
	await page.goto("/app/payments");
	const settled = page.getByRole("main").getByRole("list", { name: "Paid bills" });
	await expect(settled.getByRole("listitem").first()).toContainText("Refunded");
});

test("a customer joins the Plan for Next Year in test mode, the owner sees it, and the customer cancels", async ({
	owner,
	page,
}) => {
	test.setTimeout(90_000);
	const name = `Paula Plan ${Date.now().toString(36)}`;
	await approvedCustomer(page, owner, name);

	await page.goto("/app/payments");
	const plan = page.getByRole("main").getByTestId("plan-card");
	await expect(plan).toContainText("Test mode");
	await expect(plan.getByTestId("plan-price")).toHaveText("$29.99");
	// Where they join, both charges are said: today's and the next one, on the 1st.
	const [year, month] = businessDate().split("-").map(Number) as [number, number];
	const nextFirst = formatDate(new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10));
	const charges = `Joining charges $29.99 today for`;
	await expect(plan.getByTestId("plan-charges")).toContainText(charges);
	await expect(plan.getByTestId("plan-charges")).toContainText(
		`then $29.99 on the 1st of every month, the next on ${nextFirst}.`,
	);
	await plan.getByRole("button", { name: "Join the plan" }).click();
	const dialog = page.getByRole("dialog", { name: "Join the Plan for Next Year" });
	await expect(dialog).toContainText("Test mode");
	await expect(dialog).toContainText(charges);
	await expect(dialog).toContainText(nextFirst);
	await dialog.getByLabel("Card Number").fill(SUCCESS_CARD);
	await dialog.getByLabel("Expiry Date (MM/YY)").fill(EXPIRY);
	await dialog.getByLabel("CVV").fill("123");
	await dialog.getByLabel("Cardholder Name").fill(name);
	await dialog.getByRole("button", { name: "Join for $29.99/month" }).click();
	await expect(toasts(page)).toContainText("You're on the Plan for Next Year");
	await expect(dialog).toBeHidden();
	await expect(plan.getByTestId("plan-active")).toContainText("Next charge");
	await expect(plan.getByTestId("plan-active")).toContainText("•••• 4242");

	// The owner sees the plan on the customer's card and page.
	await owner.goto("/owner");
	const card = owner.getByRole("link").filter({ hasText: name });
	await expect(card.getByText("Plan", { exact: true })).toBeVisible();
	await card.click();
	await owner.getByRole("tab", { name: "Billing" }).click();
	await expect(owner.getByTestId("customer-plan")).toContainText(
		"Plan for Next Year: active, next charge",
	);

	await plan.getByRole("button", { name: "Cancel plan" }).click();
	const confirm = page.getByRole("dialog", { name: "Cancel your plan?" });
	await confirm.getByRole("button", { name: "Cancel plan" }).click();
	await expect(toasts(page)).toContainText("Your plan is cancelled: no more monthly charges");
	await expect(plan.getByRole("button", { name: "Join the plan" })).toBeVisible();
});

test("with test mode switched off in Settings, Pay asks the customer to call", async ({
	newPage,
	freshServer,
}) => {
	test.setTimeout(120_000);
	const owner = await newPage({ ...devices["Desktop Chrome"], baseURL: freshServer.url });
	const signUp = await owner.request.post("/api/account/sign-up", {
		data: { ...OWNER, role: "owner" },
	});
	// Signed up is signed in.
	expect(signUp.status(), await signUp.text()).toBe(201);
	const page = await newPage({ baseURL: freshServer.url });
	await approvedCustomer(page, owner, "Cal Later");

	await owner.goto("/owner/settings");
	const testMode = owner.getByRole("switch", { name: "Test mode" });
	await expect(testMode).toBeChecked();
	await testMode.click();
	await owner.getByRole("button", { name: "Save Settings" }).click();
	await expect(toasts(owner)).toContainText("Settings saved");
	await owner.reload();
	await expect(owner.getByRole("switch", { name: "Test mode" })).not.toBeChecked();

	await page.goto("/app/payments");
	const main = page.getByRole("main");
	await expect(main.getByTestId("test-mode")).toHaveCount(0);
	const bill = main.getByRole("list", { name: "Outstanding bills" }).getByRole("listitem").first();
	await bill.getByRole("button", { name: /^Pay / }).click();
	await expect(toasts(page)).toContainText("Online payment is not available yet: please call");
	await expect(page).toHaveURL(/\/app\/payments$/);
});
