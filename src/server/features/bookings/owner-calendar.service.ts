import { and, asc, eq, inArray, sql } from "drizzle-orm";
import {
	BOOKING_MESSAGES,
	type OwnerBooking,
	type OwnerCalendar,
	type SeasonSettings,
	seasonStartYear,
	weekdayOf,
	type windowInputSchema,
} from "../../../shared/bookings.ts";
import type { QuoteLine } from "../../../shared/quotes.ts";
import {
	RENEWAL_MESSAGES,
	renewalDatesInOrder,
	type SeasonRulesInput,
} from "../../../shared/renewals.ts";
import type { z } from "../../../shared/zod.ts";
import type { Executor } from "../../db/database.ts";
import {
	bookings,
	crewDays,
	customers,
	quoteRequests,
	seasonSettings,
	seasons,
	serviceWindows,
} from "../../db/schema.ts";
import { type Actor, assertOwner, assertStaff } from "../../lib/actor.ts";
import { badRequest, conflict, fieldError, notFound } from "../../lib/errors.ts";
import { type BookingDeps, expireHolds, toBooking } from "./bookings.service.ts";
import {
	currentSeasons,
	dayCounts,
	ensureSeasons,
	readSeasonSettings,
	todayOf,
	windowColumns,
	windowsOf,
} from "./season.service.ts";

/** The owner's calendar of a season: each window's days with what is booked of their capacity. */
export async function getOwnerCalendar(options: {
	deps: BookingDeps;
	actor: Actor;
	seasonId?: string;
}): Promise<OwnerCalendar> {
	const { deps, actor } = options;
	assertOwner(actor);
	const today = todayOf(deps.clock);
	await ensureSeasons(deps.db, today);
	await expireHolds(deps);
	const all = (await deps.db.select({ id: seasons.id }).from(seasons).orderBy(asc(seasons.id))).map(
		(s) => s.id,
	);
	const seasonId = options.seasonId ?? currentSeasons(today)[0];
	if (!all.includes(seasonId)) throw notFound("Season not found");
	const settings = await readSeasonSettings(deps.db);
	const windows = await windowsOf(deps.db, [seasonId]);
	return {
		seasons: all,
		seasonId,
		windows: await Promise.all(
			windows.map(async (w) => ({
				...w,
				days: await dayCounts(deps.db, w.startsOn, w.endsOn, settings),
			})),
		),
	};
}

async function dayOf(db: Executor, day: string, settings: SeasonSettings) {
	const [counts] = await dayCounts(db, day, day, settings);
	return counts!;
}

/** One day: its counts and its bookings (held, booked, needing a new day, done). */
export async function getOwnerDay(options: { deps: BookingDeps; actor: Actor; day: string }) {
	const { deps, actor, day } = options;
	assertOwner(actor);
	await expireHolds(deps);
	const settings = await readSeasonSettings(deps.db);
	const today = todayOf(deps.clock);
	const rows = await deps.db
		.select({
			booking: bookings,
			name: customers.name,
			address: customers.address,
			city: customers.city,
			userId: customers.userId,
		})
		.from(bookings)
		.innerJoin(customers, eq(customers.id, bookings.customerId))
		.where(
			and(
				eq(bookings.day, day),
				inArray(bookings.status, ["held", "booked", "needs_new_day", "done"]),
			),
		)
		.orderBy(asc(bookings.createdAt));
	const list: OwnerBooking[] = [];
	for (const row of rows) {
		const [quote] = row.userId
			? await deps.db
					.select({ services: quoteRequests.services })
					.from(quoteRequests)
					.where(and(eq(quoteRequests.userId, row.userId), eq(quoteRequests.status, "approved")))
					.orderBy(sql`${quoteRequests.decidedAt} desc nulls last`)
					.limit(1)
			: [];
		list.push({
			...(await toBooking(deps.db, row.booking, today, settings.changeLockDays)),
			customerId: row.booking.customerId,
			customerName: row.name,
			address: [row.address, row.city].filter(Boolean).join(", ") || null,
			services: ((quote?.services ?? []) as QuoteLine[]).map((line) => serviceName(line)),
		});
	}
	const [dayRow] = await deps.db
		.select({ notes: crewDays.notes })
		.from(crewDays)
		.where(eq(crewDays.day, day));
	return { day: await dayOf(deps.db, day, settings), bookings: list, notes: dayRow?.notes ?? null };
}

/**
 * A crew's day: the bookings that send a crew out (booked or done), in booking order, each with
 * its customer's contact, the services of their approved quote (no amounts), its place in a kept
 * route and its arrival window; and the day's capacity. For the owner and the crews.
 */
