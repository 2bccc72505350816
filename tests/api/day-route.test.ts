import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { bookings, businessSettings, pushSends } from "../../src/server/db/schema.ts";
import { sendDueReminders } from "../../src/server/features/automations/reminders.service.ts";
import type { CrewStop } from "../../src/shared/crew.ts";
import { type Account, signedInCrew } from "../support/accounts.ts";
import { pushTest } from "../support/app-fixture.ts";
import { bookedCustomer } from "../support/builders.ts";
import { expectError } from "../support/expect.ts";
import { read } from "../support/http-client.ts";
import { queuedBesidesConfirmations } from "../support/outbox.ts";
import type { TestApp } from "../support/test-app.ts";

const test = pushTest;

/** September 1, 2026, noon in Canton: the 2026-27 season's windows are ahead. */
const SEPT_1 = new Date("2026-09-01T16:00:00Z");
const DAY = "2026-11-10";
const OTHER_DAY = "2026-11-11";

/** The houses of the day, by ZIP: Akron, Cleveland, Massillon, North Canton, Hudson, and a typo. */
const HOUSES = [
	{ key: "akron", zip: "44308", city: "Akron" },
	{ key: "cleveland", zip: "44113", city: "Cleveland" },
	{ key: "massillon", zip: "44646", city: "Massillon" },
	{ key: "northCanton", zip: "44720", city: "North Canton" },
	{ key: "unknown", zip: "00001", city: "Nowhere" },
	{ key: "hudson", zip: "44236", city: "Hudson" },
] as const;

/**
 * From Canton (44702) and back, the shortest tour of the five known ZIPs (by brute force over its
 * 120 orders, in the direction that starts nearer Canton): Massillon, Akron, Cleveland, Hudson,
 * North Canton. The unknown ZIP goes last.
 */
const OPTIMAL = ["massillon", "akron", "cleveland", "hudson", "northCanton", "unknown"];

/** A customer with an address in `zip`, booked by the owner for `day`. */
async function bookedAt(
	app: TestApp,
	owner: Account | undefined,
	house: { key: string; zip: string; city: string },
	day = DAY,
) {
	const customer = await bookedCustomer(app, {
		owner,
		email: `${house.key.toLowerCase()}@example.test`,
		displayName: `${house.city} Customer`,
		day,
		house: { address: "12 Main St", city: house.city, state: "OH", zipCode: house.zip },
	});
	return { ...customer, key: house.key };
}

/** The business in downtown Canton, days with room for ten houses, and the day's houses booked. */
async function bookedDay(app: TestApp) {
	app.deps.clock.now = () => SEPT_1;
	const first = await bookedAt(app, undefined, HOUSES[0]);
	const owner = first.owner;
	await app.db.update(businessSettings).set({ address: "200 Market Ave N, Canton, OH 44702" });
	app.readCache.clear();
	for (const day of [DAY, OTHER_DAY]) {
		const res = await read(
			owner.client.api.owner.schedule.days[":day"].$patch({
				param: { day },
				json: { capacity: 9 },
			}),
		);
		expect(res.status, res.text).toBe(200);
	}
	const houses = [first];
	for (const house of HOUSES.slice(1)) houses.push(await bookedAt(app, owner, house));
	const byKey = (key: string) => houses.find((h) => h.key === key)!;
	return { owner, houses, byKey };
}

const dayOf = (account: Account, day = DAY) =>
	read(account.client.api.crew.days[":day"].$get({ param: { day } }));

