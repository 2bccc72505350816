import { longDate } from "../../../src/shared/bookings.ts";
import { installWindows } from "../support/crew.ts";
import { approvedCustomer } from "../support/customers.ts";
import { expect, type Page, test } from "../support/fixtures.ts";
import { toasts } from "../support/public.ts";

const SHOTS = process.env.SHOTS_DIR;

/** "Nov 30, 2026", as the season timeline writes a date. */
const short = (day: string) =>
	new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", {
		month: "short",
		day: "numeric",
		year: "numeric",
		timeZone: "UTC",
	});

/**
 * An empty install day near the end of a window, with an open day after it for the move, in this
 * season or the next. Other specs book the first days with room; a day from the window's end keeps
 * their bookings out of this move, and this move out of their days.
 */
async function installDays(owner: Page) {
	const today = new Date().toISOString().slice(0, 10);
	for await (const { window, season } of installWindows(owner)) {
		const open = window.days.filter(
			(d) => d.day > today && !d.closed && d.capacity > 0 && d.booked === 0,
		);
		if (open.length >= 4) return { day: open.at(-2)!.day, windowId: window.id, season };
	}
	throw new Error("No empty install days");
}

test("the owner moves a rainy day in one step and the customer's Home shows the new date", async ({
	ownerPage: owner,
	customerPage,
}) => {
	test.setTimeout(180_000);
	const customer = await customerPage();
	const casey = await approvedCustomer(customer, owner, "Rainy Casey");
	const list = (await (
		await owner.request.get(`/api/owner/customers?q=${encodeURIComponent(casey.email)}`)
	).json()) as { customers: { id: string }[] };
	const { day, windowId, season } = await installDays(owner);
	const booked = await owner.request.post("/api/owner/bookings", {
		data: { customerId: list.customers[0]!.id, windowId, day },
	});
	expect(booked.status(), await booked.text()).toBe(201);

	// Home's season timeline: "Install booked", with its date.
	const installBooked = customer.getByRole("listitem").filter({ hasText: "Install booked" });
	await customer.goto("/app");
	await expect(installBooked).toContainText(short(day));

	await owner.goto(`/owner/schedule?season=${season}&day=${day}`);
	await owner.getByRole("button", { name: "Move This Day" }).click();
	const plan = owner.getByRole("list", { name: "Where each booking goes" });
	await expect(plan).toContainText("Rainy Casey");
	const target = (await plan.getByRole("listitem").filter({ hasText: "Rainy Casey" }).innerText())
		.replace("Rainy Casey", "")
		.trim();
	expect(target).not.toBe("No room");
	if (SHOTS) await owner.screenshot({ path: `${SHOTS}/move-day-1280.png` });
	await owner.getByRole("button", { name: "Confirm Move" }).click();
	await expect(toasts(owner).getByText(/1 booking moved/)).toBeVisible();

	// The customer's Home shows the new date.
	const mine = (await (await customer.request.get("/api/bookings")).json()) as {
		bookings: { day: string; status: string }[];
	};
	const moved = mine.bookings.find((b) => b.status === "booked")!.day;
	expect(longDate(moved)).toBe(target);
	await customer.goto("/app");
	await expect(installBooked).toContainText(short(moved));
	await expect(installBooked).not.toContainText(short(day));
});
