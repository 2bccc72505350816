import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import { simpleParser } from "mailparser";
import { describe, expect, onTestFinished } from "vitest";
import type { z } from "zod";
import { bills, bookings, crewDays, payments } from "../../src/server/db/schema.ts";
import { BOOKING_MESSAGES, seasonOf, type windowInputSchema } from "../../src/shared/bookings.ts";
import { CUSTOMER_MESSAGES } from "../../src/shared/customers.ts";
import { businessDate } from "../../src/shared/dates.ts";
import type { Account } from "../support/accounts.ts";
import { test } from "../support/app-fixture.ts";
import { approvedCustomer, SIGNATURE } from "../support/builders.ts";
import { expectError } from "../support/expect.ts";
import { read } from "../support/http-client.ts";
import { openLiveStream } from "../support/live-stream.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/**
 * The season calendar, on PGlite (and on PostgreSQL with TEST_DATABASE_URL). The clock is set:
 * it is September 1, 2026, noon in Canton, so the 2026-27 season's windows are all ahead.
 */
const SEPT_1 = new Date("2026-09-01T16:00:00Z");
const setClock = (app: TestApp, at: Date) => {
	app.deps.clock.now = () => at;
};
const minutes = (at: Date, n: number) => new Date(at.getTime() + n * 60_000);

/** A customer with an approved quote (its bill pending) who signed the contract. */
async function signedCustomer(app: TestApp, options: { owner?: Account; email?: string } = {}) {
	const customer = await approvedCustomer(app, options);
	const signed = await read(customer.client.api.contract.sign.$post({ json: SIGNATURE }));
	expect(signed.status, signed.text).toBe(200);
	return customer;
}

async function windowsOf(client: Account["client"]) {
	const res = await read(client.api.bookings.$get());
	expect(res.status, res.text).toBe(200);
	return res.json as {
		windows: {
			id: string;
			name: string;
			kind: string;
			startsOn: string;
			endsOn: string;
			seasonId: string;
		}[];
		bookings: { id: string; status: string; day: string }[];
		canBook: { install: boolean; takedown: boolean };
	};
}
const windowNamed = async (client: Account["client"], name: string, season = "2026-27") => {
	const found = (await windowsOf(client)).windows.find(
		(w) => w.name === name && w.seasonId === season,
	);
	expect(found, name).toBeTruthy();
	return found!;
};

const book = (client: Account["client"], windowId: string, day: string) =>
	read(client.api.bookings.$post({ json: { windowId, day } }));

const billOf = async (app: TestApp, id: string) =>
	(await app.db.select().from(bills).where(eq(bills.id, id)))[0];
const dayRow = async (app: TestApp, day: string) =>
	(await app.db.select().from(crewDays).where(eq(crewDays.day, day)))[0];

describe("seasons and windows", () => {
	test("a fresh install has the current and the next season with the default windows", async ({
		app,
	}) => {
		setClock(app, SEPT_1);
		const casey = await signedCustomer(app);
		const { windows, canBook } = await windowsOf(casey.client);
		expect(canBook).toEqual({ install: true, takedown: false });
		const of = (season: string) =>
			windows
				.filter((w) => w.seasonId === season)
				.map((w) => [w.name, w.kind, w.startsOn, w.endsOn]);
		// Thanksgiving 2026 is November 26; 2027's is November 25.
		expect(of("2026-27")).toEqual([
			["Early Bird", "install", "2026-10-15", "2026-10-31"],
			["Prime", "install", "2026-11-01", "2026-11-26"],
			["Late", "install", "2026-11-27", "2026-12-15"],
			["Takedown", "takedown", "2027-01-02", "2027-02-15"],
		]);
		expect(of("2027-28").map((w) => w[3])).toEqual([
			"2027-10-31",
			"2027-11-25",
			"2027-12-15",
			"2028-02-15",
		]);
	});

	test("a window's days: Sunday closed, the change lock closed, Few left, Full; never counts", async ({
		app,
	}) => {
		setClock(app, new Date("2026-10-12T16:00:00Z"));
		const casey = await signedCustomer(app);
		const early = await windowNamed(casey.client, "Early Bird");
		// Oct 20 with a capacity of 2 shows Few left; with 0, Closed.
		await read(
			casey.owner.client.api.owner.schedule.days[":day"].$patch({
				param: { day: "2026-10-20" },
				json: { capacity: 2 },
			}),
		);
		await read(
			casey.owner.client.api.owner.schedule.days[":day"].$patch({
				param: { day: "2026-10-21" },
				json: { closed: true },
			}),
		);
		const res = await read(
			casey.client.api["booking-windows"][":id"].days.$get({ param: { id: early.id } }),
		);
		expect(res.status, res.text).toBe(200);
		const state = Object.fromEntries(
			res.json.days.map((d: { day: string; state: string }) => [d.day, d.state]),
		);
		expect(state["2026-10-15"]).toBe("closed"); // 3 days ahead: inside the 5-day lock
		expect(state["2026-10-18"]).toBe("closed"); // a Sunday
		expect(state["2026-10-19"]).toBe("open");
		expect(state["2026-10-20"]).toBe("few");
		expect(state["2026-10-21"]).toBe("closed");
		expect(res.text).not.toMatch(/capacity|booked/);
	});
});

