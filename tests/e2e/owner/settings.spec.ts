import {
	expect,
	OWNER,
	type Page,
	type PageOptions,
	signUpViaApi,
	test,
	uniqueEmail,
} from "../support/fixtures.ts";
import { toasts } from "../support/public.ts";

// Each test changes the business's settings, so each has an install of its own (the worker's
// shared server keeps the defaults other specs read).

const SHOTS = process.env.SCREENSHOT_DIR;

/** A full-page screenshot at phone and desk width, when SCREENSHOT_DIR is set. */
async function screenshots(page: Page, name: string) {
	if (!SHOTS) return;
	for (const width of [390, 1280]) {
		await page.setViewportSize({ width, height: 900 });
		await page.waitForTimeout(200);
		await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
	}
}

/** The fresh install's owner, signed up in a page of `newPage` (the test's fixture). */
async function ownerPage(newPage: (options?: PageOptions) => Promise<Page>, url: string) {
	const page = await newPage({ baseURL: url });
	await signUpViaApi(page, { ...OWNER, role: "owner" });
	return { context: page.context(), page };
}

/** The services /quote offers, in its order. */
async function quoteFormServices(page: Page) {
	await page.goto("/quote");
	const main = page.getByRole("main");
	await expect(main.getByRole("checkbox").first()).toBeVisible();
	return main
		.getByRole("checkbox")
		.evaluateAll((boxes) =>
			boxes.map((b) => (b as HTMLInputElement).labels?.[0]?.textContent?.trim() ?? ""),
		);
}

test("the owner adds, deactivates and reorders service options, and /quote follows", async ({
	newPage,
	freshServer,
}) => {
	const { context, page } = await ownerPage(newPage, freshServer.url);
	const visitor = await context.newPage();
	const before = await quoteFormServices(visitor);
	expect(before).toContain("Windows");
	expect(before).not.toContain("Roofline Icicles");

	await page.goto("/owner/settings");
	const options = page.getByRole("list", { name: "Service options" });
	await expect(options.getByRole("listitem")).toHaveCount(8);

	// Add: required fields first, then a price in dollars rounded to cents.
	await page.getByRole("button", { name: "Add Service Option" }).click();
	const dialog = page.getByRole("dialog");
	await dialog.getByLabel("Name").fill("Roofline Icicles");
	await dialog.getByRole("button", { name: "Add Service Option" }).click();
	await expect(toasts(page)).toContainText("Please fill in all required fields");
	// Each empty field says so under it, and its message goes once it is filled.
	await expect(dialog.getByText("Description is required")).toBeVisible();
	await expect(dialog.getByText("Base price is required")).toBeVisible();
	await expect(dialog.getByText("Name is required")).toHaveCount(0);
	await expect(dialog.getByLabel("Description")).toHaveAccessibleDescription(
		"Description is required",
	);
	await expect(dialog.getByLabel("Description")).toBeFocused();
	await expect(dialog.getByLabel("Name")).not.toHaveAttribute("aria-invalid", "true");
	await dialog.getByLabel("Description").fill("Warm white icicles along the roofline");
	await expect(dialog.getByText("Description is required")).toHaveCount(0);
	await expect(dialog.getByText("Base price is required")).toBeVisible();
	await dialog.getByLabel("Base Price ($)").fill("149.999");
	await expect(dialog.getByText("Base price is required")).toHaveCount(0);
	await dialog.getByLabel("Quantity allowed (priced per item)").check();
	await dialog.getByRole("button", { name: "Add Service Option" }).click();
	await expect(toasts(page)).toContainText("Service option added successfully");
	await expect(dialog).toHaveCount(0);
	const icicles = options.getByRole("listitem", { name: "Roofline Icicles" });
	await expect(icicles).toContainText("$150.00 each");
	expect((await quoteFormServices(visitor)).at(-1)).toBe("Roofline Icicles");

	// Deactivate: gone from /quote, still listed here as inactive; and back.
	const windows = options.getByRole("listitem", { name: "Windows" });
	await windows.getByRole("button", { name: "Deactivate" }).click();
	await expect(toasts(page)).toContainText("Service option deactivated");
	await expect(windows.getByText("Inactive")).toBeVisible();
	expect(await quoteFormServices(visitor)).not.toContain("Windows");

	// Reorder: the new option moves up two places.
	await icicles.getByRole("button", { name: "Move Roofline Icicles up" }).click();
	await expect(options.getByRole("listitem").nth(7)).toHaveAccessibleName("Roofline Icicles");
	await icicles.getByRole("button", { name: "Move Roofline Icicles up" }).click();
	await expect(options.getByRole("listitem").nth(6)).toHaveAccessibleName("Roofline Icicles");
	const reordered = await quoteFormServices(visitor);
	expect(reordered.slice(-3)).toEqual(["Walkway & Driveway", "Roofline Icicles", "Specialty"]);

	// Edit, then delete.
	await icicles.getByRole("button", { name: "Edit Roofline Icicles" }).click();
	await dialog.getByLabel("Name").fill("Icicle Lights");
	await dialog.getByRole("button", { name: "Save" }).click();
	await expect(toasts(page)).toContainText("Service option updated successfully");
	const renamed = options.getByRole("listitem", { name: "Icicle Lights" });
	await expect(renamed).toBeVisible();
	await screenshots(page, "owner-settings");
	await renamed.getByRole("button", { name: "Delete Icicle Lights" }).click();
	await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
	await expect(toasts(page)).toContainText("Service option deleted successfully");
	await expect(options.getByRole("listitem")).toHaveCount(8);
	expect(await quoteFormServices(visitor)).not.toContain("Icicle Lights");
});

