import path from "node:path";
import sharp from "sharp";
import { DEFAULT_BUSINESS_PROFILE } from "../../../src/shared/business-defaults.ts";
import type { ServiceOption } from "../../../src/shared/catalog.ts";
import type { Estimate } from "../../../src/shared/estimate.ts";
import { formatCents } from "../../../src/shared/money.ts";
import { waitForMail } from "../../support/outbox.ts";
import { expect, failedResource, type Page, test } from "../support/fixtures.ts";
import { filesUnder, toasts } from "../support/public.ts";

const REQUIRED = "Please fill in all required fields and select at least one service";

/** Small, distinct PNG files, made here. */
async function pngs(count: number) {
	return Promise.all(
		Array.from({ length: count }, async (_, i) => ({
			name: `house-${i + 1}.png`,
			mimeType: "image/png",
			buffer: await sharp({
				create: { width: 24, height: 16, channels: 3, background: { r: 20 * i, g: 80, b: 160 } },
			})
				.png()
				.toBuffer(),
		})),
	);
}

async function catalog(page: Page): Promise<ServiceOption[]> {
	const res = await page.request.get("/api/catalog");
	expect(res.ok()).toBe(true);
	const { services } = (await res.json()) as { services: ServiceOption[] };
	const active = services.filter((s) => s.isActive).sort((a, b) => a.sortOrder - b.sortOrder);
	expect(active.some((s) => s.hasQuantity)).toBe(true);
	expect(active.some((s) => !s.hasQuantity)).toBe(true);
	return active;
}