export async function listDayStops(options: { deps: BookingDeps; actor: Actor; day: string }) {
	const { deps, actor, day } = options;
	assertStaff(actor);
	const rows = await deps.db
		.select({
			bookingId: bookings.id,
			kind: bookings.kind,
			status: bookings.status,
			customerId: customers.id,
			userId: customers.userId,
			name: customers.name,
			phone: customers.phone,
			address: customers.address,
			city: customers.city,
			state: customers.state,
			zipCode: customers.zipCode,
			routePosition: bookings.routePosition,
			arrivalStart: bookings.arrivalStart,
			arrivalEnd: bookings.arrivalEnd,
			arrivalSentStart: bookings.arrivalSentStart,
			arrivalSentEnd: bookings.arrivalSentEnd,
			services: sql<QuoteLine[] | null>`(
				select q.services from ${quoteRequests} q
				where q.user_id = ${customers.userId} and q.status = 'approved'
				order by q.decided_at desc nulls last limit 1)`,
		})
		.from(bookings)
		.innerJoin(customers, eq(customers.id, bookings.customerId))
		.where(and(eq(bookings.day, day), inArray(bookings.status, ["booked", "done"])))
		.orderBy(asc(bookings.createdAt), asc(bookings.id));
	const [dayRow] = await deps.db
		.select({ notes: crewDays.notes, capacity: crewDays.capacity })
		.from(crewDays)
		.where(eq(crewDays.day, day));
	const capacity =
		dayRow?.capacity ?? (await readSeasonSettings(deps.db)).weekdayCapacity[weekdayOf(day)] ?? 0;
	return {
		day,
		notes: dayRow?.notes ?? null,
		capacity,
		stops: rows.map((r) => ({
			zipCode: r.zipCode,
			routePosition: r.routePosition,
			arrivalStart: r.arrivalStart,
			arrivalEnd: r.arrivalEnd,
			arrivalSentStart: r.arrivalSentStart,
			arrivalSentEnd: r.arrivalSentEnd,
			bookingId: r.bookingId,
			kind: r.kind,
			status: r.status as "booked" | "done",
			customerId: r.customerId,
			userId: r.userId,
			name: r.name,
			phone: r.phone,
			address:
				[r.address, r.city, [r.state, r.zipCode].filter(Boolean).join(" ")]
					.filter(Boolean)
					.join(", ") || null,
			services: (r.services ?? []).map((line) => serviceName(line)),
		})),
	};
}

/** The days ahead (and the last week) that send a crew out, with how many stops are done. */
export async function listCrewDays(options: { deps: BookingDeps; actor: Actor }) {
	const { deps, actor } = options;
	assertStaff(actor);
	const today = todayOf(deps.clock);
	const rows = await deps.db
		.select({
			day: bookings.day,
			stops: sql<number>`count(*)::int`,
			done: sql<number>`(count(*) filter (where ${bookings.status} = 'done'))::int`,
		})
		.from(bookings)
		.where(
			and(inArray(bookings.status, ["booked", "done"]), sql`${bookings.day} >= ${today}::date - 7`),
		)
		.groupBy(bookings.day)
		.orderBy(asc(bookings.day))
		.limit(120);
	return { days: rows.map((r) => ({ day: r.day, stops: Number(r.stops), done: Number(r.done) })) };
}

const serviceName = (line: QuoteLine) => {
	const l = line as unknown as { name?: string; quantity?: number };
	return l.quantity && l.quantity > 1
		? `${l.name ?? "Service"} × ${l.quantity}`
		: (l.name ?? "Service");
};

/**
 * The owner sets a day's crew capacity (never below what is booked: the CHECK decides, so a
 * booking arriving meanwhile cannot slip under it) or closes or reopens it.
 */
export async function changeDay(options: {
	deps: BookingDeps;
	actor: Actor;
	day: string;
	change: { capacity?: number; closed?: boolean; notes?: string | null };
}) {
	const { deps, actor, day, change } = options;
	assertOwner(actor);
	if (change.capacity === undefined && change.closed === undefined && change.notes === undefined)
		throw badRequest("Send a capacity, whether the day is closed, or its notes");
	const settings = await readSeasonSettings(deps.db);
	try {
		await deps.events.transaction(async (tx) => {
			const base = settings.weekdayCapacity[weekdayOf(day)] ?? 0;
			await tx.insert(crewDays).values({ day, capacity: base }).onConflictDoNothing();
			await tx
				.update(crewDays)
				.set({
					...(change.capacity !== undefined
						? { capacity: change.capacity, capacitySet: true }
						: {}),
					...(change.closed !== undefined ? { closed: change.closed } : {}),
					...(change.notes !== undefined ? { notes: change.notes } : {}),
					updatedAt: sql`now()`,
				})
				.where(eq(crewDays.day, day));
			await deps.events.publish(tx, { kind: "calendar.changed", day });
		});
	} catch (error) {
		if (isOverbooked(error)) {
			const now = await dayOf(deps.db, day, settings);
			throw conflict(BOOKING_MESSAGES.capacityBelowBooked(now.booked));
		}
		throw error;
	}
	return dayOf(deps.db, day, settings);
}