describe("booking with a deposit", () => {
	test("a hold for 35 minutes with a deposit of 25% of the adjusted total; the balance makes up the rest", async ({
		app,
	}) => {
		setClock(app, SEPT_1);
		const casey = await signedCustomer(app);
		const total = casey.bill.amountCents;
		const late = await windowNamed(casey.client, "Late");
		// The owner puts 10% on the Late window.
		const put = await read(
			casey.owner.client.api.owner.season.windows[":id"].$put({
				param: { id: late.id },
				json: {
					name: "Late",
					kind: "install",
					startsOn: late.startsOn,
					endsOn: late.endsOn,
					priceAdjustPct: 10,
					audience: "everyone",
				},
			}),
		);
		expect(put.status, put.text).toBe(200);
		const res = await book(casey.client, late.id, "2026-12-01");
		expect(res.status, res.text).toBe(201);
		expect(res.json).toMatchObject({
			status: "held",
			day: "2026-12-01",
			holdExpiresAt: minutes(SEPT_1, 35).toISOString(),
			depositPaid: false,
		});
		const adjusted = Math.round((total * 110) / 100);
		const deposit = await billOf(app, res.json.depositBillId);
		expect(deposit!.amountCents).toBe(Math.round(adjusted * 0.25));
		const balance = await billOf(app, casey.bill.id);
		expect(deposit!.amountCents + balance!.amountCents).toBe(adjusted);

		// Paid in test mode: booked.
		const paid = await read(
			casey.client.api.bills[":id"].pay.$post({
				param: { id: deposit!.id },
				json: {
					card: {
						cardholderName: "Casey",
						cardNumber: "4242 4242 4242 4242",
						expiry: "12/30",
						cvc: "123",
					},
				},
			}),
		);
		expect(paid.status, paid.text).toBe(200);
		const after = await read(casey.client.api.bookings[":id"].$get({ param: { id: res.json.id } }));
		expect(after.json).toMatchObject({ status: "booked", depositPaid: true, holdExpiresAt: null });
		expect((await dayRow(app, "2026-12-01"))!.booked).toBe(1);
	});

	test("bills belong to a season: a deposit to its booking's, the approval bill to its quote's", async ({
		app,
	}) => {
		setClock(app, SEPT_1);
		const casey = await signedCustomer(app);
		const quoteSeason = seasonOf(businessDate(casey.quote.decidedAt!));
		const next = await windowNamed(casey.client, "Prime", "2027-28");
		const res = await book(casey.client, next.id, "2027-11-09");
		expect(res.status, res.text).toBe(201);
		const mine = await read(casey.client.api.bills.$get());
		const seasons = Object.fromEntries(
			mine.json.bills.map((b: { id: string; seasonId: string }) => [b.id, b.seasonId]),
		);
		expect(seasons).toEqual({
			[res.json.depositBillId!]: "2027-28",
			[casey.bill.id]: quoteSeason,
		});
		const owned = await read(
			casey.owner.client.api.owner.customers[":id"].$get({ param: { id: casey.record.id } }),
		);
		expect(owned.status, owned.text).toBe(200);
		expect(
			Object.fromEntries(
				owned.json.bills.map((b: { id: string; seasonId: string }) => [b.id, b.seasonId]),
			),
		).toEqual(seasons);
	});

	test("an approval bill paid in full books at once with no deposit; an amount in the body is refused", async ({
		app,
	}) => {
		setClock(app, SEPT_1);
		const casey = await signedCustomer(app);
		await app.db
			.update(bills)
			.set({ status: "paid", paidAt: new Date(), paymentMethod: "cash" })
			.where(eq(bills.id, casey.bill.id));
		const prime = await windowNamed(casey.client, "Prime");
		// Raw: an amount, a field the route does not take.
		const sneaky = await casey.client.post("/api/bookings", {
			windowId: prime.id,
			day: "2026-11-10",
			amountCents: 1,
		});
		expectError(sneaky, 400, BOOKING_MESSAGES.amountRefused);
		const res = await book(casey.client, prime.id, "2026-11-10");
		expect(res.status, res.text).toBe(201);
		expect(res.json).toMatchObject({ status: "booked", depositBillId: null });
	});

	test("bad dates answer 400 with a message", async ({ app }) => {
		setClock(app, new Date("2026-11-20T16:00:00Z"));
		const casey = await signedCustomer(app);
		const prime = await windowNamed(casey.client, "Prime");
		expectError(
			await book(casey.client, prime.id, "2026-11-31"),
			400,
			"That is not a date on the calendar",
		);
		expectError(await book(casey.client, prime.id, "tomorrow"), 400, "Enter a date as YYYY-MM-DD");
		expectError(
			await book(casey.client, prime.id, "2026-12-05"),
			400,
			BOOKING_MESSAGES.outsideWindow,
		);
		expectError(await book(casey.client, prime.id, "2026-11-02"), 400, BOOKING_MESSAGES.past);
		// Raw: no window, which the route requires.
		expectError(await casey.client.post("/api/bookings", { day: "2026-11-25" }), 400);
	});
});