test.describe("public quote", () => {
	test("a visitor gets an instant quote and submits a request with photos", async ({
		page,
		server,
	}) => {
		const services = await catalog(page);
		const counted = services.find((s) => s.hasQuantity)!;
		const single = services.find((s) => !s.hasQuantity)!;
		const name = `Quinn Quoter ${Date.now()}`;

		await page.goto("/quote");
		const main = page.getByRole("main");
		for (const s of services) {
			const card = main
				.getByRole("listitem")
				.filter({ has: page.getByLabel(s.name, { exact: true }) });
			await expect(card).toContainText(`Starting at ${formatCents(s.basePriceCents)}`);
			if (s.description) await expect(card).toContainText(s.description);
		}

		// Nothing filled in yet.
		const estimateButton = main.getByRole("button", { name: "Get Instant AI Quote" });
		await expect(estimateButton).toBeDisabled();
		// A click that lands while the prerendered form is still hydrating (in a transition) can be
		// lost: the visitor clicks again.
		await expect(async () => {
			await main.getByRole("button", { name: "Submit Quote Request" }).click();
			await expect(toasts(page)).toContainText(REQUIRED, { timeout: 3000 });
		}).toPass({ timeout: 20_000 });

		await main.getByLabel("Full Name").fill(name);
		await main.getByLabel("Email Address").fill("quinn@example.test");
		await main.getByLabel("Phone Number").fill("330-555-0199");

		// Quantities: ticking sets 1, − is disabled at 1, only quantity services have controls.
		await main.getByLabel(single.name, { exact: true }).check();
		await expect(main.getByRole("group", { name: `Quantity for ${single.name}` })).toHaveCount(0);
		await main.getByLabel(counted.name, { exact: true }).check();
		const quantity = main.getByRole("group", { name: `Quantity for ${counted.name}` });
		const minus = quantity.getByRole("button", { name: "Decrease quantity" });
		const plus = quantity.getByRole("button", { name: "Increase quantity" });
		await expect(quantity.locator("output")).toHaveText("1");
		await expect(minus).toBeDisabled();
		await plus.click();
		await plus.click();
		await expect(quantity.locator("output")).toHaveText("3");
		await expect(minus).toBeEnabled();
		await minus.click();
		await expect(quantity.locator("output")).toHaveText("2");
		const total = page.getByTestId("preliminary-total");
		await expect(total).toHaveText(formatCents(counted.basePriceCents * 2 + single.basePriceCents));
		await expect(main.getByText("Preliminary Estimated Total")).toBeVisible();

		// Unticking removes the service and its quantity; ticking again starts at 1.
		await main.getByLabel(counted.name, { exact: true }).uncheck();
		await expect(quantity).toHaveCount(0);
		await expect(total).toHaveText(formatCents(single.basePriceCents));
		await main.getByLabel(counted.name, { exact: true }).check();
		await expect(quantity.locator("output")).toHaveText("1");
		await plus.click();
		await expect(total).toHaveText(formatCents(counted.basePriceCents * 2 + single.basePriceCents));

		// Still no address: no instant quote yet.
		await expect(estimateButton).toBeDisabled();
		await main.getByLabel("Street Address").fill("1200 Market Ave N");
		await main.getByLabel("City").fill("Canton");
		// Ohio is the field's value, not a grey hint: a request sent as it is says OH.
		await expect(main.getByLabel("State")).toHaveValue("OH");
		await main.getByLabel("ZIP Code").fill("44702");
		await main
			.getByRole("textbox", { name: "Additional Notes" })
			.fill("Warm white on the roofline, please.");

		// A file named .jpg that is no picture is left out, and the field says which and why.
		const picker = main.getByLabel("Add Photos");
		await picker.setInputFiles([
			{ name: "house.jpg", mimeType: "image/jpeg", buffer: Buffer.from("not a picture at all") },
		]);
		await expect(main.getByRole("alert")).toContainText(
			"house.jpg is not a photo we can read. Choose JPEG, PNG, WebP, GIF or HEIC images.",
		);
		await expect(main.getByText("0/6 photos")).toBeVisible();
		await expect(main.getByRole("list", { name: "Selected photos" })).toHaveCount(0);

		// Photos: seven chosen, six kept, shown as x/6; one removed, one added back.
		const photos = await pngs(7);
		await picker.setInputFiles(photos);
		await expect(toasts(page)).toContainText("You can add up to 6 photos");
		await expect(main.getByText("6/6 photos")).toBeVisible();
		await expect(main.getByRole("list", { name: "Selected photos" }).getByRole("img")).toHaveCount(
			6,
		);
		await expect(picker).toBeDisabled();
		await main.getByRole("button", { name: "Remove photo 2" }).click();
		await expect(main.getByText("5/6 photos")).toBeVisible();
		await picker.setInputFiles([photos[6]!]);
		await expect(main.getByText("6/6 photos")).toBeVisible();

		// The instant quote.
		await expect(estimateButton).toBeEnabled();
		const estimateResponse = page.waitForResponse((r) => r.url().endsWith("/api/estimate"));
		await estimateButton.click();
		const estimate = (await (await estimateResponse).json()) as Estimate;
		await expect(toasts(page)).toContainText("Instant quote generated!");
		const result = main.getByRole("region", { name: "Your Instant Quote" });
		await expect(result).toContainText(formatCents(estimate.recommendedPriceCents));
		await expect(result).toContainText(
			`${formatCents(estimate.priceRangeLowCents)} – ${formatCents(estimate.priceRangeHighCents)}`,
		);
		await expect(result).toContainText(`Complexity: ${estimate.complexity}`);
		await expect(result).toContainText(estimate.explanation);
		if (estimate.locationFactors.note)
			await expect(result).toContainText(estimate.locationFactors.note);
		await expect(estimateButton).toHaveCount(0);

		// Submit.
		const uploadsDir = path.join(server.dataDir, "uploads");
		const before = filesUnder(uploadsDir).length;
		const submitResponse = page.waitForResponse((r) =>
			r.url().endsWith("/api/public/quote-requests"),
		);
		await main.getByRole("button", { name: "Submit Quote Request" }).click();
		expect((await submitResponse).ok()).toBe(true);
		await expect(main.getByRole("heading", { name: "Quote Submitted!" })).toBeVisible();
		await expect(main).toContainText(
			"We'll review your information and get back to you within 24 hours.",
		);
		await expect(main.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
		await expect(main.getByRole("link", { name: "Request Another Quote" })).toHaveAttribute(
			"href",
			"/quote",
		);

		// The photos are on disk and the business was told.
		await expect.poll(() => filesUnder(uploadsDir).length - before).toBe(6);
		const mail = await waitForMail(server.dataDir, DEFAULT_BUSINESS_PROFILE.email, {
			containing: name,
		});
		expect(`${mail.subject}\n${mail.text}`).toContain("1200 Market Ave N");

		// Another quote starts from an empty form.
		await main.getByRole("link", { name: "Request Another Quote" }).click();
		await expect(page.getByRole("main").getByLabel("Full Name")).toHaveValue("");
		await expect(
			page.getByRole("main").getByRole("button", { name: "Get Instant AI Quote" }),
		).toBeDisabled();
	});

	test("the form refuses a bad e-mail and has a spam trap nobody sees", async ({ page }) => {
		const [service] = await catalog(page);
		await page.goto("/quote");
		const main = page.getByRole("main");
		// Nothing filled in: SPEC's toast, and each required field marked with its message.
		await main.getByRole("button", { name: "Submit Quote Request" }).click();
		await expect(toasts(page)).toContainText(REQUIRED);
		const fullName = main.getByLabel("Full Name");
		await expect(fullName).toHaveAttribute("aria-invalid", "true");
		await expect(fullName).toHaveAccessibleDescription(REQUIRED);
		await expect(fullName).toBeFocused();
		await expect(main.getByLabel("Street Address")).toHaveAttribute("aria-invalid", "true");
		await expect(main.getByLabel(service!.name, { exact: true })).toHaveAttribute(
			"aria-invalid",
			"true",
		);
		await expect(fullName).toHaveAttribute("maxlength", "100");
		await main.getByLabel("Full Name").fill("Robin");
		await main.getByLabel("Email Address").fill("not-an-email");
		await main.getByLabel("Street Address").fill("1 Main St");
		await main.getByLabel(service!.name, { exact: true }).check();
		await main.getByRole("button", { name: "Submit Quote Request" }).click();
		await expect(toasts(page)).toContainText("Please enter a valid email address");
		const emailField = main.getByLabel("Email Address");
		await expect(emailField).toHaveAccessibleDescription("Please enter a valid email address");
		await expect(emailField).toBeFocused();
		await expect(fullName).not.toHaveAttribute("aria-invalid", "true");

		const trap = page.locator('input[name="website"]');
		await expect(trap).toHaveAttribute("tabindex", "-1");
		await expect(trap).toHaveAttribute("autocomplete", "off");
		await expect(page.locator('[aria-hidden="true"]:has(input[name="website"])')).toHaveCount(1);
		await expect(page.getByRole("textbox", { name: "Website" })).toHaveCount(0);
	});

	test("failures say so: services, instant quote and submission", async ({ page, pageErrors }) => {
		pageErrors.allow(
			failedResource(500, "/api/catalog"),
			failedResource(500, "/api/estimate"),
			failedResource(429, "/api/public/quote-requests"),
		);
		await page.route("**/api/catalog", (route) =>
			route.fulfill({ status: 500, json: { error: "down" } }),
		);
		await page.goto("/quote");
		// A server error is asked again three times (1, 2 and 4 s apart) before the form says so.
		await expect(toasts(page)).toContainText("Failed to load service options", { timeout: 20_000 });
		await expect(page.getByRole("alert")).toContainText("Failed to load service options");
		await page.unroute("**/api/catalog");
		await page.getByRole("button", { name: "Try Again" }).click();
		const main = page.getByRole("main");
		const services = await catalog(page);
		await main.getByLabel(services[0]!.name, { exact: true }).check();

		await main.getByLabel("Full Name").fill("Fran Failure");
		await main.getByLabel("Email Address").fill("fran@example.test");
		await main.getByLabel("Street Address").fill("9 Elm St");

		// Each answer is held until the pending state has been seen, however slow the machine.
		let answerEstimate = () => {};
		const estimateHeld = new Promise<void>((r) => {
			answerEstimate = r;
		});
		await page.route("**/api/estimate", async (route) => {
			await estimateHeld;
			await route.fulfill({ status: 500, json: { error: "Pricing is unavailable" } });
		});
		await main.getByRole("button", { name: "Get Instant AI Quote" }).click();
		await expect(main.getByRole("button", { name: "Generating Quote..." })).toBeDisabled();
		answerEstimate();
		await expect(toasts(page)).toContainText("Failed to generate instant quote");
		await expect(main.getByRole("button", { name: "Get Instant AI Quote" })).toBeVisible();

		let answerSubmit = () => {};
		const submitHeld = new Promise<void>((r) => {
			answerSubmit = r;
		});
		await page.route("**/api/public/quote-requests", async (route) => {
			await submitHeld;
			await route.fulfill({
				status: 429,
				json: { error: "Too many requests. Please try again later." },
			});
		});
		await main.getByRole("button", { name: "Submit Quote Request" }).click();
		await expect(main.getByRole("button", { name: "Submitting..." })).toBeDisabled();
		answerSubmit();
		await expect(toasts(page)).toContainText("Failed to submit quote request");
		await expect(toasts(page)).toContainText("Too many requests. Please try again later.");
		await expect(main.getByRole("heading", { name: "Quote Submitted!" })).toHaveCount(0);
	});
});