test("a new business phone shows on / and /contact without a rebuild", async ({
	newPage,
	freshServer,
}) => {
	const { context, page } = await ownerPage(newPage, freshServer.url);
	await page.goto("/owner/settings");
	const form = page.getByRole("form", { name: "Business settings" });
	// A bad number is refused before it is sent: the toast, and the field marked and focused.
	await form.getByLabel("Phone").fill("call us");
	await form.getByRole("button", { name: "Save Settings" }).click();
	await expect(toasts(page)).toContainText(
		"Failed to save settings: Please enter a valid phone number",
	);
	await expect(form.getByLabel("Phone")).toHaveAttribute("aria-invalid", "true");
	await expect(form.getByLabel("Phone")).toHaveAccessibleDescription(
		"Please enter a valid phone number",
	);
	await expect(form.getByLabel("Phone")).toBeFocused();
	await form.getByLabel("Phone").fill("(330) 555-0199");
	await form
		.getByLabel("Service Areas")
		.fill("Canton, OH\nAkron, OH\nCleveland, OH\nMassillon, OH");
	await form.getByLabel("Secret Key").fill("sk_test_51SecretValue9876");
	await form.getByRole("button", { name: "Save Settings" }).click();
	await expect(toasts(page)).toContainText("Settings saved");
	await expect(form.getByLabel("Secret Key")).toHaveValue("");
	await expect(form.getByText("Saved, ending …9876.")).toBeVisible();

	for (const path of ["/", "/contact"]) {
		// The HTML itself, as a search engine reads it.
		const html = await (await page.request.get(path)).text();
		expect(html).toContain("(330) 555-0199");
		expect(html).toContain('href="tel:+13305550199"');
		expect(html).not.toContain("(330) 555-0142");
		expect(html).not.toContain("SecretValue");
	}
	const visitor = await context.newPage();
	await visitor.goto("/");
	const footer = visitor.getByRole("contentinfo");
	await expect(footer.getByRole("link", { name: "(330) 555-0199" })).toHaveAttribute(
		"href",
		"tel:+13305550199",
	);
	await expect(footer).toContainText("Massillon, OH");
	await visitor.goto("/contact");
	const details = visitor.getByRole("region", { name: "Contact details" });
	await expect(details.getByRole("link", { name: "(330) 555-0199" })).toBeVisible();
	await expect(details).toContainText("Massillon, OH");
});