describe("never overbooked", () => {
	test("50 customers booking a day of capacity 3 at once get exactly 3 holds; the rest hear the next open days", async () => {
		// Fifty sign-ups from one address: more than the hourly limit of new accounts.
		const app = await startTestApp({ rateLimits: { signUp: { windowMs: 3_600_000, max: 1000 } } });
		onTestFinished(() => app.close());
		setClock(app, SEPT_1);
		const first = await signedCustomer(app, { email: "c0@example.test" });
		const owner = first.owner;
		const rest = [];
		for (let i = 1; i < 50; i++)
			rest.push(await signedCustomer(app, { owner, email: `c${i}@example.test` }));
		const everyone = [first, ...rest];
		const prime = await windowNamed(first.client, "Prime");
		expect(
			(
				await read(
					owner.client.api.owner.schedule.days[":day"].$patch({
						param: { day: "2026-11-10" },
						json: { capacity: 3 },
					}),
				)
			).status,
		).toBe(200);
		const started = performance.now();
		const answers = await Promise.all(everyone.map((c) => book(c.client, prime.id, "2026-11-10")));
		const ms = Math.round(performance.now() - started);
		const statuses = answers.map((a) => a.status);
		expect(statuses.filter((s) => s === 201)).toHaveLength(3);
		expect(statuses.filter((s) => s === 409)).toHaveLength(47);
		const full = answers.find((a) => a.status === 409)!;
		expectError(full, 409, BOOKING_MESSAGES.dayFull);
		expect(full.json.code).toBe("day_full");
		// Nov 11, 12, 13 (Wednesday to Friday).
		expect(full.json.alternatives).toEqual(["2026-11-11", "2026-11-12", "2026-11-13"]);
		expect((await dayRow(app, "2026-11-10"))!.booked).toBe(3);
		const rows = await app.db.select().from(bookings).where(eq(bookings.day, "2026-11-10"));
		expect(rows).toHaveLength(3);
		console.log(`[bookings] ${app.kind}: 50 at once for 3 places: 3 x 201, 47 x 409 in ${ms} ms`);
	}, 240_000);

	test("one customer booking twice at once gets one", async ({ app }) => {
		setClock(app, SEPT_1);
		const casey = await signedCustomer(app);
		const prime = await windowNamed(casey.client, "Prime");
		const answers = await Promise.all([
			book(casey.client, prime.id, "2026-11-10"),
			book(casey.client, prime.id, "2026-11-11"),
			book(casey.client, prime.id, "2026-11-12"),
		]);
		expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
		const refused = answers.find((a) => a.status === 409)!;
		expect(refused.json.code).toBe("already_booked");
		const active = await app.db.select().from(bookings);
		expect(active).toHaveLength(1);
	});
});

