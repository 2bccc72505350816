import { longDate } from "../../../src/shared/bookings.ts";
import { firstLink, waitForMail } from "../../support/outbox.ts";
import { openInstallDay } from "../support/crew.ts";
import { approvedCustomer } from "../support/customers.ts";
import { expect, type Page, test, uniqueEmail } from "../support/fixtures.ts";
import { toasts } from "../support/public.ts";

const SHOTS = process.env.SHOTS_DIR;

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

test("the owner invites a crew member, who signs in on a phone, follows the day without any amount, and marks a house installed", async ({
	ownerPage: owner,
	customerPage,
	server,
}) => {
	test.setTimeout(180_000);
	// A booked customer with specs and an address.
	const customer = await customerPage();
	const casey = await approvedCustomer(customer, owner, "Casey Lights");
	const list = (await (
		await owner.request.get(`/api/owner/customers?q=${encodeURIComponent(casey.email)}`)
	).json()) as { customers: { id: string }[] };
	const customerId = list.customers[0]!.id;
	const { day, windowId } = await openInstallDay(owner);
	const booked = await owner.request.post("/api/owner/bookings", {
		data: { customerId, windowId, day },
	});
	expect(booked.status(), await booked.text()).toBe(201);

	// The owner writes the house's specs on the customer page.
	await owner.goto(`/owner/customer/${customerId}`);
	await owner.getByRole("button", { name: "Edit Specs" }).click();
	await owner.getByLabel("Roofline (ft)").fill("180");
	await owner.getByLabel("Gate code").fill("4417");
	await owner.getByLabel("Ladder needs").fill("2-story, 28 ft");
	await owner.getByLabel("Timer location").fill("Garage, by the door");
	await owner.getByRole("button", { name: "Save Specs" }).click();
	await expect(toasts(owner).getByText("Specs saved")).toBeVisible();
	await shots(owner, "customer-specs");

	// Settings → Crew: invite by e-mail.
	const crewEmail = uniqueEmail("crew");
	await owner.goto("/owner/settings");
	await owner.getByLabel("Crew Email Address").fill(crewEmail);
	await owner.getByRole("button", { name: "Invite to Crew" }).click();
	await expect(toasts(owner).getByText(`Invitation sent to ${crewEmail}`)).toBeVisible();
	await expect(owner.getByRole("list", { name: "Crew members" })).toContainText(crewEmail);
	await owner.getByRole("heading", { name: "Crew", exact: true }).scrollIntoViewIfNeeded();
	if (SHOTS) await owner.screenshot({ path: `${SHOTS}/settings-crew-1280.png` });

	// The crew member opens the e-mailed link on a phone and signs up.
	const mail = await waitForMail(server.dataDir, crewEmail, { containing: "crew=1" });
	const link = new URL(firstLink(mail));
	const crew = await customerPage(undefined, { viewport: { width: 390, height: 844 } });
	await crew.goto(`${link.pathname}${link.search}`);
	await expect(crew.getByText("You are joining the crew")).toBeVisible();
	await crew.getByLabel("Full Name").fill("Chris Crew");
	await crew.getByLabel("Email Address").fill(crewEmail);
	await crew.getByLabel("Password").fill("ladders-up-2024");
	await crew.getByRole("button", { name: "Create Account" }).click();
	await expect(crew).toHaveURL(/\/crew$/);
	await shots(crew, "crew-days");

	const days = crew.getByRole("list", { name: "Days with stops" });
	await days.getByRole("link").filter({ hasText: /stop/ }).first().click();
	await expect(crew).toHaveURL(new RegExp(`/crew/day/${day}$`));
	const stop = crew.getByRole("listitem", { name: /Casey Lights/ });
	await expect(stop).toContainText("410 Maple St");
	await expect(stop).toContainText("4417");
	await expect(stop).toContainText("2-story, 28 ft");
	await expect(stop.getByRole("link", { name: "Open in Maps" })).toHaveAttribute(
		"href",
		/google\.com\/maps/,
	);
	// No amount anywhere on the crew's page.
	await expect(crew.locator("body")).not.toContainText("$");
	await shots(crew, "crew-day");
	if (SHOTS) {
		await crew.emulateMedia({ media: "print" });
		await crew.pdf({ path: `${SHOTS}/crew-day-sheet.pdf`, format: "Letter" });
		await crew.emulateMedia({ media: "screen" });
	}
	// The crew cannot reach the owner's or the customer's pages.
	expect((await crew.request.get("/api/owner/customers")).status()).toBe(403);
	expect((await crew.request.get("/api/bills")).status()).toBe(403);

	await stop.getByRole("button", { name: "Installed" }).click();
	await crew.getByRole("button", { name: "Mark Installed" }).click();
	await expect(toasts(crew).getByText("Casey Lights: installed")).toBeVisible();
	await expect(stop.getByRole("button", { name: "Installed" })).toHaveCount(0);
	await expect(stop).toContainText("Installed");

	// The customer is told and sees it.
	const up = await waitForMail(server.dataDir, casey.email, { containing: "finished installing" });
	expect(up.subject).toBe("Your lights are up!");
	const record = (await (await customer.request.get("/api/customer")).json()) as {
		customer: { installCompleted: boolean };
	};
	expect(record.customer.installCompleted).toBe(true);

	// The owner removes the crew member: the phone is signed out at once.
	await owner.goto("/owner/settings");
	const members = owner.getByRole("list", { name: "Crew members" });
	await members.getByRole("button", { name: "Remove" }).first().click();
	await owner.getByRole("button", { name: "Remove from Crew" }).click();
	await expect(toasts(owner).getByText(/was removed from the crew/)).toBeVisible();
	expect((await (await crew.request.get("/api/me")).json()).user).toBeNull();
});