describe("the day's route", () => {
	test("stops come in the shortest order from the business and back, unknown ZIPs last and flagged; Optimize Route keeps it; the owner's own order is kept; a crew reads it and cannot change it", async ({
		app,
	}) => {
		const { owner, houses, byKey } = await bookedDay(app);
		const keys = (stops: { bookingId: string }[]) =>
			stops.map((s) => houses.find((h) => h.bookingId === s.bookingId)!.key);

		// Never ordered: optimized on each read.
		let day = await dayOf(owner);
		expect(day.status, day.text).toBe(200);
		expect(keys(day.json.stops)).toEqual(OPTIMAL);
		expect(day.json.stops.map((s: CrewStop) => s.located)).toEqual([
			true,
			true,
			true,
			true,
			true,
			false,
		]);
		expect(day.json.route).toMatchObject({ kept: false, fromBusiness: true });
		expect(day.json.route.miles).toBeLessThan(day.json.route.bookingOrderMiles);
		expect(day.json.route.miles).toBeGreaterThan(60);
		expect(day.json.route.miles).toBeLessThan(110);

		const optimized = await read(
			owner.client.api.owner.schedule.days[":day"].route.optimize.$post({ param: { day: DAY } }),
		);
		expect(optimized.status, optimized.text).toBe(200);
		expect(keys(optimized.json.stops)).toEqual(OPTIMAL);
		expect(optimized.json.route.kept).toBe(true);

		// The owner moves Hudson up one place: kept across reads.
		const order = optimized.json.stops.map((s: CrewStop) => s.bookingId);
		[order[2], order[3]] = [order[3]!, order[2]!];
		const moved = await read(
			owner.client.api.owner.schedule.days[":day"].route.$put({
				param: { day: DAY },
				json: { bookingIds: order },
			}),
		);
		expect(moved.status, moved.text).toBe(200);
		const handOrder = ["massillon", "akron", "hudson", "cleveland", "northCanton", "unknown"];
		expect(keys(moved.json.stops)).toEqual(handOrder);
		expect(moved.json.route.miles).toBeGreaterThan(optimized.json.route.miles);
		day = await dayOf(owner);
		expect(keys(day.json.stops)).toEqual(handOrder);

		// A crew member reads the same order, and may change nothing.
		const crew = await signedInCrew(app, owner);
		day = await dayOf(crew);
		expect(day.status, day.text).toBe(200);
		expect(keys(day.json.stops)).toEqual(handOrder);
		expect(day.json.route.miles).toBe(moved.json.route.miles);
		expectError(
			await read(
				crew.client.api.owner.schedule.days[":day"].route.$put({
					param: { day: DAY },
					json: { bookingIds: order },
				}),
			),
			403,
		);
		expectError(
			await read(
				crew.client.api.owner.schedule.days[":day"].route.optimize.$post({ param: { day: DAY } }),
			),
			403,
		);

		// An order that leaves a stop out, names one twice, or names another day's booking: refused.
		expectError(
			await read(
				owner.client.api.owner.schedule.days[":day"].route.$put({
					param: { day: DAY },
					json: { bookingIds: order.slice(1) },
				}),
			),
			409,
			/stops changed/,
		);
		expectError(
			await read(
				owner.client.api.owner.schedule.days[":day"].route.$put({
					param: { day: DAY },
					json: { bookingIds: [...order.slice(1), order[1]!] },
				}),
			),
			400,
			/once/,
		);
		const later = await bookedAt(
			app,
			owner,
			{ key: "stow", zip: "44224", city: "Stow" },
			OTHER_DAY,
		);
		expectError(
			await read(
				owner.client.api.owner.schedule.days[":day"].route.$put({
					param: { day: DAY },
					json: { bookingIds: [...order.slice(1), later.bookingId] },
				}),
			),
			409,
			/not on the route/,
		);
		day = await dayOf(owner);
		expect(keys(day.json.stops)).toEqual(handOrder);

		// A house booked after the order was kept goes at the end.
		const alliance = await bookedAt(app, owner, {
			key: "alliance",
			zip: "44601",
			city: "Alliance",
		});
		houses.push(alliance);
		day = await dayOf(owner);
		expect(keys(day.json.stops)).toEqual([...handOrder, "alliance"]);

		// A booking moved to another day leaves the route (and its place) behind.
		const move = await read(
			owner.client.api.owner.bookings[":id"].move.$post({
				param: { id: byKey("hudson").bookingId },
				json: { day: OTHER_DAY },
			}),
		);
		expect(move.status, move.text).toBe(200);
		const [hudson] = await app.db
			.select({ routePosition: bookings.routePosition })
			.from(bookings)
			.where(eq(bookings.id, byKey("hudson").bookingId));
		expect(hudson!.routePosition).toBeNull();
		day = await dayOf(owner);
		expect(keys(day.json.stops)).toEqual([
			"massillon",
			"akron",
			"cleveland",
			"northCanton",
			"unknown",
			"alliance",
		]);
	});
});

