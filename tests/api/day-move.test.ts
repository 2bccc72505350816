import fs from "node:fs";
import path from "node:path";
import { inArray } from "drizzle-orm";
import ICAL from "ical.js";
import { simpleParser } from "mailparser";
import { describe, expect } from "vitest";
import { bookings, crewDays } from "../../src/server/db/schema.ts";
import { BOOKING_MESSAGES } from "../../src/shared/bookings.ts";
import type { Account } from "../support/accounts.ts";
import { test } from "../support/app-fixture.ts";
import { bookedCustomer } from "../support/builders.ts";
import { expectError } from "../support/expect.ts";
import { read } from "../support/http-client.ts";
import type { TestApp } from "../support/test-app.ts";

/**
 * Rain day: Move This Day on PGlite and on PostgreSQL (TEST_DATABASE_URL). September 1, 2026:
 * Prime (November 1 to Thanksgiving) is ahead; Monday to Saturday take 4 houses, Sunday none.
 */
const SEPT_1 = new Date("2026-09-01T16:00:00Z");
const RAIN = "2026-11-10";

const bookedOn = (app: TestApp, owner: Account | undefined, email: string, day: string) =>
	bookedCustomer(app, { owner, email, displayName: email.split("@")[0], day });

const capacity = (owner: Account, day: string, value: number) =>
	read(
		owner.client.api.owner.schedule.days[":day"].$patch({
			param: { day },
			json: { capacity: value },
		}),
	);
const preview = (owner: Account, day: string, toDay?: string) =>
	read(
		owner.client.api.owner.schedule.days[":day"]["move-preview"].$post({
			param: { day },
			json: toDay ? { toDay } : {},
		}),
	);
const confirm = (owner: Account, day: string, bookingIds: string[], toDay?: string) =>
	read(
		owner.client.api.owner.schedule.days[":day"].move.$post({
			param: { day },
			json: { bookingIds, ...(toDay ? { toDay } : {}) },
		}),
	);

/** Every booking's day, and every day's counter equal to the bookings taking a place on it. */
async function daysOf(app: TestApp, ids: string[]) {
	const rows = await app.db
		.select({ id: bookings.id, day: bookings.day, sequence: bookings.sequence })
		.from(bookings)
		.where(inArray(bookings.id, ids));
	return Object.fromEntries(rows.map((r) => [r.id, r]));
}
async function expectCountersTrue(app: TestApp) {
	const days = await app.db.select().from(crewDays);
	const all = await app.db.select().from(bookings);
	for (const d of days) {
		const taking = all.filter(
			(b) => b.day === d.day && ["held", "booked", "done"].includes(b.status),
		).length;
		expect(d.booked, d.day).toBe(taking);
		expect(d.booked, d.day).toBeLessThanOrEqual(d.capacity);
	}
}

async function icsTo(app: TestApp, to: string) {
	const dir = path.join(app.dataDir, "outbox");
	const deadline = Date.now() + 15_000;
	for (;;) {
		const found: { uid: unknown; sequence: unknown; start: string }[] = [];
		for (const file of fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []) {
			const mail = await simpleParser(fs.readFileSync(path.join(dir, file)));
			const recipient = Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text;
			if (recipient !== to || !mail.subject?.includes("moved")) continue;
			for (const a of mail.attachments)
				if (a.contentType === "text/calendar") {
					const event = new ICAL.Component(
						ICAL.parse(a.content.toString("utf8")),
					).getFirstSubcomponent("vevent")!;
					found.push({
						uid: event.getFirstPropertyValue("uid"),
						sequence: event.getFirstPropertyValue("sequence"),
						start: (event.getFirstPropertyValue("dtstart") as ICAL.Time).toString(),
					});
				}
		}
		if (found.length > 0 || Date.now() > deadline) return found;
		await new Promise((r) => setTimeout(r, 200));
	}
}