describe("holds run out", () => {
	test("an unpaid hold expires after 35 minutes: its day is freed and its deposit cannot be paid", async ({
		app,
	}) => {
		setClock(app, SEPT_1);
		const casey = await signedCustomer(app);
		const prime = await windowNamed(casey.client, "Prime");
		const held = await book(casey.client, prime.id, "2026-11-10");
		expect(held.status, held.text).toBe(201);
		setClock(app, minutes(SEPT_1, 34));
		expect(
			(await read(casey.client.api.bookings[":id"].$get({ param: { id: held.json.id } }))).json
				.status,
		).toBe("held");
		setClock(app, minutes(SEPT_1, 36));
		expect(
			(await read(casey.client.api.bookings[":id"].$get({ param: { id: held.json.id } }))).json
				.status,
		).toBe("expired");
		expect((await dayRow(app, "2026-11-10"))!.booked).toBe(0);
		const pay = await read(
			casey.client.api.bills[":id"].pay.$post({
				param: { id: held.json.depositBillId },
				json: {
					card: {
						cardholderName: "Casey",
						cardNumber: "4242 4242 4242 4242",
						expiry: "12/30",
						cvc: "123",
					},
				},
			}),
		);
		expect(pay.status).toBe(404);
		// The balance is the whole amount again.
		expect((await billOf(app, casey.bill.id))!.amountCents).toBe(casey.bill.amountCents);
	});

	test("a payment after expiry confirms if the day has room, else the booking needs a new day", async ({
		app,
	}) => {
		setClock(app, SEPT_1);
		const casey = await signedCustomer(app);
		const owner = casey.owner;
		const other = await signedCustomer(app, { owner, email: "other@example.test" });
		const third = await signedCustomer(app, { owner, email: "third@example.test" });
		const prime = await windowNamed(casey.client, "Prime");
		await read(
			owner.client.api.owner.schedule.days[":day"].$patch({
				param: { day: "2026-11-10" },
				json: { capacity: 1 },
			}),
		);
		await read(
			owner.client.api.owner.schedule.days[":day"].$patch({
				param: { day: "2026-11-12" },
				json: { capacity: 1 },
			}),
		);
		const late = await book(casey.client, prime.id, "2026-11-10");
		const onTime = await book(third.client, prime.id, "2026-11-12");
		// A hosted checkout is open for both deposits when the holds run out.
		for (const b of [late, onTime])
			await app.db.insert(payments).values({
				billId: b.json.depositBillId,
				userId: (await billOf(app, b.json.depositBillId))!.userId,
				provider: "stripe",
				amountCents: (await billOf(app, b.json.depositBillId))!.amountCents,
			});
		setClock(app, minutes(SEPT_1, 40));
		// Someone else takes Nov 10 meanwhile.
		expect((await book(other.client, prime.id, "2026-11-10")).status).toBe(201);
		// The payments arrive (recorded as the webhook's settlement would: the bill paid).
		for (const b of [late, onTime]) {
			const res = await read(
				owner.client.api.owner.bills[":id"]["mark-paid"].$post({
					param: { id: b.json.depositBillId },
					json: {
						method: "check",
					},
				}),
			);
			expect(res.status, res.text).toBe(200);
		}
		// A deposit that booked its day is not undone: the booking is moved or cancelled instead.
		expectError(
			await read(
				owner.client.api.owner.bills[":id"]["undo-mark-paid"].$post({
					param: { id: onTime.json.depositBillId },
				}),
			),
			409,
			CUSTOMER_MESSAGES.billUndoDeposit,
		);
		expect(
			(await read(casey.client.api.bookings[":id"].$get({ param: { id: late.json.id } }))).json
				.status,
		).toBe("needs_new_day");
		expect(
			(await read(third.client.api.bookings[":id"].$get({ param: { id: onTime.json.id } }))).json
				.status,
		).toBe("booked");
		expect((await dayRow(app, "2026-11-10"))!.booked).toBe(1);
		expect((await billOf(app, late.json.depositBillId))!.status).toBe("paid");
		// The customer picks a new day, with no second deposit.
		const moved = await read(
			casey.client.api.bookings[":id"].move.$post({
				param: { id: late.json.id },
				json: {
					day: "2026-11-13",
				},
			}),
		);
		expect(moved.status, moved.text).toBe(200);
		expect(moved.json).toMatchObject({ status: "booked", day: "2026-11-13" });
	});
});

