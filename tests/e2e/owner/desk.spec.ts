import {
	devices,
	expect,
	OWNER,
	type Page,
	type PageOptions,
	signInViaApi,
	signUpViaApi,
	test,
	uniqueEmail,
} from "../support/fixtures.ts";
import { expectNoSeriousA11yViolations, toasts } from "../support/public.ts";

const SHOTS = process.env.SHOTS_DIR;
const EXPIRY = `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, "0")}`;

type NewPage = (options?: PageOptions) => Promise<Page>;

/** A phone below 600 px, a desk above, from the `newPage` fixture (closed after the test). */
function pageAt(newPage: NewPage, baseURL: string, width: number) {
	const device = width < 600 ? devices["Pixel 7"] : devices["Desktop Chrome"];
	const { defaultBrowserType: _, ...options } = device;
	return newPage({ ...options, baseURL, viewport: { width, height: width < 600 ? 844 : 900 } });
}

async function shot(page: Page, name: string) {
	if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/**
 * How far the page is wider than the window. A phone's browser zooms out to show a page wider
 * than its layout viewport (innerWidth grows with it), so the viewport's own width is checked too.
 */
const overflow = (page: Page) =>
	page.evaluate(
		(width) => document.documentElement.scrollWidth - Math.min(window.innerWidth, width),
		page.viewportSize()!.width,
	);

async function catalog(page: Page) {
	const body = await (await page.request.get("/api/catalog")).json();
	return body.services as { id: string; name: string }[];
}

async function websiteQuote(page: Page, name: string, city: string) {
	const services = await catalog(page);
	const outline = services.find((s) => s.name === "House Outline")!;
	const sent = await page.request.post("/api/public/quote-requests", {
		multipart: {
			data: JSON.stringify({
				name,
				email: `${name.split(" ")[0]!.toLowerCase()}@example.test`,
				phone: "330-555-0142",
				address: "44 Elm St",
				city,
				services: [{ serviceId: outline.id, quantity: 1 }],
				withInstantQuote: true,
			}),
		},
	});
	expect(sent.status()).toBe(201);
}

test("an approved website quote stays reachable after Later: its filter, its count and the dashboard line offer 'Create customer account' again", async ({
	newPage,
	freshServer,
}) => {
	test.setTimeout(120_000);
	const page = await pageAt(newPage, freshServer.url, 1440);
	await websiteQuote(page, "Wendy Web", "Akron");
	await websiteQuote(page, "Larry Lead", "Canton");
	await signUpViaApi(page, { ...OWNER, role: "owner" });

	await page.goto("/owner/quotes");
	const filters = page.getByRole("navigation", { name: "Quote filters" });
	await expect(filters.getByRole("link", { name: /^All/ })).toHaveAttribute("aria-current", "page");
	await expect(filters.getByRole("link", { name: /^All/ })).toContainText("2");
	await expect(filters.getByRole("link", { name: /^Pending/ })).toContainText("2");
	await expect(filters.getByRole("link", { name: /^Approved, no account/ })).toContainText("0");

	// One summary row per quote; its details open in place, the pricing explanation folded.
	const quotes = page.getByRole("list", { name: "Quotes" });
	const row = quotes.getByRole("button", { name: /Larry Lead/ });
	await expect(row).toContainText("Canton");
	await expect(row).toContainText("Website");
	await expect(row).toContainText("Pending");
	await expect(row).toContainText("today");
	await expect(row).toHaveAttribute("aria-expanded", "false");
	await row.click();
	await expect(row).toHaveAttribute("aria-expanded", "true");
	const explanation = page.getByText("Show how this was priced");
	await expect(explanation).toBeVisible();
	await expect(page.getByText(/^Instant quote:/)).toBeHidden();
	await explanation.click();
	await expect(page.getByText(/^Instant quote:/)).toBeVisible();
	await shot(page, "desk-quotes-open-1440");

	// Approve, then Later: the quote is not lost.
	await page.getByRole("button", { name: "Approve" }).click();
	const dialog = page.getByRole("dialog");
	await expect(dialog).toContainText("Website quote approved! Follow up with customer directly.");
	await dialog.getByRole("button", { name: "Later" }).click();
	await expect(dialog).toHaveCount(0);
	const approved = filters.getByRole("link", { name: /^Approved, no account/ });
	await expect(approved).toContainText("1");
	await expect(filters.getByRole("link", { name: /^Pending/ })).toContainText("1");

	// The dashboard counts it and opens the filtered list.
	await page.goto("/owner");
	const line = page.getByRole("link", {
		name: "1 approved website quote has no customer account yet",
	});
	await line.click();
	await expect(page).toHaveURL(/\/owner\/quotes\?status=approved$/);
	await expect(approved).toHaveAttribute("aria-current", "page");
	await expect(quotes.getByRole("listitem")).toHaveCount(1);
	await quotes.getByRole("button", { name: /Larry Lead/ }).click();
	await page.getByRole("button", { name: "Create customer account" }).click();
	await expect(dialog).toContainText("larry@example.test");
	await dialog.getByRole("button", { name: "Create customer account" }).click();
	await expect(toasts(page)).toContainText("Customer account created");
	await expect(page.getByText("No quote requests found")).toBeVisible();
	await expect(
		page.getByText("Every approved website quote has its customer account."),
	).toBeVisible();
	await expect(approved).toContainText("0");

	// Each filter is in the address, and an empty one says so.
	await page.goto("/owner/quotes?status=rejected");
	await expect(filters.getByRole("link", { name: /^Rejected/ })).toHaveAttribute(
		"aria-current",
		"page",
	);
	await expect(page.getByText("No quote requests found")).toBeVisible();
	await filters.getByRole("link", { name: /^Pending/ }).click();
	await expect(page).toHaveURL(/\?status=pending$/);
	await expect(quotes.getByRole("listitem")).toHaveCount(1);
	await expect(quotes).toContainText("Wendy Web");
	await page.goto("/owner");
	await expect(page.getByRole("link", { name: /approved website quote/ })).toHaveCount(0);
	await page.context().close();
});

test("the dashboard's tiles and recent quotes open what they count", async ({
	newPage,
	freshServer,
}) => {
	test.setTimeout(120_000);
	const page = await pageAt(newPage, freshServer.url, 1440);
	await websiteQuote(page, "Wendy Web", "Akron");
	await signUpViaApi(page, { ...OWNER, role: "owner" });
	await page.goto("/owner");
	const main = page.getByRole("main");
	await main.getByRole("link", { name: /Pending Quotes/ }).click();
	await expect(page).toHaveURL(/\/owner\/quotes\?status=pending$/);
	await expect(page.getByRole("list", { name: "Quotes" })).toContainText("Wendy Web");

	await page.goto("/owner");
	await main.getByRole("link", { name: /Pending Requests/ }).click();
	await expect(page).toHaveURL(/\/owner\/requests$/);

	await page.goto("/owner");
	await main.getByRole("link", { name: /Active Customers/ }).click();
	await expect(page).toHaveURL(/\/owner#customers-heading$/);

	// A recent quote opens in its filter with its details shown.
	await page.goto("/owner");
	await main.getByRole("link", { name: /Wendy Web/ }).click();
	await expect(page).toHaveURL(/\/owner\/quotes\?status=pending&open=website-/);
	await expect(page.getByRole("button", { name: /Wendy Web/ })).toHaveAttribute(
		"aria-expanded",
		"true",
	);
	await expect(page.getByRole("button", { name: "Approve" })).toBeVisible();
	await page.context().close();
});

test("on a phone a customer card with every badge keeps the page its width, and the last card is clear of the role switch", async ({
	newPage,
	server,
}) => {
	test.setTimeout(120_000);
	const owner = await pageAt(newPage, server.url, 390);
	await signInViaApi(owner, OWNER);
	const services = await catalog(owner);
	const email = uniqueEmail("badges");
	const name = "Maximiliana Featherstonehaugh-Worthington";
	const created = await owner.request.post("/api/owner/customers", {
		multipart: {
			data: JSON.stringify({
				name,
				email,
				password: "bright-lights-2024",
				address: "12 Elm Street",
				city: "Canton",
				services: [{ serviceId: services[0]!.id, quantity: 1, unitPriceCents: 40000 }],
			}),
		},
	});
	expect(created.status(), await created.text()).toBe(201);
	const { id } = (await created.json()) as { id: string };
	for (const request of [
		{ requestType: "Fix", details: "Gutter run dark" },
		{ requestType: "ChangeColor", colorScheme: "Warm White" },
	]) {
		const res = await owner.request.post(`/api/owner/customers/${id}/service-requests`, {
			data: request,
		});
		expect(res.status(), await res.text()).toBe(201);
	}
	const customer = await pageAt(newPage, server.url, 390);
	await signInViaApi(customer, { email, password: "bright-lights-2024" });
	const plan = await customer.request.post("/api/plan", {
		data: {
			card: {
				cardholderName: "Max F",
				cardNumber: "4242 4242 4242 4242",
				expiry: EXPIRY,
				cvc: "123",
			},
		},
	});
	expect(plan.status(), await plan.text()).toBe(200);
	await customer.context().close();

	await owner.goto("/owner");
	const cards = owner.getByRole("list", { name: "Customers" }).getByRole("listitem");
	await expect(cards.first()).toBeVisible();
	const everyone = await cards.count();
	await owner.getByLabel("Search customers").fill(email);
	const card = owner
		.getByRole("list", { name: "Customers" })
		.getByRole("link")
		.filter({ hasText: name });
	// The town and the next thing due (the first bill, due in 30 days).
	await expect(card).toContainText(/Canton · Bill due [A-Z][a-z]{2} \d{1,2}, \d{4}/);
	// The bill is not due yet: the account is Active (past due only after the due date).
	for (const badge of ["Active", "Plan", "FIX 1", "COLOR 1"])
		await expect(card.getByText(badge, { exact: true })).toBeVisible();
	expect(await overflow(owner)).toBeLessThanOrEqual(0);
	expect(await card.evaluate((el) => el.getBoundingClientRect().right)).toBeLessThanOrEqual(390);
	await shot(owner, "desk-dashboard-badges-390");

	// Scrolled to the end of the list, the floating role switch hides none of it, on a phone and
	// at a desk (a short window, so the page scrolls).
	await owner.getByLabel("Search customers").fill("");
	await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(everyone);
	for (const size of [
		{ width: 390, height: 480 },
		{ width: 1440, height: 480 },
	]) {
		await owner.setViewportSize(size);
		// Measured at the end of the page, once the layout has settled.
		await expect
			.poll(async () => {
				await owner.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
				const lastBottom = await cards.last().evaluate((el) => el.getBoundingClientRect().bottom);
				const switchTop = await owner
					.getByRole("button", { name: "Customer View" })
					.evaluate((el) => el.getBoundingClientRect().top);
				return lastBottom - switchTop;
			})
			.toBeLessThanOrEqual(0);
		expect(await overflow(owner)).toBeLessThanOrEqual(0);
	}
	await owner.context().close();
});

test("the customer app at a desk has a top bar with the business's phone to call and the account menu; on a phone the bottom tabs stay", async ({
	newPage,
	server,
}) => {
	const desk = await pageAt(newPage, server.url, 1440);
	const business = await (await desk.request.get("/api/business")).json();
	const email = uniqueEmail("desk");
	await signUpViaApi(desk, { email, password: "bright-lights-2024", displayName: "Desk Dana" });
	await desk.goto("/app");
	const bar = desk.getByRole("banner");
	await expect(bar).toContainText(business.businessName);
	const call = bar.getByRole("link", { name: new RegExp(business.phone.replace(/[()+]/g, ".")) });
	await expect(call).toBeVisible();
	await expect(call).toHaveAttribute("href", /^tel:\+?\d+$/);
	const nav = desk.getByRole("navigation", { name: "Customer app" });
	await expect(nav).toBeVisible();
	expect((await nav.boundingBox())!.y).toBeLessThan(80);
	expect((await desk.getByRole("main").boundingBox())!.width).toBeGreaterThan(900);
	await bar.getByText("Desk Dana").click();
	await expect(bar.getByRole("button", { name: "Sign Out" })).toBeVisible();
	await expect(bar).toContainText(email);
	await shot(desk, "desk-app-1440");
	await desk.context().close();

	const phone = await pageAt(newPage, server.url, 390);
	await signInViaApi(phone, { email, password: "bright-lights-2024" });
	await phone.goto("/app");
	await expect(phone.getByRole("banner")).toBeHidden();
	const tabs = phone.getByRole("navigation", { name: "Customer app" });
	const tabsBox = (await tabs.boundingBox())!;
	expect(Math.round(tabsBox.y + tabsBox.height)).toBe(844);
	await phone.context().close();
});

test.describe("accessibility of the owner's desk screens and the customer app, with data", () => {
	for (const width of [390, 1280]) {
		test(`no serious or critical axe violations at ${width} px`, async ({ newPage, server }) => {
			test.setTimeout(120_000);
			const page = await pageAt(newPage, server.url, width);
			await websiteQuote(page, "Axel Axe", "Stow");
			await signInViaApi(page, OWNER);
			await page.goto("/owner");
			await expect(page.getByRole("heading", { name: "Customer Management" })).toBeVisible();
			await expectNoSeriousA11yViolations(page);
			await page.getByRole("button", { name: "Add Customer" }).click();
			const form = page.getByRole("form", { name: "Add Customer" });
			await form.getByLabel("House Outline", { exact: true }).check();
			await form.getByLabel("Medium Trees", { exact: true }).check();
			await expect(
				form.getByRole("spinbutton", { name: "Quantity for Medium Trees" }),
			).toBeVisible();
			await expectNoSeriousA11yViolations(page);
			await page.goto("/owner/quotes");
			await page
				.getByRole("button", { name: /Axel Axe/ })
				.first()
				.click();
			await expect(page.getByRole("button", { name: "Approve" }).first()).toBeVisible();
			await expectNoSeriousA11yViolations(page);

			const customer = await pageAt(newPage, server.url, width);
			await signUpViaApi(customer, {
				email: uniqueEmail("axe"),
				password: "bright-lights-2024",
				displayName: "Axe Customer",
			});
			await customer.goto("/app");
			await expect(customer.getByRole("heading", { name: /Welcome/ })).toBeVisible();
			await expectNoSeriousA11yViolations(customer);
			await customer.context().close();
			await page.context().close();
		});
	}
});