export function isOverbooked(error: unknown) {
	for (let e = error as Record<string, unknown> | undefined; e; e = e.cause as never)
		if (e.code === "23514") return true;
	return false;
}

// ---------------------------------------------------------------- the season's rules and windows

export async function getSeasonSettings(options: { deps: BookingDeps; actor: Actor }) {
	assertOwner(options.actor);
	return readSeasonSettings(options.deps.db);
}

/**
 * Saves the calendar's rules. A new weekday capacity applies to the days the owner did not set
 * one by one; a weekday cannot go below what is booked on any of its days (409).
 */
export async function saveSeasonSettings(options: {
	deps: BookingDeps;
	actor: Actor;
	input: SeasonRulesInput;
}) {
	const { deps, actor, input } = options;
	assertOwner(actor);
	if (input.renewalOpensOn !== undefined || input.renewalValidUntil !== undefined) {
		const saved = await readSeasonSettings(deps.db);
		if (
			!renewalDatesInOrder(
				input.renewalOpensOn ?? saved.renewalOpensOn,
				input.renewalValidUntil ?? saved.renewalValidUntil,
			)
		)
			throw fieldError("renewalValidUntil", RENEWAL_MESSAGES.datesOrder);
	}
	try {
		await deps.events.transaction(async (tx) => {
			await tx
				.insert(seasonSettings)
				.values({ id: 1, ...input })
				.onConflictDoUpdate({
					target: seasonSettings.id,
					set: { ...input, updatedAt: sql`now()` },
				});
			if (input.weekdayCapacity)
				for (const [dow, capacity] of input.weekdayCapacity.entries())
					await tx
						.update(crewDays)
						.set({ capacity })
						.where(
							and(eq(crewDays.capacitySet, false), sql`extract(dow from ${crewDays.day}) = ${dow}`),
						);
			await deps.events.publish(tx, { kind: "calendar.changed", day: null });
		});
	} catch (error) {
		if (isOverbooked(error))
			throw conflict("A day of that weekday already has more houses booked than that capacity");
		throw error;
	}
	return readSeasonSettings(deps.db);
}

export async function listSeasonWindows(options: { deps: BookingDeps; actor: Actor }) {
	const { deps, actor } = options;
	assertOwner(actor);
	const today = todayOf(deps.clock);
	await ensureSeasons(deps.db, today);
	const seasonIds = currentSeasons(today);
	return { seasons: seasonIds, windows: await windowsOf(deps.db, seasonIds) };
}

type WindowInput = z.output<typeof windowInputSchema>;

/** A window's days must fall in its season (August 1 to July 31). */
function assertInSeason(seasonId: string, input: WindowInput) {
	const start = seasonStartYear(seasonId);
	const message = `A window of the ${seasonId} season runs between August 1, ${start} and July 31, ${start + 1}`;
	if (input.startsOn < `${start}-08-01`) throw fieldError("startsOn", message);
	if (input.endsOn > `${start + 1}-07-31`) throw fieldError("endsOn", message);
}

/** "Nov 1" for a business date, in messages. */
const shortDate = (day: string) =>
	new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", {
		timeZone: "UTC",
		month: "short",
		day: "numeric",
	});

/**
 * The season's other windows of the same kind must not share a day with this one: a day is in one
 * install window (one price, one audience) and one takedown window. Called with the season locked.
 */
async function assertNoOverlap(tx: Executor, seasonId: string, input: WindowInput, id?: string) {
	const others = await tx
		.select({
			id: serviceWindows.id,
			name: serviceWindows.name,
			startsOn: serviceWindows.startsOn,
			endsOn: serviceWindows.endsOn,
		})
		.from(serviceWindows)
		.where(and(eq(serviceWindows.seasonId, seasonId), eq(serviceWindows.kind, input.kind)));
	const clash = others.find(
		(w) => w.id !== id && w.startsOn <= input.endsOn && input.startsOn <= w.endsOn,
	);
	if (!clash) return;
	const path = clash.startsOn <= input.startsOn ? "startsOn" : "endsOn";
	throw fieldError(
		path,
		`These days overlap ${clash.name} (${shortDate(clash.startsOn)} to ${shortDate(clash.endsOn)}): ${input.kind} windows cannot share a day`,
	);
}