test("the owner optimizes a day's route, moves a stop up, sets and sends the arrival windows, and the customer's Home shows theirs", async ({
	ownerPage: owner,
	customerPage,
}) => {
	test.setTimeout(180_000);
	const { day, windowId, season } = await openInstallDay(owner, 2);
	// Three houses on the day, in Akron, Cleveland and Massillon.
	const houses = [
		{ name: "Route Akron", city: "Akron", zipCode: "44308" },
		{ name: "Route Cleveland", city: "Cleveland", zipCode: "44113" },
		{ name: "Route Massillon", city: "Massillon", zipCode: "44646" },
	];
	const pages: Page[] = [];
	for (const house of houses) {
		const page = await customerPage();
		const { email } = await approvedCustomer(page, owner, house.name);
		const signed = await page.request.post("/api/contract/sign", {
			data: { consent: true, fullName: house.name },
		});
		expect(signed.status(), await signed.text()).toBe(200);
		const list = (await (
			await owner.request.get(`/api/owner/customers?q=${encodeURIComponent(email)}`)
		).json()) as { customers: { id: string }[] };
		const customerId = list.customers[0]!.id;
		const edited = await owner.request.patch(`/api/owner/customers/${customerId}`, {
			data: { city: house.city, state: "OH", zipCode: house.zipCode },
		});
		expect(edited.status(), await edited.text()).toBe(200);
		const booked = await owner.request.post("/api/owner/bookings", {
			data: { customerId, windowId, day },
		});
		expect(booked.status(), await booked.text()).toBe(201);
		pages.push(page);
	}

	await owner.goto(`/owner/schedule?season=${season}&day=${day}`);
	const route = owner.getByRole("list", { name: "Stops in route order" });
	const mine = (name: string) => route.getByRole("listitem").filter({ hasText: name });
	for (const house of houses) await expect(mine(house.name)).toBeVisible();
	await owner.getByRole("button", { name: "Optimize Route" }).click();
	await expect(toasts(owner).getByText(/Route optimized: [\d.]+ mi/)).toBeVisible();

	// Massillon moves up one place, and keeps it after a reload.
	const names = () =>
		route
			.getByRole("listitem")
			.evaluateAll((items) =>
				items.map((li) => (li.getAttribute("aria-label") ?? "").replace(/^Stop \d+: /, "")),
			);
	const before = await names();
	const at = before.indexOf("Route Massillon");
	const place = at === 0 ? 1 : at;
	const mover = before[place]!;
	await route.getByRole("button", { name: `Move ${mover} up` }).click();
	const expected = [...before];
	[expected[place - 1], expected[place]] = [expected[place]!, expected[place - 1]!];
	await expect.poll(names).toEqual(expected);
	await owner.reload();
	await expect.poll(names).toEqual(expected);

	// Windows: Akron from 8 to 11, then Send Arrival Windows.
	const akron = mine("Route Akron");
	await akron.getByLabel("Arrival from").fill("08:00");
	await akron.getByLabel("Arrival until").fill("11:00");
	await owner.getByRole("button", { name: "Send Arrival Windows" }).click();
	await expect(toasts(owner).getByText(/\d+ customers? told their arrival window/)).toBeVisible();
	await expect(akron.getByText("Told 8–11 AM")).toBeVisible();
	await shots(owner, "owner-day-route");

	// The customer's Home: the arrival window beside the date.
	const customer = pages[0]!;
	await customer.goto("/app");
	await expect(
		customer.getByText(`Install booked: ${longDate(day)} · Arrival 8–11 AM`),
	).toBeVisible();
	await shots(customer, "customer-home-arrival");

	// The day sheet: the same order, each window, the route's miles.
	await owner.goto(`/crew/day/${day}`);
	await expect(owner.getByText(/\d+ stops · [\d.]+ mi route/)).toBeVisible();
	await expect(owner.getByRole("listitem", { name: /Route Akron/ })).toContainText(
		"Arrival 8–11 AM",
	);
	await shots(owner, "crew-day-route");
	if (SHOTS) {
		await owner.emulateMedia({ media: "print" });
		await owner.pdf({ path: `${SHOTS}/crew-day-route-sheet.pdf`, format: "Letter" });
		await owner.emulateMedia({ media: "screen" });
	}
});
