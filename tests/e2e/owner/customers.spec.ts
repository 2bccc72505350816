import sharp from "sharp";
import { addDays, businessDate, formatDate } from "../../../src/shared/dates.ts";
import { expect, type Page, test, uniqueEmail } from "../support/fixtures.ts";
import { toasts } from "../support/public.ts";

const SHOTS = process.env.SHOTS_DIR;

// The unknown customer's page answers 404 before the page goes back to the dashboard.
test.use({ allowedConsoleErrors: [/status of 404 .*\/api\/owner\/customers\/00000000-/] });

async function shot(page: Page, name: string) {
	if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test("the owner adds a customer with two services and a custom price; the customer signs in and sees the quote and bill", async ({
	ownerPage: owner,
	customerPage,
}) => {
	test.setTimeout(120_000);
	await owner.goto("/owner");
	await owner.getByRole("button", { name: "Add Customer" }).click();
	const form = owner.getByRole("form", { name: "Add Customer" });

	// Nothing filled in: SPEC's message, nothing sent.
	await form.getByRole("button", { name: "Create Customer Account" }).click();
	await expect(toasts(owner)).toContainText("Customer name, email, and password are required");
	await expect(form.getByLabel("Customer Name")).toHaveAttribute("aria-invalid", "true");
	await expect(form.getByLabel("Customer Name")).toBeFocused();
	await expect(form.getByLabel("Street Address")).toHaveAttribute("aria-invalid", "true");

	const email = uniqueEmail("porch");
	await form.getByLabel("Customer Name").fill("Dana Porch");
	await form.getByLabel("Email").fill(email);
	await form.getByLabel("Password").fill("porch-lights-1");
	await expect(form.getByText("Customer will use this to sign into their account")).toBeVisible();
	await form.getByLabel("House Outline", { exact: true }).check();
	await form.getByLabel("Medium Trees", { exact: true }).check();
	// The quantity is set in one place: the summary's price table.
	await expect(form.getByRole("group", { name: "Quantity for Medium Trees" })).toHaveCount(0);
	await expect(form.getByRole("spinbutton", { name: /^Quantity for/ })).toHaveCount(1);
	await form.getByRole("spinbutton", { name: "Quantity for Medium Trees" }).fill("0");
	await expect(form.getByRole("spinbutton", { name: "Quantity for Medium Trees" })).toHaveValue(
		"1",
	);
	await form.getByRole("spinbutton", { name: "Quantity for Medium Trees" }).fill("2");
	await expect(form.getByRole("spinbutton", { name: "Price for House Outline" })).toHaveValue(
		"400.00",
	);
	await form.getByRole("spinbutton", { name: "Price for House Outline" }).fill("450");
	await expect(form.getByTestId("add-customer-total")).toHaveText("$700.00");
	const instant = form.getByRole("button", { name: "Get Instant AI Quote" });
	await expect(instant).toBeDisabled();
	await form.getByLabel("Street Address").fill("12 Elm Street");
	await form.getByLabel("City", { exact: true }).fill("Canton");
	await instant.click();
	await expect(form.getByRole("heading", { name: "AI Quote Generated" })).toBeVisible();
	await expect(instant).toBeHidden();
	await form.getByRole("textbox", { name: "Additional Notes" }).fill("Gate code 1234");
	await shot(owner, "dashboard-add-form-1280");

	await form.getByRole("button", { name: "Create Customer Account" }).click();
	await expect(toasts(owner)).toContainText("Customer account created");
	await expect(form).toBeHidden();
	const card = owner.getByRole("link").filter({ hasText: "Dana Porch" });
	await expect(card).toBeVisible();
	// Its bill is due in 30 days: pending, not past due.
	await expect(card).toContainText(`Bill due ${formatDate(addDays(businessDate(), 30))}`);
	await expect(card).not.toContainText("Past due");

	// The customer signs in with the password the owner set.
	const customer = await customerPage();
	await customer.goto("/auth");
	await customer.getByLabel("Email Address").fill(email);
	await customer.getByLabel("Password").fill("porch-lights-1");
	await customer.getByRole("button", { name: "Sign In" }).click();
	await expect(customer).toHaveURL(/\/app$/);
	await expect(customer.getByRole("main")).toContainText("$700.00");
	await customer.goto("/app/payments");
	await expect(customer.getByRole("main")).toContainText("$700.00");
});

test("the owner edits a customer, toggles progress and uploads an image", async ({
	ownerPage: owner,
	customerPage,
}) => {
	test.setTimeout(120_000);
	// A customer made through the API, with a photo, a service and a bill.
	const catalog = (await (await owner.request.get("/api/catalog")).json()) as {
		services: { id: string; name: string; basePriceCents: number }[];
	};
	const outline = catalog.services.find((s) => s.name === "House Outline")!;
	const email = uniqueEmail("edit");
	const created = await owner.request.post("/api/owner/customers", {
		multipart: {
			data: JSON.stringify({
				name: "Eli Eaves",
				email,
				password: "eaves-lights-1",
				phone: "330-555-0177",
				address: "7 Oak Street",
				city: "Akron",
				services: [{ serviceId: outline.id, quantity: 1, unitPriceCents: 40000 }],
			}),
			photos: {
				name: "front.png",
				mimeType: "image/png",
				buffer: await sharp({
					create: { width: 40, height: 30, channels: 3, background: "#246" },
				})
					.png()
					.toBuffer(),
			},
		},
	});
	expect(created.status(), await created.text()).toBe(201);
	const { id } = (await created.json()) as { id: string };

	// Found by searching the street.
	await owner.goto("/owner");
	await owner.getByLabel("Search customers").fill("7 oak");
	await owner.getByRole("link").filter({ hasText: "Eli Eaves" }).click();
	await expect(owner).toHaveURL(new RegExp(`/owner/customer/${id}$`));
	const main = owner.getByRole("main");
	// The summary above the tabs: what is owed, and where and how to reach them.
	const summary = main.getByRole("region", { name: "Customer summary" });
	await expect(summary.getByRole("heading", { level: 1, name: "Eli Eaves" })).toBeVisible();
	// Its bill is pending, due in 30 days: active, not past due.
	await expect(summary).toContainText("Active");
	await expect(summary).not.toContainText("Past due");
	await expect(summary.getByTestId("customer-balance-due")).toHaveText("$400.00");
	await expect(summary.getByRole("link", { name: /7 Oak Street, Akron/ })).toHaveAttribute(
		"href",
		"https://www.google.com/maps/search/?api=1&query=7%20Oak%20Street%2C%20Akron",
	);
	await expect(summary.getByRole("link", { name: "330-555-0177" })).toHaveAttribute(
		"href",
		"tel:+13305550177",
	);
	const tabs = main.getByRole("tablist", { name: "Customer sections" });
	await tabs.getByRole("tab", { name: "Billing" }).click();
	await expect(owner).toHaveURL(/\?tab=billing$/);
	await expect(main.getByText("Holiday lighting installation")).toBeVisible();
	await tabs.getByRole("tab", { name: "Requests" }).click();
	await expect(main.getByRole("img", { name: /The property, 1 of 1/ })).toBeVisible();
	// Back returns to the tab before; the Overview is the page's own address.
	await owner.goBack();
	await expect(tabs.getByRole("tab", { name: "Billing" })).toHaveAttribute("aria-selected", "true");
	await tabs.getByRole("tab", { name: "Overview" }).click();
	await expect(owner).toHaveURL(new RegExp(`/owner/customer/${id}$`));

	// Progress: saved at once, without edit mode.
	await main.getByLabel("Installation complete").check();
	await expect(main.getByTestId("progress-percent")).toHaveText("25%");
	await owner.reload();
	await expect(main.getByLabel("Installation complete")).toBeChecked();
	await expect(main.getByTestId("progress-percent")).toHaveText("25%");

	// Edit mode: account info, notes and the image dialog.
	await main.getByRole("button", { name: "Edit", exact: true }).click();
	// An emptied name is refused: SPEC's toast, and the field marked, described and focused.
	await main.getByLabel("Name").fill("");
	await main.getByRole("button", { name: "Save", exact: true }).click();
	await expect(toasts(owner)).toContainText("Customer name is required");
	await expect(main.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
	await expect(main.getByLabel("Name")).toHaveAccessibleDescription("Customer name is required");
	await expect(main.getByLabel("Name")).toBeFocused();
	await main.getByLabel("Name").fill("Eli Eaves-Trough");
	await expect(main.getByLabel("Name")).not.toHaveAttribute("aria-invalid", "true");
	await main.getByLabel("Status").selectOption("inactive");
	await main.getByLabel("Service Type").selectOption("maintenance");
	await main.getByLabel("Property notes").fill("Ladder in the garage");
	await main.getByRole("button", { name: "Change image" }).first().click();
	const dialog = owner.getByRole("dialog");
	await dialog.locator('input[type="file"]').setInputFiles({
		name: "eli.png",
		mimeType: "image/png",
		buffer: await sharp({ create: { width: 64, height: 64, channels: 3, background: "#c33" } })
			.png()
			.toBuffer(),
	});
	await expect(toasts(owner)).toContainText("Image uploaded for Eli Eaves");
	await main.getByRole("button", { name: "Save", exact: true }).click();
	await expect(toasts(owner)).toContainText("Customer updated successfully");
	await expect(main.getByRole("button", { name: "Edit", exact: true })).toBeVisible();
	await expect(main).toContainText("Eli Eaves-Trough");
	await expect(main).toContainText("Maintenance");
	await expect(main).toContainText("Ladder in the garage");
	await expect(main.getByRole("img", { name: "Eli Eaves-Trough" })).toBeVisible();

	// Marked paid by check, after a confirmation naming the bill, its amount and the method; undone
	// from the toast, then recorded again. The customer's open payments page follows each step.
	const customer = await customerPage({ email, password: "eaves-lights-1" });
	await customer.goto("/app/payments");
	const outstanding = customer.getByTestId("outstanding-bill");
	const paidBill = customer.getByTestId("paid-bill");
	await expect(outstanding).toContainText("$400.00");
	await tabs.getByRole("tab", { name: "Billing" }).click();
	await main.getByRole("button", { name: "Paid by check" }).click();
	const confirm = owner.getByRole("dialog", { name: "Record a check payment?" });
	await expect(confirm).toContainText("Holiday lighting installation: $400.00, paid by check.");
	await shot(owner, "confirm-check-1280");
	await confirm.getByRole("button", { name: "Cancel" }).click();
	await expect(confirm).toBeHidden();
	await expect(main.getByText("Pending", { exact: true })).toBeVisible();
	await main.getByRole("button", { name: "Paid by check" }).click();
	await confirm.getByRole("button", { name: "Record Payment" }).click();
	await expect(main.getByText("Paid · check")).toBeVisible();
	await expect(toasts(owner)).toContainText(
		"Holiday lighting installation: $400.00, paid by check",
	);
	await expect(paidBill).toContainText("$400.00");
	await expect(outstanding).toHaveCount(0);
	await shot(owner, "undo-toast-1280");
	await toasts(owner).getByRole("button", { name: "Undo" }).click();
	await expect(toasts(owner)).toContainText("Payment record undone: the bill is pending again");
	await expect(main.getByText("Pending", { exact: true })).toBeVisible();
	await expect(outstanding).toContainText("$400.00");
	await expect(paidBill).toHaveCount(0);
	await main.getByRole("button", { name: "Paid by check" }).click();
	await confirm.getByRole("button", { name: "Record Payment" }).click();
	await expect(main.getByText("Paid · check")).toBeVisible();
	await expect(summary.getByTestId("customer-balance-due")).toHaveText("$0.00");
	await shot(owner, "customer-page-1280");
	const phone = await owner.context().newPage();
	await phone.setViewportSize({ width: 390, height: 900 });
	await phone.goto(`/owner/customer/${id}`);
	await expect(phone.getByTestId("progress-percent")).toHaveText("50%");
	await shot(phone, "customer-page-390");
	await phone.goto("/owner");
	await phone.getByRole("button", { name: "Add Customer" }).click();
	await shot(phone, "dashboard-add-form-390");

	// An unknown customer: back to the dashboard.
	await owner.goto("/owner/customer/00000000-0000-4000-8000-000000000000");
	await expect(toasts(owner)).toContainText("Customer not found");
	await expect(owner).toHaveURL(/\/owner$/);
});
