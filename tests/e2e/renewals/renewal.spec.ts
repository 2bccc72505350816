import { renewTitle } from "../../../src/shared/renewals.ts";
import { approvedCustomer } from "../support/customers.ts";
import { expect, type Page, test } from "../support/fixtures.ts";
import { expectNoSeriousA11yViolations, toasts } from "../support/public.ts";

const SHOTS = process.env.SHOTS_DIR;

// The refused Sign and Renew without consent never reaches the server; none is expected.

/** With SHOTS_DIR set, a full-page screenshot at a phone's 390 px and at 1280 px. */
async function shots(page: Page, name: string) {
	if (!SHOTS) return;
	const size = page.viewportSize();
	for (const width of [390, 1280]) {
		await page.setViewportSize({ width, height: 900 });
		await page.waitForTimeout(300);
		await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
	}
	if (size) await page.setViewportSize(size);
}

async function okJson<T>(res: { status(): number; text(): Promise<string>; json(): Promise<T> }) {
	expect(res.status(), await res.text()).toBeLessThan(300);
	return res.json();
}

/**
 * Last season's customer, as the season left them: `page`'s account has an approved quote, and the
 * owner booked their install on a day of `season` and marked it done. `signed`: they signed the
 * contract in the app; else they signed on paper (no contract record).
 */
async function returningCustomer(
	customerPage: () => Promise<Page>,
	owner: Page,
	name: string,
	season: string,
	signed: boolean,
) {
	const page = await customerPage();
	const { email } = await approvedCustomer(page, owner, name);
	if (signed)
		await okJson(
			await page.request.post("/api/contract/sign", { data: { consent: true, fullName: name } }),
		);
	const found = await okJson<{ customers: { id: string }[] }>(
		await owner.request.get(`/api/owner/customers?q=${encodeURIComponent(email)}`),
	);
	const customerId = found.customers[0]!.id;
	const { windows } = await okJson<{
		windows: { id: string; seasonId: string; kind: string }[];
	}>(await owner.request.get("/api/owner/season/windows"));
	for (const w of windows.filter((x) => x.seasonId === season && x.kind === "install")) {
		const { days } = await okJson<{ days: { day: string; state: string }[] }>(
			await owner.request.get(`/api/booking-windows/${w.id}/days`),
		);
		const open = days.find((d) => d.state === "open");
		if (!open) continue;
		const booking = await okJson<{ id: string }>(
			await owner.request.post("/api/owner/bookings", {
				data: { customerId, windowId: w.id, day: open.day },
			}),
		);
		await okJson(await owner.request.post(`/api/owner/bookings/${booking.id}/done`));
		return { page, customerId };
	}
	throw new Error(`No open install day in ${season}`);
}