/** A window's active bookings stay inside its days and of its kind: move them first. */
async function assertBookingsFit(tx: Executor, id: string, input: WindowInput, kind: string) {
	const active = await tx
		.select({ day: bookings.day })
		.from(bookings)
		.where(
			and(
				eq(bookings.windowId, id),
				inArray(bookings.status, ["held", "booked", "needs_new_day", "done"]),
			),
		)
		.orderBy(asc(bookings.day));
	if (active.length === 0) return;
	if (input.kind !== kind)
		throw fieldError(
			"kind",
			`This window has ${active.length === 1 ? "a booking" : `${active.length} bookings`}: its kind cannot change`,
			409,
		);
	const before = active.find((b) => b.day < input.startsOn);
	if (before)
		throw fieldError(
			"startsOn",
			`A booking on ${shortDate(before.day)} would fall outside the window: move it first`,
			409,
		);
	const after = active.findLast((b) => b.day > input.endsOn);
	if (after)
		throw fieldError(
			"endsOn",
			`A booking on ${shortDate(after.day)} would fall outside the window: move it first`,
			409,
		);
}

/** Locks a season's row: its windows are checked against each other one change at a time. */
async function lockSeason(tx: Executor, seasonId: string) {
	const [season] = await tx
		.select({ id: seasons.id })
		.from(seasons)
		.where(eq(seasons.id, seasonId))
		.for("update");
	if (!season) throw notFound("Season not found");
}

/**
 * Adds a window to a season, or changes one. Refused at the field it is about: days outside the
 * season, days shared with another window of the same kind, and (for a window with bookings) a
 * new kind or days that would leave a booking outside.
 */
export async function saveSeasonWindow(options: {
	deps: BookingDeps;
	actor: Actor;
	id?: string;
	seasonId?: string;
	input: WindowInput;
}) {
	const { deps, actor, input } = options;
	assertOwner(actor);
	const today = todayOf(deps.clock);
	await ensureSeasons(deps.db, today);
	return deps.events.transaction(async (tx) => {
		if (options.id) {
			const [existing] = await tx
				.select({ seasonId: serviceWindows.seasonId, kind: serviceWindows.kind })
				.from(serviceWindows)
				.where(eq(serviceWindows.id, options.id));
			if (!existing) throw notFound(BOOKING_MESSAGES.windowNotFound);
			assertInSeason(existing.seasonId, input);
			await lockSeason(tx, existing.seasonId);
			await assertNoOverlap(tx, existing.seasonId, input, options.id);
			await assertBookingsFit(tx, options.id, input, existing.kind);
			const [saved] = await tx
				.update(serviceWindows)
				.set(input)
				.where(eq(serviceWindows.id, options.id))
				.returning(windowColumns);
			if (!saved) throw notFound(BOOKING_MESSAGES.windowNotFound);
			await deps.events.publish(tx, { kind: "calendar.changed", day: null });
			return saved;
		}
		const seasonId = options.seasonId;
		if (!seasonId) throw badRequest("Choose the season of the window");
		await lockSeason(tx, seasonId);
		assertInSeason(seasonId, input);
		await assertNoOverlap(tx, seasonId, input);
		const [saved] = await tx
			.insert(serviceWindows)
			.values({ ...input, seasonId })
			.returning(windowColumns);
		await deps.events.publish(tx, { kind: "calendar.changed", day: null });
		return saved!;
	});
}

export async function deleteSeasonWindow(options: { deps: BookingDeps; actor: Actor; id: string }) {
	const { deps, actor, id } = options;
	assertOwner(actor);
	return deps.events.transaction(async (tx) => {
		const [used] = await tx
			.select({ id: bookings.id })
			.from(bookings)
			.where(eq(bookings.windowId, id))
			.limit(1);
		if (used) {
			const [active] = await tx
				.select({ id: bookings.id })
				.from(bookings)
				.where(
					and(
						eq(bookings.windowId, id),
						inArray(bookings.status, ["held", "booked", "needs_new_day", "done"]),
					),
				)
				.limit(1);
			throw conflict(
				active
					? "This window has bookings: move or cancel them first"
					: "This window keeps its cancelled bookings' history: change its days or who may book instead",
			);
		}
		const [gone] = await tx
			.delete(serviceWindows)
			.where(eq(serviceWindows.id, id))
			.returning({ id: serviceWindows.id });
		if (!gone) throw notFound(BOOKING_MESSAGES.windowNotFound);
		await deps.events.publish(tx, { kind: "calendar.changed", day: null });
		return { id };
	});
}