describe("changes", () => {
	test("the customer moves and cancels until the lock; the owner always can", async ({ app }) => {
		setClock(app, SEPT_1);
		const casey = await signedCustomer(app);
		await app.db
			.update(bills)
			.set({ status: "paid", paidAt: new Date(), paymentMethod: "cash" })
			.where(eq(bills.id, casey.bill.id));
		const prime = await windowNamed(casey.client, "Prime");
		const booked = await book(casey.client, prime.id, "2026-11-10");
		expect(booked.json.status).toBe("booked");
		const moved = await read(
			casey.client.api.bookings[":id"].move.$post({
				param: { id: booked.json.id },
				json: {
					day: "2026-11-12",
				},
			}),
		);
		expect(moved.json).toMatchObject({ day: "2026-11-12", status: "booked" });
		expect((await dayRow(app, "2026-11-10"))!.booked).toBe(0);
		expect((await dayRow(app, "2026-11-12"))!.booked).toBe(1);
		// Nov 8: four days before.
		setClock(app, new Date("2026-11-08T15:00:00Z"));
		const locked = await read(
			casey.client.api.bookings[":id"].move.$post({
				param: { id: booked.json.id },
				json: {
					day: "2026-11-20",
				},
			}),
		);
		expectError(locked, 409, BOOKING_MESSAGES.locked(5));
		expectError(
			await read(casey.client.api.bookings[":id"].cancel.$post({ param: { id: booked.json.id } })),
			409,
			BOOKING_MESSAGES.locked(5),
		);
		const byOwner = await read(
			casey.owner.client.api.owner.bookings[":id"].move.$post({
				param: { id: booked.json.id },
				json: {
					day: "2026-11-10",
				},
			}),
		);
		expect(byOwner.status, byOwner.text).toBe(200);
		const cancelled = await read(
			casey.owner.client.api.owner.bookings[":id"].cancel.$post({ param: { id: booked.json.id } }),
		);
		expect(cancelled.json.status).toBe("cancelled");
		expect((await dayRow(app, "2026-11-10"))!.booked).toBe(0);
		// Money paid stays paid.
		expect((await billOf(app, casey.bill.id))!.status).toBe("paid");
	});

	test("another customer's booking is not found", async ({ app }) => {
		setClock(app, SEPT_1);
		const casey = await signedCustomer(app);
		const other = await signedCustomer(app, { owner: casey.owner, email: "other@example.test" });
		const prime = await windowNamed(casey.client, "Prime");
		const held = await book(casey.client, prime.id, "2026-11-10");
		expectError(
			await read(other.client.api.bookings[":id"].$get({ param: { id: held.json.id } })),
			404,
			BOOKING_MESSAGES.notFound,
		);
		expectError(
			await read(other.client.api.bookings[":id"].cancel.$post({ param: { id: held.json.id } })),
			404,
		);
		expectError(
			await read(
				other.client.api.bookings[":id"].move.$post({
					param: { id: held.json.id },
					json: { day: "2026-11-12" },
				}),
			),
			404,
		);
	});
});