test("returning customers: one renews in one confirmation, signs and books; one who signed on paper changes nothing and declines; the owner sees the rate move", async ({
	ownerPage: owner,
	customerPage,
}) => {
	test.setTimeout(240_000);
	const before = await okJson<{ seasonId: string; fromSeasonId: string }>(
		await owner.request.get("/api/owner/renewals"),
	);
	const season = before.seasonId;
	const renee = await returningCustomer(
		customerPage,
		owner,
		"Renee Returning",
		before.fromSeasonId,
		true,
	);
	const dana = await returningCustomer(
		customerPage,
		owner,
		"Dana Paper",
		before.fromSeasonId,
		false,
	);

	// The owner's dashboard: both are not yet offered; the rate before.
	await owner.goto("/owner");
	const card = owner.locator("[data-slot=card]", { has: owner.getByText("Renewal rate") });
	const rows = card.getByRole("list", { name: "Renewals by customer" });
	await expect(rows.getByRole("listitem").filter({ hasText: "Renee Returning" })).toContainText(
		"Not yet offered",
	);
	const rate = card.locator("dt:text-is('Renewal rate') + dd");
	const rateBefore = (await rate.textContent())!;

	// One customer's offer from their page: made, then already made.
	await owner.goto(`/owner/customer/${dana.customerId}`);
	const sendOne = owner.getByRole("button", { name: "Send Renewal Offer" });
	await shots(owner, "renewal-customer-page");
	await sendOne.click();
	await expect(toasts(owner)).toContainText(`Renewal offer for ${season} made for Dana Paper`);
	await shots(owner, "renewal-customer-send");
	await sendOne.click();
	await expect(toasts(owner)).toContainText(`Dana Paper already has an offer for ${season}`);

	// Every eligible customer's from the dashboard (Renee's is made now).
	await owner.goto("/owner");
	await card.getByRole("button", { name: "Send Renewal Offers" }).click();
	await expect(toasts(owner)).toContainText(new RegExp(`offers? for ${season} made`));
	await expect(rows.getByRole("listitem").filter({ hasText: "Renee Returning" })).toContainText(
		"Offered",
	);

	// Renee renews: Home's card, one confirmation, the signature, then booking.
	const r = renee.page;
	await r.goto("/app");
	const renew = r.getByRole("heading", { name: renewTitle(season) });
	await expect(renew).toBeVisible();
	await shots(r, "renewal-home-card");
	await r.getByRole("button", { name: "Renew", exact: true }).click();
	const dialog = r.getByRole("dialog", { name: renewTitle(season) });
	await expect(dialog.getByText(/Same terms as you signed \(Version \d+/)).toBeVisible();
	await expect(dialog.getByText(/is yours to book first/)).toBeVisible();
	await dialog.getByRole("button", { name: "Sign and Renew" }).click();
	await expect(dialog.getByText("Tick 'I agree to sign electronically' to renew")).toBeVisible();
	await expect(dialog.getByText("Type your full name to sign")).toBeVisible();
	await expectNoSeriousA11yViolations(r);
	await shots(r, "renewal-confirmation");
	await dialog.getByLabel("I agree to sign electronically").check();
	await dialog.getByLabel("Full Name").fill("Renee Returning");
	await dialog.getByRole("button", { name: "Sign and Renew" }).click();
	await expect(r).toHaveURL(new RegExp(`/app/booking\\?season=${season}$`));
	await expect(toasts(r)).toContainText(`Renewed for ${season}: now pick your install day`);
	await expect(r.getByRole("main").getByRole("button", { name: /^Early Bird/ })).toBeVisible();
	// Home's dates are next season's now: its install day to book.
	await r.goto("/app");
	await expect(
		r.getByText(`You renewed for ${season}. Pick the day our crew puts your lights up.`),
	).toBeVisible();
	await r.getByRole("link", { name: "Book Your Install Date" }).click();
	await expect(r).toHaveURL(new RegExp(`/app/booking\\?season=${season}$`));

	// Dana signed on paper: the confirmation asks her to read and sign the terms.
	const d = dana.page;
	await d.goto("/app");
	await d.getByRole("button", { name: "Renew", exact: true }).click();
	const danaDialog = d.getByRole("dialog", { name: renewTitle(season) });
	await expect(
		danaDialog.getByText(/^Please read and sign our terms \(Version \d+\)\.$/),
	).toBeVisible();
	await expect(danaDialog.getByText(/terms changed/)).toHaveCount(0);
	await shots(d, "renewal-confirmation-paper");
	await d.keyboard.press("Escape");

	// Change My Design: the quote form with last season's design filled in.
	await d.getByRole("link", { name: "Change My Design" }).click();
	await expect(d).toHaveURL(/\/app\/quote-request\?from=renewal$/);
	await expect(d.getByText("Last season's design is filled in")).toBeVisible();
	await expect(d.getByLabel("Street Address")).toHaveValue("410 Maple St");
	await expect(d.getByRole("checkbox", { checked: true })).toHaveCount(1);
	await shots(d, "renewal-change-design");

	// Not This Year, with a reason.
	await d.goto("/app");
	await d.getByRole("button", { name: "Not This Year" }).click();
	const decline = d.getByRole("dialog", { name: "Not this year?" });
	await decline.getByLabel("Reason (optional)").fill("Moving to Florida");
	await shots(d, "renewal-decline");
	await decline.getByRole("button", { name: "Not This Year" }).click();
	await expect(toasts(d)).toContainText("Thanks for letting us know");
	await expect(d.getByText("You told us not this year")).toBeVisible();

	// The owner: the rate moved; Renee renewed, Dana declined with her reason.
	const after = await okJson<{ ratePct: number }>(await owner.request.get("/api/owner/renewals"));
	await owner.goto("/owner");
	await expect(rate).toHaveText(`${after.ratePct}%`);
	expect(`${after.ratePct}%`).not.toBe(rateBefore);
	await expect(rows.getByRole("listitem").filter({ hasText: "Renee Returning" })).toContainText(
		"Renewed",
	);
	const danaRow = rows.getByRole("listitem").filter({ hasText: "Dana Paper" });
	await expect(danaRow).toContainText("Declined");
	await expect(danaRow).toContainText("Moving to Florida");
	await expectNoSeriousA11yViolations(owner);
	await shots(owner, "renewal-dashboard");
});
