import { and, asc, eq, sql } from "drizzle-orm";
import {
	BOOKING_MESSAGES,
	type DayMovePreview,
	type SeasonSettings,
	type ServiceWindow,
	weekdayOf,
} from "../../../shared/bookings.ts";
import type { Executor } from "../../db/database.ts";
import { bookings, crewDays, customers } from "../../db/schema.ts";
import { type Actor, assertOwner } from "../../lib/actor.ts";
import { badRequest, conflict } from "../../lib/errors.ts";
import { type BookingDeps, moveBookedInTransaction } from "./bookings.service.ts";
import { isOverbooked } from "./owner-calendar.service.ts";
import { dayCounts, readSeasonSettings, todayOf, windowsOf } from "./season.service.ts";

type BookingRow = typeof bookings.$inferSelect;
type Plan = {
	moves: {
		booking: BookingRow;
		customerName: string;
		day: string | null;
		windowId: string | null;
	}[];
	missing: number;
};

/** The booked houses of a day, first booked first. */
async function bookedOn(db: Executor, day: string) {
	return db
		.select({ booking: bookings, customerName: customers.name })
		.from(bookings)
		.innerJoin(customers, eq(customers.id, bookings.customerId))
		.where(and(eq(bookings.day, day), eq(bookings.status, "booked")))
		.orderBy(asc(bookings.createdAt), asc(bookings.id));
}

/**
 * Where each booking goes: to `toDay` when the owner picked one, else to the next days after the
 * moved one (and after today) in a window of its kind and season, as many a day as it has room
 * for, in order. `only`: the days that may take bookings (those locked by the confirming
 * transaction). A booking without a place counts as missing.
 */
async function planMove(
	db: Executor,
	rows: { booking: BookingRow; customerName: string }[],
	options: {
		day: string;
		toDay?: string;
		today: string;
		settings: SeasonSettings;
		only?: Set<string>;
	},
): Promise<Plan> {
	const { day, toDay, today, settings, only } = options;
	const windows = await windowsOf(db, [...new Set(rows.map((r) => r.booking.seasonId))]);
	const free = new Map<string, number>();
	const countsOf = async (w: ServiceWindow) => {
		const counts = await dayCounts(db, w.startsOn, w.endsOn, settings);
		for (const d of counts)
			if (!free.has(d.day))
				free.set(
					d.day,
					d.closed || d.day <= today || d.day === day || (only && !only.has(d.day))
						? 0
						: Math.max(0, d.capacity - d.booked),
				);
		return counts.map((d) => d.day);
	};
	const daysOf = new Map<string, string[]>();
	const plan: Plan = { moves: [], missing: 0 };
	for (const row of rows) {
		const own = windows.filter(
			(w) => w.kind === row.booking.kind && w.seasonId === row.booking.seasonId,
		);
		let target: { day: string; windowId: string } | undefined;
		for (const w of own) {
			if (!daysOf.has(w.id)) daysOf.set(w.id, await countsOf(w));
			const candidates = toDay ? daysOf.get(w.id)!.filter((d) => d === toDay) : daysOf.get(w.id)!;
			// Without a picked day, the next days after the moved one; a picked day may be earlier.
			const found = candidates.find(
				(d) => (toDay !== undefined || d > day) && (free.get(d) ?? 0) > 0,
			);
			if (found && (!target || found < target.day)) target = { day: found, windowId: w.id };
		}
		if (target) free.set(target.day, free.get(target.day)! - 1);
		else plan.missing++;
		plan.moves.push({
			booking: row.booking,
			customerName: row.customerName,
			day: target?.day ?? null,
			windowId: target?.windowId ?? null,
		});
	}
	return plan;
}

const answer = (day: string, plan: Plan): DayMovePreview => ({
	day,
	moves: plan.moves.map((m) => ({
		bookingId: m.booking.id,
		customerName: m.customerName,
		kind: m.booking.kind,
		toDay: m.day,
	})),
	missing: plan.missing,
});

/** Move This Day, previewed: where each booked house of the day would go. Changes nothing. */
export async function previewDayMove(options: {
	deps: BookingDeps;
	actor: Actor;
	day: string;
	toDay?: string;
}) {
	const { deps, actor, day, toDay } = options;
	assertOwner(actor);
	if (toDay === day) throw badRequest(BOOKING_MESSAGES.moveSameDay);
	const settings = await readSeasonSettings(deps.db);
	const rows = await bookedOn(deps.db, day);
	const plan = await planMove(deps.db, rows, { day, toDay, today: todayOf(deps.clock), settings });
	return answer(day, plan);
}

/**
 * Confirm Move: every booking the preview showed moves, in one transaction, or none does (409
 * saying how many places are missing). The days involved are locked in date order first, so two
 * owners moving opposite days wait for each other instead of deadlocking; the plan is made again
 * under the locks, on the same days, and the capacity trigger checks each day at commit.
 */
export async function confirmDayMove(options: {
	deps: BookingDeps;
	actor: Actor;
	day: string;
	toDay?: string;
	bookingIds: readonly string[];
}) {
	const { deps, actor, day, toDay } = options;
	assertOwner(actor);
	if (toDay === day) throw badRequest(BOOKING_MESSAGES.moveSameDay);
	const today = todayOf(deps.clock);
	const settings = await readSeasonSettings(deps.db);
	const wanted = new Set(options.bookingIds);
	// The bookings the preview showed, each still booked on the day (one moved in meanwhile, by
	// another owner's move, stays where it is); null when one of them is gone.
	const previewed = <R extends { booking: BookingRow }>(rows: R[]) => {
		const kept = rows.filter((r) => wanted.has(r.booking.id));
		return kept.length === wanted.size ? kept : null;
	};

	const before = previewed(await bookedOn(deps.db, day));
	if (!before) throw conflict(BOOKING_MESSAGES.moveChanged);
	const first = await planMove(deps.db, before, { day, toDay, today, settings });
	if (first.missing > 0) throw conflict(BOOKING_MESSAGES.moveMissing(first.missing));
	const targets = [...new Set(first.moves.map((m) => m.day!))];
	const locked = [...new Set([day, ...targets])].sort();
	// Every day gets its row before the transaction (each insert commits alone, so two moves
	// never wait on each other's new rows), then the transaction locks them in date order.
	await deps.db
		.insert(crewDays)
		.values(locked.map((d) => ({ day: d, capacity: settings.weekdayCapacity[weekdayOf(d)] ?? 0 })))
		.onConflictDoNothing();
	try {
		const moved = await deps.events.transaction(async (tx) => {
			await tx.execute(
				sql`select day from crew_days where day in (${sql.join(
					locked.map((d) => sql`${d}::date`),
					sql`, `,
				)}) order by day for update`,
			);
			const rows = previewed(await bookedOn(tx, day));
			if (!rows) throw conflict(BOOKING_MESSAGES.moveChanged);
			const plan = await planMove(tx, rows, {
				day,
				toDay,
				today,
				settings,
				only: new Set(targets),
			});
			if (plan.missing > 0) throw conflict(BOOKING_MESSAGES.moveMissing(plan.missing));
			await moveBookedInTransaction(
				tx,
				deps,
				plan.moves.map((m) => ({ booking: m.booking, day: m.day!, windowId: m.windowId! })),
			);
			for (const d of locked) await deps.events.publish(tx, { kind: "calendar.changed", day: d });
			return plan;
		});
		return answer(day, moved);
	} catch (error) {
		if (isOverbooked(error)) throw conflict(BOOKING_MESSAGES.moveMissing(1));
		throw error;
	}
}