describe("the season's windows in Settings", () => {
	type WindowInput = z.input<typeof windowInputSchema>;
	const window = (over: Partial<WindowInput> = {}): WindowInput => ({
		name: "Week before Christmas",
		kind: "install",
		startsOn: "2026-12-16",
		endsOn: "2026-12-22",
		priceAdjustPct: 15,
		audience: "returning",
		...over,
	});
	const issueAt = (res: { json: { issues?: { path: string }[] } }) => res.json.issues?.[0]?.path;

	test("each refusal names its field; a window with bookings keeps its kind and its bookings' days", async ({
		app,
	}) => {
		setClock(app, SEPT_1);
		const casey = await signedCustomer(app);
		const owner = casey.owner;
		const list = await read(owner.client.api.owner.season.windows.$get());
		expect(list.json.seasons).toEqual(["2026-27", "2027-28"]);
		const add = (json: WindowInput, season = "2026-27") =>
			read(owner.client.api.owner.season.windows.$post({ query: { season }, json }));

		// The last day before the first, days outside the season, a day shared with Late.
		const backwards = await add(window({ endsOn: "2026-12-10" }));
		expectError(backwards, 400, "The first day must not be after the last");
		expect(issueAt(backwards)).toBe("endsOn");
		const outside = await add(window({ startsOn: "2026-07-20" }));
		expectError(outside, 400, /between August 1, 2026 and July 31, 2027/);
		expect(issueAt(outside)).toBe("startsOn");
		const overlap = await add(window({ startsOn: "2026-12-10" }));
		expectError(overlap, 400, /overlap Late \(Nov 27 to Dec 15\)/);
		expect(issueAt(overlap)).toBe("startsOn");
		const overlapEnd = await add(window({ startsOn: "2026-10-01", endsOn: "2026-10-20" }));
		expectError(overlapEnd, 400, /overlap Early Bird/);
		expect(issueAt(overlapEnd)).toBe("endsOn");
		const badPct = await add(window({ priceAdjustPct: 2.5 }));
		expectError(badPct, 400, "Price adjustment must be a whole percent");
		expect(issueAt(badPct)).toBe("priceAdjustPct");
		expectError(await add(window(), "2030"), 400);
		expectError(await add(window(), "2031-32"), 404);
		// A takedown window may share days with an install one.
		const added = await add(window());
		expect(added.status, added.text).toBe(201);
		expect(added.json).toMatchObject({ priceAdjustPct: 15, audience: "returning" });
		const takedownIn = await add(
			window({ name: "Early takedown", kind: "takedown", startsOn: "2026-12-10" }),
		);
		expect(takedownIn.status, takedownIn.text).toBe(201);

		// Bookings keep their window's kind and days.
		const prime = await windowNamed(casey.client, "Prime");
		expect((await book(casey.client, prime.id, "2026-11-20")).status).toBe(201);
		const edit = (over: Partial<WindowInput>) =>
			read(
				owner.client.api.owner.season.windows[":id"].$put({
					param: { id: prime.id },
					json: {
						name: "Prime",
						kind: "install",
						startsOn: prime.startsOn,
						endsOn: prime.endsOn,
						...over,
					},
				}),
			);
		const kind = await edit({ kind: "takedown" });
		expectError(kind, 409, /its kind cannot change/);
		expect(issueAt(kind)).toBe("kind");
		const shrunk = await edit({ endsOn: "2026-11-15" });
		expectError(shrunk, 409, "A booking on Nov 20 would fall outside the window: move it first");
		expect(issueAt(shrunk)).toBe("endsOn");
		const grown = await edit({ startsOn: "2026-10-25" });
		expectError(grown, 400, /overlap Early Bird/);
		const renamed = await edit({ name: "Prime time", priceAdjustPct: 5 });
		expect(renamed.status, renamed.text).toBe(200);
		expect(renamed.json).toMatchObject({ name: "Prime time", priceAdjustPct: 5 });
		expectError(
			await read(owner.client.api.owner.season.windows[":id"].$delete({ param: { id: prime.id } })),
			409,
			"This window has bookings: move or cancel them first",
		);
		expect(
			(
				await read(
					owner.client.api.owner.season.windows[":id"].$delete({ param: { id: added.json.id } }),
				)
			).status,
		).toBe(200);
		expectError(
			await read(
				owner.client.api.owner.season.windows[":id"].$delete({ param: { id: added.json.id } }),
			),
			404,
		);
		expectError(await read(casey.client.api.owner.season.windows.$get()), 403);
	});

	test("a phone booking on a full day answers the next days with room, inside the change lock too", async ({
		app,
	}) => {
		setClock(app, SEPT_1);
		const casey = await signedCustomer(app);
		const other = await signedCustomer(app, { owner: casey.owner, email: "other@example.test" });
		const owner = casey.owner;
		const prime = await windowNamed(casey.client, "Prime");
		// November 8: the change lock (5 days) covers November 9 to 13.
		setClock(app, new Date("2026-11-08T16:00:00Z"));
		await read(
			owner.client.api.owner.schedule.days[":day"].$patch({
				param: { day: "2026-11-10" },
				json: { capacity: 1 },
			}),
		);
		await read(
			owner.client.api.owner.schedule.days[":day"].$patch({
				param: { day: "2026-11-11" },
				json: { closed: true },
			}),
		);
		const phone = (customerId: string) =>
			read(
				owner.client.api.owner.bookings.$post({
					json: { customerId, windowId: prime.id, day: "2026-11-10" },
				}),
			);
		const first = await phone(casey.record.id);
		expect(first.status, first.text).toBe(201);
		expect(first.json.status).toBe("booked");
		const full = await phone(other.record.id);
		expectError(full, 409, BOOKING_MESSAGES.dayFull);
		expect(full.json).toMatchObject({
			code: "day_full",
			alternatives: ["2026-11-12", "2026-11-13", "2026-11-14"],
		});
	});
});