describe("arrival windows", () => {
	test("the owner sets windows, sends them once (a changed one again), each customer sees their own on Home, the reminder names it; a crew reads them and sends nothing", async ({
		app,
		push,
	}) => {
		const { owner, byKey } = await bookedDay(app);
		const akron = byKey("akron");
		const massillon = byKey("massillon");
		const device = push.device();
		const subscribed = await read(
			akron.client.api.notifications.subscriptions.$put({ json: device.subscription }),
		);
		expect(subscribed.status, subscribed.text).toBe(200);

		// Defaults follow the route: a day of 9 is three houses a block, 8-11, 11-2, 2-5.
		let day = await dayOf(owner);
		expect(day.json.stops.map((s: CrewStop) => s.suggestedArrival.start)).toEqual([
			"08:00",
			"08:00",
			"08:00",
			"11:00",
			"11:00",
			"11:00",
		]);
		expect(day.json.stops.every((s: CrewStop) => s.arrival === null && !s.arrivalSent)).toBe(true);

		const windows = (
			path: { day?: string },
			list: { bookingId: string; start: string; end: string }[],
		) =>
			read(
				owner.client.api.owner.schedule.days[":day"]["arrival-windows"].$put({
					param: { day: path.day ?? DAY },
					json: { windows: list },
				}),
			);
		const saved = await windows({}, [
			{ bookingId: massillon.bookingId, start: "08:00", end: "11:00" },
			{ bookingId: akron.bookingId, start: "11:00", end: "14:00" },
		]);
		expect(saved.status, saved.text).toBe(200);
		expect(saved.json.stops.find((s: CrewStop) => s.bookingId === akron.bookingId)).toMatchObject({
			arrival: { start: "11:00", end: "14:00" },
			arrivalSent: false,
		});

		// Bad windows are refused at their field; another day's booking is refused.
		const bad = await windows({}, [{ bookingId: akron.bookingId, start: "14:00", end: "11:00" }]);
		expectError(bad, 400);
		expect(bad.json.issues).toEqual([
			{ path: "windows.0.end", message: "The window must end after it starts" },
		]);
		const late = await windows({}, [{ bookingId: akron.bookingId, start: "22:00", end: "24:30" }]);
		expectError(late, 400);
		expect(late.json.issues?.[0]?.path).toBe("windows.0.end");
		const stranger = await windows({ day: OTHER_DAY }, [
			{ bookingId: akron.bookingId, start: "08:00", end: "11:00" },
		]);
		expectError(stranger, 409, /not on the route/);
		expect(stranger.json.issues?.[0]?.path).toBe("windows.0.bookingId");

		// Nobody was told yet: Home shows no window.
		let mine = await read(akron.client.api.bookings.$get());
		expect(mine.json.bookings[0]!.arrival).toBeNull();

		const crew = await signedInCrew(app, owner);
		const send = (account: Account) =>
			read(
				account.client.api.owner.schedule.days[":day"]["arrival-windows"].send.$post({
					param: { day: DAY },
				}),
			);
		expectError(await send(crew), 403);
		expectError(
			await read(
				crew.client.api.owner.schedule.days[":day"]["arrival-windows"].$put({
					param: { day: DAY },
					json: { windows: [{ bookingId: akron.bookingId, start: "08:00", end: "09:00" }] },
				}),
			),
			403,
		);

		const mailAbout = async () =>
			(await queuedBesidesConfirmations(app)).filter((m) => /arrival/i.test(m.subject));
		const first = await send(owner);
		expect(first.status, first.text).toBe(200);
		expect(first.json).toEqual({ told: 2, unchanged: 0, withoutWindow: 4 });
		let mail = await mailAbout();
		expect(mail.map((m) => [m.toAddress, m.subject]).sort()).toEqual(
			[
				[akron.email, "Your install on Tuesday, November 10: arrival 11 AM–2 PM"],
				[massillon.email, "Your install on Tuesday, November 10: arrival 8–11 AM"],
			].sort(),
		);
		const pushes = await app.db
			.select()
			.from(pushSends)
			.where(eq(pushSends.kind, "arrival_window"));
		expect(pushes.map((p) => [p.userId, p.title])).toEqual([[akron.userId, "Arrival 11 AM–2 PM"]]);

		// Sent again: nobody is told twice.
		const again = await send(owner);
		expect(again.json).toEqual({ told: 0, unchanged: 2, withoutWindow: 4 });
		expect(await mailAbout()).toHaveLength(2);

		// Each customer sees their own window, beside the date.
		mine = await read(akron.client.api.bookings.$get());
		expect(mine.json.bookings[0]!.arrival).toEqual({ start: "11:00", end: "14:00" });
		const theirs = await read(massillon.client.api.bookings.$get());
		expect(theirs.json.bookings).toHaveLength(1);
		expect(theirs.json.bookings[0]!.arrival).toEqual({ start: "08:00", end: "11:00" });
		const other = await read(byKey("cleveland").client.api.bookings.$get());
		expect(other.json.bookings[0]!.arrival).toBeNull();

		// Akron's window changes: only Akron is told, once.
		expect(
			(await windows({}, [{ bookingId: akron.bookingId, start: "14:00", end: "17:00" }])).status,
		).toBe(200);
		mine = await read(akron.client.api.bookings.$get());
		expect(mine.json.bookings[0]!.arrival).toEqual({ start: "11:00", end: "14:00" });
		const changed = await send(owner);
		expect(changed.json).toEqual({ told: 1, unchanged: 1, withoutWindow: 4 });
		mail = await mailAbout();
		expect(mail).toHaveLength(3);
		expect(mail.at(-1)).toMatchObject({
			toAddress: akron.email,
			subject: "Your install on Tuesday, November 10: arrival 2–5 PM",
		});
		expect(mail.at(-1)!.textBody).toContain("New arrival window");

		// The crew's day shows the windows, sent.
		day = await dayOf(crew);
		expect(day.json.stops.find((s: CrewStop) => s.bookingId === akron.bookingId)).toMatchObject({
			arrival: { start: "14:00", end: "17:00" },
			arrivalSent: true,
		});

		// The install reminder (two days before, from 10 AM) names the window told.
		expect(await sendDueReminders(app.deps, new Date("2026-11-08T15:00:00Z"))).toBeGreaterThan(0);
		const reminders = (await queuedBesidesConfirmations(app)).filter((m) =>
			m.subject.startsWith("Reminder: your install"),
		);
		expect(reminders.find((m) => m.toAddress === akron.email)!.subject).toBe(
			"Reminder: your install is on Tuesday, November 10, arrival 2–5 PM",
		);
		expect(reminders.find((m) => m.toAddress === byKey("cleveland").email)!.subject).toBe(
			"Reminder: your install is on Tuesday, November 10",
		);
	});
});