test.describe("the Profile tab", () => {
	// The refused save answers 400, which the browser reports in its console.
	test.use({ allowedConsoleErrors: [/status of 400 .*\/api\/me\/profile/] });

	test("a customer sees their service and edits their profile", async ({
		newPage,
		freshServer,
	}) => {
		const { context: ownerContext, page: owner } = await ownerPage(newPage, freshServer.url);
		const page = await newPage({ baseURL: freshServer.url });
		const email = uniqueEmail();
		await signUpViaApi(page, { email, password: "customer-secret", displayName: "Casey Customer" });
		const catalog = await (await page.request.get("/api/catalog")).json();
		const outline = catalog.services.find((s: { name: string }) => s.name === "House Outline");
		const sent = await page.request.post("/api/quote-requests", {
			multipart: {
				data: JSON.stringify({
					address: "100 Market Ave N",
					city: "Canton",
					state: "OH",
					services: [{ serviceId: outline.id, quantity: 1 }],
				}),
			},
		});
		expect(sent.status(), await sent.text()).toBe(201);
		const { id } = await sent.json();
		const approved = await owner.request.post(`/api/owner/quotes/app/${id}/approve`, { data: {} });
		expect(approved.status(), await approved.text()).toBe(200);
		await ownerContext.close();

		await page.goto("/app/profile");
		const service = page.getByRole("main");
		await expect(service.getByRole("list", { name: "Services" })).toContainText("House Outline");
		await expect(service).toContainText("100 Market Ave N, Canton, OH");
		await expect(service.getByRole("progressbar", { name: "Install progress" })).toBeVisible();

		await page.getByRole("button", { name: "Edit Profile" }).click();
		await page.getByLabel("Display Name").fill("Casey Q. Customer");
		await page.getByLabel("Phone").fill("call me");
		await page.getByRole("button", { name: "Save Profile" }).click();
		await expect(toasts(page)).toContainText(
			"Failed to save profile: Please enter a valid phone number",
		);
		await page.getByLabel("Phone").fill("(330) 555-0123");
		await page.getByRole("button", { name: "Save Profile" }).click();
		await expect(toasts(page)).toContainText("Profile saved");
		// The main column, not the desk's top bar, which names the account too.
		await expect(service.getByText("Casey Q. Customer")).toBeVisible();
		await expect(service.getByText("(330) 555-0123")).toBeVisible();
		await screenshots(page, "app-profile");
		await page.reload();
		await expect(service.getByText("Casey Q. Customer")).toBeVisible();
	});
});

// The worker's shared install: the switch is put back on before the test ends.
test("the owner switches a reminder off in Settings → Automations and it stays off", async ({
	ownerPage: page,
}) => {
	await page.goto("/owner/settings");
	const overdue = page.getByRole("switch", { name: "Bill overdue 14 days" });
	await expect(overdue).toBeChecked();
	await expect(
		page.getByText("Nothing sent yet. Reminders appear here as they go out."),
	).toBeVisible();
	await overdue.click();
	await expect(overdue).not.toBeChecked();
	await page.reload();
	await expect(page.getByRole("switch", { name: "Bill overdue 14 days" })).not.toBeChecked();
	await expect(page.getByRole("switch", { name: /Install reminder/ })).toBeChecked();
	await page.getByRole("switch", { name: "Bill overdue 14 days" }).click();
	await expect(page.getByRole("switch", { name: "Bill overdue 14 days" })).toBeChecked();

	// The review request needs a link: a bad one is refused at its field, a good one kept.
	await expect(page.getByText("Add a review link below to send it")).toBeVisible();
	const link = page.getByRole("textbox", { name: "Review link" });
	await link.fill("g.page/buckeye");
	await page.getByRole("button", { name: "Save Link" }).click();
	await expect(link).toHaveAccessibleDescription(
		/Enter a web address starting with https:\/\/, or leave it empty/,
	);
	await link.fill("https://g.page/r/buckeye-lights/review");
	await page.getByRole("button", { name: "Save Link" }).click();
	await expect(page.getByText("Review link saved")).toBeVisible();
	await expect(page.getByText("Add a review link below to send it")).toHaveCount(0);
	await page.reload();
	await expect(page.getByLabel("Review link")).toHaveValue(
		"https://g.page/r/buckeye-lights/review",
	);
	await page.getByRole("heading", { name: "Automations" }).scrollIntoViewIfNeeded();
	await screenshots(page, "settings-automations");
	await link.fill("");
	await page.getByRole("button", { name: "Save Link" }).click();
	await expect(page.getByText("Review link removed")).toBeVisible();
});