describe("the owner's calendar", () => {
	test("capacity never below booked; a closed day takes no new booking and keeps its own", async ({
		app,
	}) => {
		setClock(app, SEPT_1);
		const casey = await signedCustomer(app);
		const other = await signedCustomer(app, { owner: casey.owner, email: "other@example.test" });
		const owner = casey.owner;
		const prime = await windowNamed(casey.client, "Prime");
		await book(casey.client, prime.id, "2026-11-10");
		await book(other.client, prime.id, "2026-11-10");
		expectError(
			await read(
				owner.client.api.owner.schedule.days[":day"].$patch({
					param: { day: "2026-11-10" },
					json: { capacity: 1 },
				}),
			),
			409,
			"Capacity cannot be less than the 2 houses already booked",
		);
		expect(
			(
				await read(
					owner.client.api.owner.schedule.days[":day"].$patch({
						param: { day: "2026-11-10" },
						json: { capacity: 2 },
					}),
				)
			).json,
		).toMatchObject({
			capacity: 2,
			booked: 2,
		});
		expect(
			(
				await read(
					owner.client.api.owner.schedule.days[":day"].$patch({
						param: { day: "2026-11-10" },
						json: { closed: true },
					}),
				)
			).json.closed,
		).toBe(true);
		const day = await read(
			owner.client.api.owner.schedule.days[":day"].$get({ param: { day: "2026-11-10" } }),
		);
		expect(day.json.bookings).toHaveLength(2);
		expect(day.json.bookings[0]).toMatchObject({
			status: "held",
			customerName: expect.any(String),
		});
		const third = await signedCustomer(app, { owner, email: "third@example.test" });
		await read(
			owner.client.api.owner.schedule.days[":day"].$patch({
				param: { day: "2026-11-10" },
				json: { capacity: 4 },
			}),
		);
		const refused = await book(third.client, prime.id, "2026-11-10");
		expectError(refused, 409, BOOKING_MESSAGES.dayClosed);
		// The owner's phone booking on a closed day is refused too; on an open one it is booked.
		const phone = await read(
			owner.client.api.owner.bookings.$post({
				json: {
					customerId: third.record.id,
					windowId: prime.id,
					day: "2026-11-11",
				},
			}),
		);
		expect(phone.status, phone.text).toBe(201);
		expect(phone.json.status).toBe("booked");
		const calendar = await read(
			owner.client.api.owner.schedule.$get({ query: { season: "2026-27" } }),
		);
		const primeDays = calendar.json.windows.find((w: { name: string }) => w.name === "Prime").days;
		expect(primeDays.find((d: { day: string }) => d.day === "2026-11-10")).toEqual({
			day: "2026-11-10",
			capacity: 4,
			booked: 2,
			closed: true,
		});
		expectError(await read(casey.client.api.owner.schedule.$get({ query: {} })), 403);
	});

	test("settings: deposit share and lock days; the takedown opens once the install is done", async ({
		app,
	}) => {
		setClock(app, SEPT_1);
		const casey = await signedCustomer(app);
		const owner = casey.owner;
		const saved = await read(
			owner.client.api.owner.season.settings.$put({
				json: {
					depositPercent: 0,
					changeLockDays: 3,
				},
			}),
		);
		expect(saved.json).toMatchObject({ depositPercent: 0, changeLockDays: 3 });
		expectError(
			await read(owner.client.api.owner.season.settings.$put({ json: { depositPercent: 101 } })),
			400,
		);
		const prime = await windowNamed(casey.client, "Prime");
		const install = await book(casey.client, prime.id, "2026-11-10");
		expect(install.json.status).toBe("booked");
		const takedown = await windowNamed(casey.client, "Takedown");
		expectError(
			await book(casey.client, takedown.id, "2027-01-05"),
			409,
			BOOKING_MESSAGES.installFirst,
		);
		expect(
			(
				await read(
					owner.client.api.owner.bookings[":id"].done.$post({ param: { id: install.json.id } }),
				)
			).status,
		).toBe(200);
		const down = await book(casey.client, takedown.id, "2027-01-05");
		expect(down.status, down.text).toBe(201);
		expect(down.json).toMatchObject({ status: "booked", kind: "takedown", depositBillId: null });
	});
});