describe("Move This Day", () => {
	test("with room: the preview fills the next days in order; Confirm Move moves all and e-mails updated invitations", async ({
		app,
	}) => {
		app.deps.clock.now = () => SEPT_1;
		const a = await bookedOn(app, undefined, "ann@example.test", RAIN);
		const { owner } = a;
		const b = await bookedOn(app, owner, "bob@example.test", RAIN);
		// November 11 has one place left, November 12 is closed: the second goes to the 13th.
		await capacity(owner, "2026-11-11", 1);
		await read(
			owner.client.api.owner.schedule.days[":day"].$patch({
				param: { day: "2026-11-12" },
				json: { closed: true },
			}),
		);
		const plan = await preview(owner, RAIN);
		expect(plan.status, plan.text).toBe(200);
		expect(plan.json).toEqual({
			day: RAIN,
			missing: 0,
			moves: [
				{ bookingId: a.bookingId, customerName: "ann", kind: "install", toDay: "2026-11-11" },
				{ bookingId: b.bookingId, customerName: "bob", kind: "install", toDay: "2026-11-13" },
			],
		});
		// The preview changed nothing.
		expect((await daysOf(app, [a.bookingId]))[a.bookingId]!.day).toBe(RAIN);

		const moved = await confirm(owner, RAIN, [a.bookingId, b.bookingId]);
		expect(moved.status, moved.text).toBe(200);
		const after = await daysOf(app, [a.bookingId, b.bookingId]);
		expect(after[a.bookingId]).toMatchObject({ day: "2026-11-11", sequence: 1 });
		expect(after[b.bookingId]).toMatchObject({ day: "2026-11-13", sequence: 1 });
		await expectCountersTrue(app);
		// The customer sees the new date, and gets the same event, one sequence on.
		const mine = await read(a.client.api.bookings.$get());
		expect(mine.json.bookings[0]).toMatchObject({ day: "2026-11-11" });
		const invitations = await icsTo(app, a.email);
		expect(invitations).toEqual([
			{ uid: `${a.bookingId}@buckeye-holiday-lights`, sequence: 1, start: "2026-11-11" },
		]);
		// A day of its own choosing: both to the 20th.
		const picked = await preview(owner, "2026-11-11", "2026-11-20");
		expect(picked.json.moves.map((m: { toDay: string }) => m.toDay)).toEqual(["2026-11-20"]);
	});

	test("without room: the preview says how many places are missing and Confirm Move changes nothing", async ({
		app,
	}) => {
		app.deps.clock.now = () => SEPT_1;
		const a = await bookedOn(app, undefined, "ann@example.test", RAIN);
		const { owner } = a;
		const b = await bookedOn(app, owner, "bob@example.test", RAIN);
		const c = await bookedOn(app, owner, "cy@example.test", "2026-11-14");
		await capacity(owner, "2026-11-14", 2);
		const plan = await preview(owner, RAIN, "2026-11-14");
		expect(plan.json.missing).toBe(1);
		expect(plan.json.moves.map((m: { toDay: string | null }) => m.toDay)).toEqual([
			"2026-11-14",
			null,
		]);
		const before = await daysOf(app, [a.bookingId, b.bookingId, c.bookingId]);
		const refused = await confirm(owner, RAIN, [a.bookingId, b.bookingId], "2026-11-14");
		expectError(refused, 409, BOOKING_MESSAGES.moveMissing(1));
		expect(await daysOf(app, [a.bookingId, b.bookingId, c.bookingId])).toEqual(before);
		await expectCountersTrue(app);
		// Stale previews and bad input.
		expectError(
			await confirm(owner, RAIN, [a.bookingId, c.bookingId]),
			409,
			BOOKING_MESSAGES.moveChanged,
		);
		expectError(await preview(owner, RAIN, RAIN), 400, BOOKING_MESSAGES.moveSameDay);
		expect((await preview(owner, RAIN, "2026-13-01")).status).toBe(400);
		// Not the customer's to do.
		expect(
			(await a.client.request("POST", `/api/owner/schedule/days/${RAIN}/move-preview`, {})).status,
		).toBe(403);
	});

	test("two owners moving opposite days at once neither deadlock nor overbook", async ({ app }) => {
		app.deps.clock.now = () => SEPT_1;
		const x = "2026-11-16";
		const y = "2026-11-17";
		const z = "2026-11-18";
		const a = await bookedOn(app, undefined, "ann@example.test", x);
		const { owner } = a;
		const b = await bookedOn(app, owner, "bob@example.test", y);
		await capacity(owner, x, 2);
		await capacity(owner, y, 2);
		// Opposite moves, again and again: each waits for the other's locks, both go through.
		for (let round = 0; round < 4; round++) {
			const at = await daysOf(app, [a.bookingId, b.bookingId]);
			const [from, to] = [at[a.bookingId]!.day, at[b.bookingId]!.day];
			const [first, second] = await Promise.all([
				confirm(owner, from, [a.bookingId], to),
				confirm(owner, to, [b.bookingId], from),
			]);
			expect(first.status, first.text).toBe(200);
			expect(second.status, second.text).toBe(200);
			const after = await daysOf(app, [a.bookingId, b.bookingId]);
			expect([after[a.bookingId]!.day, after[b.bookingId]!.day]).toEqual([to, from]);
			await expectCountersTrue(app);
		}
		// Two days moved at once onto one place: exactly one gets it, the other changes nothing.
		await capacity(owner, z, 1);
		const at = await daysOf(app, [a.bookingId, b.bookingId]);
		const results = await Promise.all([
			confirm(owner, at[a.bookingId]!.day, [a.bookingId], z),
			confirm(owner, at[b.bookingId]!.day, [b.bookingId], z),
		]);
		expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
		expectError(results.find((r) => r.status === 409)!, 409, BOOKING_MESSAGES.moveMissing(1));
		await expectCountersTrue(app);
	});
});