describe("calendar invitations", () => {
	/** The .ics files the outbox holds for `to`, in order of sending. */
	async function invitationsTo(app: TestApp, to: string, count: number) {
		const dir = path.join(app.dataDir, "outbox");
		const deadline = Date.now() + 15_000;
		for (;;) {
			const found: { method: string; text: string }[] = [];
			for (const file of fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []) {
				const mail = await simpleParser(fs.readFileSync(path.join(dir, file)));
				const recipient = Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text;
				if (recipient !== to) continue;
				for (const a of mail.attachments)
					if (a.contentType === "text/calendar")
						found.push({
							method: JSON.stringify(a.headers.get("content-type")),
							text: a.content.toString("utf8"),
						});
			}
			if (found.length >= count || Date.now() > deadline) return found;
			await new Promise((r) => setTimeout(r, 200));
		}
	}

	const readIcs = (text: string) => {
		const calendar = new ICAL.Component(ICAL.parse(text));
		const event = calendar.getFirstSubcomponent("vevent")!;
		const start = event.getFirstPropertyValue("dtstart") as ICAL.Time;
		return {
			method: calendar.getFirstPropertyValue("method"),
			uid: event.getFirstPropertyValue("uid"),
			sequence: event.getFirstPropertyValue("sequence"),
			status: event.getFirstPropertyValue("status"),
			start: start.toString(),
			allDay: start.isDate,
		};
	};

	test("booked, moved and cancelled: one event UID, the day on the business calendar, METHOD:CANCEL at the end", async ({
		app,
	}) => {
		setClock(app, SEPT_1);
		const casey = await signedCustomer(app);
		await app.db
			.update(bills)
			.set({ status: "paid", paidAt: new Date(), paymentMethod: "cash" })
			.where(eq(bills.id, casey.bill.id));
		const prime = await windowNamed(casey.client, "Prime");
		const booked = await book(casey.client, prime.id, "2026-11-10");
		const id = booked.json.id as string;
		const file = await read(
			casey.client.api.bookings[":id"]["calendar.ics"].$get({ param: { id } }),
		);
		expect(file.status).toBe(200);
		expect(file.headers.get("content-type")).toContain("text/calendar");
		expect(readIcs(file.text)).toEqual({
			method: "REQUEST",
			uid: `${id}@buckeye-holiday-lights`,
			sequence: 0,
			status: "CONFIRMED",
			start: "2026-11-10",
			allDay: true,
		});
		// November 1, 2026 is the day the clocks go back: a day after it is still its own date.
		await read(
			casey.client.api.bookings[":id"].move.$post({ param: { id }, json: { day: "2026-11-02" } }),
		);
		await read(casey.client.api.bookings[":id"].cancel.$post({ param: { id } }));
		// In the order sent: two written in the same millisecond may list either way in the outbox.
		const sent = (await invitationsTo(app, casey.email, 3))
			.map((s) => ({ ...s, event: readIcs(s.text) }))
			.sort((a, b) => Number(a.event.sequence) - Number(b.event.sequence));
		expect(sent.map((s) => s.event)).toEqual([
			expect.objectContaining({ method: "REQUEST", sequence: 0, start: "2026-11-10" }),
			expect.objectContaining({ method: "REQUEST", sequence: 1, start: "2026-11-02" }),
			expect.objectContaining({
				method: "CANCEL",
				sequence: 2,
				status: "CANCELLED",
				start: "2026-11-02",
			}),
		]);
		// The attachment's own type says the method too, as mail programs read it.
		expect(sent.map((s) => s.method.includes('"method":"CANCEL"'))).toEqual([false, false, true]);
		expect(new Set(sent.map((s) => readIcs(s.text).uid))).toEqual(
			new Set([`${id}@buckeye-holiday-lights`]),
		);
		// Someone else's booking has no file for them.
		const other = await signedCustomer(app, { owner: casey.owner, email: "other@example.test" });
		expect(
			(await read(other.client.api.bookings[":id"]["calendar.ics"].$get({ param: { id } }))).status,
		).toBe(404);
	});
});

describe("live", () => {
	test("the owner's open calendar and the customer's page hear a booking; another customer does not", async ({
		app,
	}) => {
		setClock(app, SEPT_1);
		const casey = await signedCustomer(app);
		const other = await signedCustomer(app, { owner: casey.owner, email: "other@example.test" });
		const prime = await windowNamed(casey.client, "Prime");
		const ownerStream = await openLiveStream(app.url, casey.owner.client.cookieHeader());
		const caseyStream = await openLiveStream(app.url, casey.client.cookieHeader());
		const otherStream = await openLiveStream(app.url, other.client.cookieHeader());
		try {
			const held = await book(casey.client, prime.id, "2026-11-10");
			const isBooking = (e: { data: { kind: string } }) => e.data.kind === "booking.changed";
			expect((await ownerStream.next(isBooking)).data).toMatchObject({
				bookingId: held.json.id,
				day: "2026-11-10",
			});
			expect((await caseyStream.next(isBooking)).data).toMatchObject({ bookingId: held.json.id });
			await read(
				casey.owner.client.api.owner.schedule.days[":day"].$patch({
					param: { day: "2026-11-11" },
					json: { closed: true },
				}),
			);
			expect(
				(await ownerStream.next((e) => e.data.kind === "calendar.changed")).data,
			).toMatchObject({
				day: "2026-11-11",
			});
			// The other customer hears the day change (their calendar shows it), not Casey's booking.
			await otherStream.next((e) => e.data.kind === "calendar.changed");
			expect(otherStream.events.some(isBooking)).toBe(false);
		} finally {
			await Promise.all([ownerStream.close(), caseyStream.close(), otherStream.close()]);
		}
	});
});
