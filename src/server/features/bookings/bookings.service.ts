import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray, lte, notInArray, sql } from "drizzle-orm";
import {
	BOOKING_MESSAGES,
	type Booking,
	type BookingKind,
	type BookingStatus,
	HOLD_MINUTES,
	type MyBookings,
	type ServiceWindow,
} from "../../../shared/bookings.ts";
import { timeOf } from "../../../shared/crew.ts";
import { addDays } from "../../../shared/dates.ts";
import type { Deps } from "../../app-env.ts";
import { type Executor, preparedOnce, type Transaction } from "../../db/database.ts";
import {
	bills,
	bookings,
	contracts,
	customers,
	payments,
	quoteRequests,
	serviceWindows,
} from "../../db/schema.ts";
import { type Actor, assertStaff } from "../../lib/actor.ts";
import { AppError, badRequest, conflict, notFound } from "../../lib/errors.ts";
import { notify } from "../notifications/notify.service.ts";
import { getCachedBusinessProfile } from "../settings/settings.service.ts";
import { bookingInvitation } from "./booking-ics.ts";
import { sendBookingNotices, sendDoneNotice } from "./booking-mail.service.ts";
import { balanceSql, holdInstallDay } from "./install-hold.ts";
import {
	currentSeasons,
	customerDays,
	ensureSeasons,
	findWindow,
	findWindowWithRules,
	insideLock,
	nextOpenDays,
	readSeasonSettings,
	returningFirst,
	seasonsWithOffers,
	todayOf,
	windowsOf,
} from "./season.service.ts";

export type BookingDeps = Pick<
	Deps,
	"db" | "env" | "events" | "mailer" | "readCache" | "clock" | "logger" | "secrets"
>;

const ACTIVE = ["held", "booked", "needs_new_day", "done"] as const satisfies BookingStatus[];

// ---------------------------------------------------------------- database errors

/** The SQLSTATE, constraint and hint of a database error, however the driver wrapped it. */
function databaseError(error: unknown) {
	for (let e = error as Record<string, unknown> | undefined; e; e = e.cause as never) {
		if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code))
			return {
				code: e.code,
				constraint: (e.constraint ?? e.constraint_name) as string | undefined,
				hint: e.hint as string | undefined,
				message: String(e.message ?? ""),
			};
	}
	return undefined;
}

type Refusal = "full" | "closed" | "already" | undefined;

/** What the database refused about a booking: the day is full or closed, or one is active. */
function refusalOf(error: unknown): Refusal {
	const found = databaseError(error);
	if (!found) return undefined;
	if (
		found.code === "23514" &&
		(found.constraint === "crew_days_not_overbooked" ||
			found.message.includes("crew_days_not_overbooked"))
	)
		return "full";
	if (
		found.code === "P0001" &&
		(found.hint === "crew_day_closed" || found.message.includes("is closed"))
	)
		return "closed";
	if (
		found.code === "23505" &&
		(found.constraint === "bookings_one_active" || found.message.includes("bookings_one_active"))
	)
		return "already";
	return undefined;
}

/** A refused booking as the answer the caller gets: 409 with the next open days when full. */
async function refusalAnswer(
	deps: BookingDeps,
	refusal: Exclude<Refusal, undefined>,
	window: ServiceWindow,
	day: string,
	byOwner: boolean,
) {
	if (refusal === "already") return conflict(BOOKING_MESSAGES.alreadyBooked, "already_booked");
	const alternatives = await nextOpenDays(deps.db, window, day, todayOf(deps.clock), byOwner);
	return new AppError(
		409,
		refusal === "full" ? BOOKING_MESSAGES.dayFull : BOOKING_MESSAGES.dayClosed,
		refusal === "full" ? "day_full" : "day_closed",
		{ alternatives },
	);
}

/** Runs a write that may put a booking on a day, turning the database's refusals into answers. */
async function onDay<T>(
	deps: BookingDeps,
	/** `byOwner`: the next open days offered are the owner's (days with room, the lock too). */
	window: ServiceWindow & { byOwner?: boolean },
	day: string,
	work: () => Promise<T>,
): Promise<T> {
	try {
		return await work();
	} catch (error) {
		const refusal = refusalOf(error);
		if (!refusal) throw error;
		const { byOwner = false, ...plain } = window;
		throw await refusalAnswer(deps, refusal, plain, day, byOwner);
	}
}

// ---------------------------------------------------------------- the customer and their money

interface CustomerFacts {
	id: string;
	userId: string | null;
	agreedToServices: boolean;
	/** The approved quote's amount, before any window's adjustment. */
	approvedCents: number | null;
	approvalBill: { id: string; amountCents: number; status: string } | null;
	returning: boolean;
}

/**
 * The customer, their latest approved quote, its bill, and whether they return, in one statement
 * prepared once, found by their account or their customer id (`key`).
 */
const customerFactsBy = (by: "user" | "customer") =>
	preparedOnce((db) => {
		const approved = db
			.select({
				id: quoteRequests.id,
				cents:
					sql<number>`coalesce(${quoteRequests.revisedPriceCents}, ${quoteRequests.totalEstimateCents})`.as(
						"approved_cents",
					),
			})
			.from(quoteRequests)
			.where(and(eq(quoteRequests.userId, customers.userId), eq(quoteRequests.status, "approved")))
			.orderBy(desc(quoteRequests.decidedAt), desc(quoteRequests.createdAt))
			.limit(1)
			.as("approved");
		return db
			.select({
				id: customers.id,
				userId: customers.userId,
				agreedToServices: customers.agreedToServices,
				approvedCents: approved.cents,
				billId: bills.id,
				billCents: bills.amountCents,
				billStatus: bills.status,
				returning: sql<boolean>`exists (select 1 from ${bookings} where ${bookings.customerId} = ${customers.id}
				and ${bookings.kind} = 'install' and ${bookings.status} = 'done')`,
				signedAny: sql<boolean>`exists (select 1 from ${contracts} where ${contracts.userId} = ${customers.userId})`,
				signedThis: sql<boolean>`exists (select 1 from ${contracts} where ${contracts.userId} = ${customers.userId}
				and ${contracts.quoteRequestId} = ${approved.id})`,
			})
			.from(customers)
			.leftJoinLateral(approved, sql`true`)
			.leftJoin(bills, eq(bills.quoteRequestId, approved.id))
			.where(
				by === "customer"
					? eq(customers.id, sql.placeholder("key"))
					: eq(customers.userId, sql.placeholder("key")),
			)
			.limit(1)
			.prepare(`customer_facts_by_${by}`);
	});
export const customerFactsByUser = customerFactsBy("user");
const customerFactsByCustomer = customerFactsBy("customer");

async function customerFacts(db: Executor, where: { userId?: string; customerId?: string }) {
	const [row] = where.customerId
		? await customerFactsByCustomer(db).execute({ key: where.customerId })
		: await customerFactsByUser(db).execute({ key: where.userId! });
	if (!row) return undefined;
	return {
		id: row.id,
		userId: row.userId,
		// Each season signs its own: once a customer has signed in the app, the newest approved quote
		// needs its own contract; before that (signed on paper, the owner set the flag) the flag says.
		agreedToServices: row.signedAny ? row.signedThis : row.agreedToServices,
		approvedCents: row.approvedCents === null ? null : Number(row.approvedCents),
		approvalBill:
			row.billId === null
				? null
				: { id: row.billId, amountCents: row.billCents!, status: row.billStatus! },
		returning: Boolean(row.returning),
	} satisfies CustomerFacts;
}

/** Whether the customer has a finished install (in the season given, or in any). */
async function hasDoneInstall(db: Executor, customerId: string, seasonId?: string) {
	const [done] = await db
		.select({ id: bookings.id })
		.from(bookings)
		.where(
			and(
				eq(bookings.customerId, customerId),
				eq(bookings.kind, "install"),
				eq(bookings.status, "done"),
				seasonId ? eq(bookings.seasonId, seasonId) : undefined,
			),
		)
		.limit(1);
	return Boolean(done);
}

/** Why the customer cannot book a kind of day now, or null. */
async function bookingBlock(
	db: Executor,
	facts: CustomerFacts,
	kind: BookingKind,
	seasonId?: string,
): Promise<string | null> {
	if (facts.approvedCents === null) return BOOKING_MESSAGES.noQuote;
	if (!facts.agreedToServices) return BOOKING_MESSAGES.notSigned;
	if (kind === "install") return null;
	return (await hasDoneInstall(db, facts.id, seasonId)) ? null : BOOKING_MESSAGES.installFirst;
}

/**
 * Whether the customer may book the window: its audience, and, while a season's first install
 * window is kept for returning customers (returningFirst), whether they return.
 */
const audienceFits = (window: ServiceWindow, facts: CustomerFacts, earlyForReturning = false) =>
	(window.audience === "everyone" || (window.audience === "returning") === facts.returning) &&
	(!earlyForReturning || facts.returning);

/** The install's total after its window's adjustment, in cents. */
const adjusted = (cents: number, pct: number) => Math.round((cents * (100 + pct)) / 100);

/**
 * Keeps the approval bill, while unpaid, the balance: the quote's total after the active install
 * booking's window adjustment, less the deposits of this season's install bookings (paid, or
 * pending while a hold lasts). The deposit and the balance add up to the total.
 */
async function repriceBalance(
	tx: Transaction,
	deps: BookingDeps,
	facts: CustomerFacts,
	seasonId: string,
	/** The install booking about to be inserted: its window's adjustment and its deposit. */
	incoming?: { pct: number; depositCents: number },
) {
	if (
		facts.approvedCents === null ||
		!facts.approvalBill ||
		facts.approvalBill.status !== "pending"
	)
		return;
	// One statement, as it may run while a booking's day is locked.
	const activePct = incoming
		? sql`${incoming.pct}`
		: sql`(select ${serviceWindows.priceAdjustPct} from ${bookings}
		join ${serviceWindows} on ${serviceWindows.id} = ${bookings.windowId}
		where ${bookings.customerId} = ${facts.id} and ${bookings.seasonId} = ${seasonId}
			and ${bookings.kind} = 'install' and ${inArray(bookings.status, ACTIVE)}
		limit 1)`;
	const balance = balanceSql({
		approvedCents: facts.approvedCents,
		pct: activePct,
		customerId: facts.id,
		seasonId,
		incomingCents: incoming?.depositCents ?? 0,
	});
	const [changed] = await tx
		.update(bills)
		.set({ amountCents: balance })
		.where(
			and(
				eq(bills.id, facts.approvalBill.id),
				eq(bills.status, "pending"),
				sql`${bills.amountCents} <> ${balance}`,
			),
		)
		.returning({ amountCents: bills.amountCents });
	if (!changed) return;
	facts.approvalBill.amountCents = changed.amountCents;
	if (facts.userId)
		await deps.events.publish(tx, {
			kind: "bill.changed",
			billId: facts.approvalBill.id,
			userId: facts.userId,
		});
}

/** The deposits of a customer's install bookings in a season, by bill status. */
async function depositCents(
	db: Executor,
	customerId: string,
	seasonId: string,
	statuses: ("pending" | "paid")[],
) {
	const [row] = await db
		.select({ cents: sql<number>`coalesce(sum(${bills.amountCents}), 0)::int` })
		.from(bookings)
		.innerJoin(bills, eq(bills.id, bookings.depositBillId))
		.where(
			and(
				eq(bookings.customerId, customerId),
				eq(bookings.seasonId, seasonId),
				eq(bookings.kind, "install"),
				inArray(bills.status, statuses),
			),
		);
	return Number(row?.cents ?? 0);
}

/**
 * Lets go of a hold's unpaid deposit: the bill goes (it can no longer be paid) unless a hosted
 * checkout of it is still open, whose late payment then finds its booking expired.
 */
async function dropUnpaidDeposit(tx: Transaction, deps: BookingDeps, billId: string | null) {
	if (!billId) return;
	const [dropped] = await tx
		.delete(bills)
		.where(
			and(
				eq(bills.id, billId),
				eq(bills.status, "pending"),
				sql`not exists (select 1 from ${payments} where ${payments.billId} = ${bills.id} and ${payments.status} = 'pending')`,
			),
		)
		.returning({ id: bills.id, userId: bills.userId });
	if (dropped)
		await deps.events.publish(tx, {
			kind: "bill.changed",
			billId: dropped.id,
			userId: dropped.userId,
		});
}

// ---------------------------------------------------------------- holds

/** Holds whose time is up at `now`, up to 500 (prepared once: it runs before every booking). */
export const dueHolds = preparedOnce((db) =>
	db
		.select({ id: bookings.id })
		.from(bookings)
		.where(and(eq(bookings.status, "held"), lte(bookings.holdExpiresAt, sql.placeholder("now"))))
		.limit(500)
		.prepare("due_holds"),
);

/**
 * Ends every hold whose time is up at `now`: its day is freed (the trigger) and its unpaid deposit
 * dropped. Runs before each booking write and each calendar read, so no job is needed for the
 * calendar to be right; returns how many ended.
 */
export async function expireHolds(deps: BookingDeps, now = deps.clock.now()) {
	const due = await dueHolds(deps.db).execute({ now });
	if (due.length === 0) return 0;
	return deps.events.transaction(async (tx) => {
		const expired = await tx
			.update(bookings)
			.set({ status: "expired", updatedAt: sql`now()` })
			.where(
				and(
					inArray(
						bookings.id,
						due.map((d) => d.id),
					),
					eq(bookings.status, "held"),
					lte(bookings.holdExpiresAt, now),
				),
			)
			.returning();
		for (const booking of expired) {
			await dropUnpaidDeposit(tx, deps, booking.depositBillId);
			const facts = await customerFacts(tx, { customerId: booking.customerId });
			if (facts) await repriceBalance(tx, deps, facts, booking.seasonId);
			await publishBooking(tx, deps, booking);
		}
		return expired.length;
	});
}

async function publishBooking(
	tx: Executor,
	deps: BookingDeps,
	booking: { id: string; customerId: string; day: string },
	/** The customer's account, when the caller knows it. */
	knownUserId?: string | null,
) {
	const userId =
		knownUserId !== undefined
			? knownUserId
			: (
					await tx
						.select({ userId: customers.userId })
						.from(customers)
						.where(eq(customers.id, booking.customerId))
				)[0]?.userId;
	await deps.events.publish(tx, {
		kind: "booking.changed",
		bookingId: booking.id,
		day: booking.day,
		userId: userId ?? null,
	});
}

// ---------------------------------------------------------------- reading

type BookingRow = typeof bookings.$inferSelect;

/**
 * A booking that moves to another day leaves its day's route: no place in the kept order and no
 * arrival window (set or told) until the owner gives it one on its new day.
 */
const LEAVES_ROUTE = {
	routePosition: null,
	arrivalStart: null,
	arrivalEnd: null,
	arrivalSentStart: null,
	arrivalSentEnd: null,
} as const;

export async function toBooking(
	db: Executor,
	row: BookingRow,
	today: string,
	lockDays: number,
	/** What the caller has just written, so it is not read back. */
	known?: { windowName: string; deposit: { amountCents: number; status: string } | null },
): Promise<Booking> {
	const [window] = known
		? [{ name: known.windowName }]
		: await db
				.select({ name: serviceWindows.name })
				.from(serviceWindows)
				.where(eq(serviceWindows.id, row.windowId));
	const [deposit] = known
		? known.deposit
			? [known.deposit]
			: []
		: row.depositBillId
			? await db
					.select({ amountCents: bills.amountCents, status: bills.status })
					.from(bills)
					.where(eq(bills.id, row.depositBillId))
			: [];
	return {
		id: row.id,
		kind: row.kind,
		seasonId: row.seasonId,
		windowId: row.windowId,
		windowName: window?.name ?? "",
		day: row.day,
		status: row.status,
		holdExpiresAt: row.holdExpiresAt?.toISOString() ?? null,
		depositBillId: row.depositBillId,
		depositCents: deposit?.amountCents ?? null,
		depositPaid: deposit?.status === "paid",
		changeable:
			(row.status === "held" || row.status === "booked" || row.status === "needs_new_day") &&
			(row.status === "needs_new_day" || !insideLock(today, row.day, lockDays)),
		arrival:
			row.arrivalSentStart !== null && row.arrivalSentEnd !== null
				? { start: timeOf(row.arrivalSentStart), end: timeOf(row.arrivalSentEnd) }
				: null,
	};
}

/** The customer's booking page: windows they may book, and their bookings of these seasons. */
export async function getMyBookings(options: {
	deps: BookingDeps;
	actor: Actor;
}): Promise<MyBookings> {
	const { deps, actor } = options;
	const today = todayOf(deps.clock);
	await ensureSeasons(deps.db, today);
	await expireHolds(deps);
	const settings = await readSeasonSettings(deps.db);
	const seasonIds = currentSeasons(today);
	const facts = await customerFacts(deps.db, { userId: actor.id });
	// Only windows with a day a customer could still pick (after the change lock).
	const all = await windowsOf(deps.db, seasonIds);
	const offered = await seasonsWithOffers(deps.db, seasonIds);
	const first = (w: ServiceWindow) =>
		all.find((x) => x.seasonId === w.seasonId && x.kind === "install");
	const windows = all.filter(
		(w) =>
			w.endsOn > addDays(today, settings.changeLockDays) &&
			(!facts ||
				audienceFits(
					w,
					facts,
					returningFirst(w, first(w), offered, today, settings.renewalValidUntil),
				)),
	);
	const rows = facts
		? await deps.db
				.select()
				.from(bookings)
				.where(
					and(
						eq(bookings.customerId, facts.id),
						inArray(bookings.seasonId, seasonIds),
						notInArray(bookings.status, ["cancelled", "expired"]),
					),
				)
				.orderBy(bookings.day)
		: [];
	const mine = await Promise.all(
		rows.map((r) => toBooking(deps.db, r, today, settings.changeLockDays)),
	);
	const install = facts ? await bookingBlock(deps.db, facts, "install") : BOOKING_MESSAGES.noQuote;
	const takedown = facts
		? await bookingBlock(deps.db, facts, "takedown")
		: BOOKING_MESSAGES.noQuote;
	return {
		canBook: { install: install === null, takedown: takedown === null },
		reason: { install, takedown },
		windows,
		bookings: mine,
		depositPercent: settings.depositPercent,
		changeLockDays: settings.changeLockDays,
	};
}

/** A window's days as the customer sees them (Open, Few left, Full, Closed). */
export async function getWindowDays(options: {
	deps: BookingDeps;
	actor: Actor;
	windowId: string;
}) {
	const { deps } = options;
	await expireHolds(deps);
	const window = await findWindow(deps.db, options.windowId);
	const settings = await readSeasonSettings(deps.db);
	return { window, days: await customerDays(deps.db, window, settings, todayOf(deps.clock)) };
}

async function ownBooking(db: Executor, actor: Actor, id: string) {
	const [row] = await db
		.select({ booking: bookings, userId: customers.userId })
		.from(bookings)
		.innerJoin(customers, eq(customers.id, bookings.customerId))
		.where(eq(bookings.id, id));
	const staff = actor.role === "owner" || actor.role === "crew";
	if (!row || (!staff && row.userId !== actor.id)) throw notFound(BOOKING_MESSAGES.notFound);
	return row.booking;
}

export async function getBooking(options: { deps: BookingDeps; actor: Actor; id: string }) {
	const { deps } = options;
	await expireHolds(deps);
	const row = await ownBooking(deps.db, options.actor, options.id);
	const settings = await readSeasonSettings(deps.db);
	return toBooking(deps.db, row, todayOf(deps.clock), settings.changeLockDays);
}

// ---------------------------------------------------------------- booking

/** Refuses a day outside the window or already past, with a 400 that says which. */
function assertDayInWindow(window: ServiceWindow, day: string, today: string) {
	if (day < window.startsOn || day > window.endsOn)
		throw badRequest(BOOKING_MESSAGES.outsideWindow);
	if (day <= today) throw badRequest(BOOKING_MESSAGES.past);
}

/**
 * Books a day for a customer. A customer's install holds the day for HOLD_MINUTES with a deposit
 * bill of the Settings share of the adjusted total, unless nothing is left to hold it with (no
 * deposit set, the approval bill paid, or a deposit of this season already paid): then it is
 * booked at once, as takedowns and the owner's phone bookings are.
 */
export async function bookDay(options: {
	deps: BookingDeps;
	actor: Actor;
	windowId: string;
	day: string;
	/** The owner booking for this customer (a phone booking). */
	customerId?: string;
}): Promise<Booking> {
	const { deps, actor, day } = options;
	const byOwner = actor.role === "owner" && options.customerId !== undefined;
	const now = deps.clock.now();
	const today = todayOf(deps.clock);
	await ensureSeasons(deps.db, today);
	await expireHolds(deps, now);
	const { window, settings, forReturning } = await findWindowWithRules(
		deps.db,
		options.windowId,
		today,
	);
	assertDayInWindow(window, day, today);
	const facts = await customerFacts(
		deps.db,
		byOwner ? { customerId: options.customerId } : { userId: actor.id },
	);
	if (!facts) throw byOwner ? notFound("Customer not found") : conflict(BOOKING_MESSAGES.noQuote);
	if (!byOwner) {
		const block = await bookingBlock(deps.db, facts, window.kind, window.seasonId);
		if (block) throw conflict(block);
		if (!audienceFits(window, facts, forReturning)) throw conflict(BOOKING_MESSAGES.notForYou);
		if (insideLock(today, day, settings.changeLockDays))
			throw conflict(BOOKING_MESSAGES.locked(settings.changeLockDays), "locked");
	}
	// A customer's install is held with a deposit of the Settings share of the adjusted total,
	// unless the approval bill is paid (or, checked in the write, a deposit of this season is).
	const paidInFull = facts.approvalBill !== null && facts.approvalBill.status !== "pending";
	const deposit =
		window.kind === "install" && !byOwner && facts.approvedCents !== null && !paidInFull
			? Math.round(
					(adjusted(facts.approvedCents, window.priceAdjustPct) * settings.depositPercent) / 100,
				)
			: 0;
	// The booking takes its day at commit (its deferred trigger locks the day's row for the commit
	// alone); a full or closed day refuses the commit, and onDay answers with the next open days.
	const { row, depositDue } = await onDay(deps, { ...window, byOwner }, day, async () => {
		if (deposit > 0 && facts.userId !== null && facts.approvedCents !== null) {
			const customer = { ...facts, userId: facts.userId, approvedCents: facts.approvedCents };
			const hold = { customer, window, day, today, now, depositCents: deposit };
			const held = await holdInstallDay(deps, hold);
			if (held) return { row: held, depositDue: deposit };
		}
		return deps.events.transaction(async (tx) => {
			const paidBefore =
				deposit > 0 ? await depositCents(tx, facts.id, window.seasonId, ["paid"]) : 0;
			const depositCentsDue = paidBefore === 0 ? deposit : 0;
			const held = depositCentsDue > 0 && facts.userId !== null;
			const [depositBill] = held
				? await tx
						.insert(bills)
						.values({
							userId: facts.userId!,
							description: `Deposit to hold your install on ${day}`,
							dueDate: today,
							amountCents: depositCentsDue,
							seasonId: window.seasonId,
						})
						.returning({ id: bills.id })
				: [];
			if (depositBill)
				await deps.events.publish(tx, {
					kind: "bill.changed",
					billId: depositBill.id,
					userId: facts.userId!,
				});
			if (window.kind === "install")
				await repriceBalance(tx, deps, facts, window.seasonId, {
					pct: window.priceAdjustPct,
					depositCents: held ? depositCentsDue : 0,
				});
			const id = randomUUID();
			await publishBooking(tx, deps, { id, customerId: facts.id, day }, facts.userId);
			const [booking] = await tx
				.insert(bookings)
				.values({
					id,
					customerId: facts.id,
					seasonId: window.seasonId,
					windowId: window.id,
					kind: window.kind,
					day,
					status: held ? "held" : "booked",
					holdExpiresAt: held ? new Date(now.getTime() + HOLD_MINUTES * 60_000) : null,
					depositBillId: depositBill?.id ?? null,
					createdBy: actor.id,
				})
				.returning();
			if (!held) await sendBookingNotices(tx, deps, booking!, "confirmed", undefined, actor.id);
			return { row: booking!, depositDue: held ? depositCentsDue : null };
		});
	});
	return toBooking(deps.db, row, today, settings.changeLockDays, {
		windowName: window.name,
		deposit: depositDue === null ? null : { amountCents: depositDue, status: "pending" },
	});
}

/**
 * Moves a booking to another day of a window of its kind and season (a customer: outside the
 * change lock, on a day a customer could book; the owner: any day with room).
 */
export async function moveBooking(options: {
	deps: BookingDeps;
	actor: Actor;
	id: string;
	day: string;
	windowId?: string;
}): Promise<Booking> {
	const { deps, actor, day } = options;
	const today = todayOf(deps.clock);
	await expireHolds(deps);
	const current = await ownBooking(deps.db, actor, options.id);
	const settings = await readSeasonSettings(deps.db);
	if (!["held", "booked", "needs_new_day"].includes(current.status))
		throw conflict(BOOKING_MESSAGES.notActive);
	const window = await windowForMove(deps.db, current, day, options.windowId);
	if (day <= today) throw badRequest(BOOKING_MESSAGES.past);
	if (actor.role !== "owner") {
		if (
			current.status !== "needs_new_day" &&
			insideLock(today, current.day, settings.changeLockDays)
		)
			throw conflict(BOOKING_MESSAGES.locked(settings.changeLockDays), "locked");
		if (insideLock(today, day, settings.changeLockDays))
			throw conflict(BOOKING_MESSAGES.locked(settings.changeLockDays), "locked");
	}
	if (day === current.day && current.status !== "needs_new_day")
		return toBooking(deps.db, current, today, settings.changeLockDays);
	const row = await onDay(deps, { ...window, byOwner: actor.role === "owner" }, day, () =>
		deps.events.transaction(async (tx) => {
			const [moved] = await tx
				.update(bookings)
				.set({
					day,
					windowId: window.id,
					status: current.status === "needs_new_day" ? "booked" : current.status,
					...(day === current.day ? {} : LEAVES_ROUTE),
					sequence: sql`${bookings.sequence} + 1`,
					updatedAt: sql`now()`,
				})
				.where(and(eq(bookings.id, current.id), eq(bookings.status, current.status)))
				.returning();
			if (!moved) throw conflict(BOOKING_MESSAGES.notActive);
			if (moved.kind === "install") {
				const facts = await customerFacts(tx, { customerId: moved.customerId });
				if (facts) await repriceBalance(tx, deps, facts, moved.seasonId);
			}
			await publishBooking(tx, deps, current);
			await publishBooking(tx, deps, moved);
			if (moved.status === "booked")
				await sendBookingNotices(tx, deps, moved, "moved", current.day, actor.id);
			return moved;
		}),
	);
	return toBooking(deps.db, row, today, settings.changeLockDays);
}

async function windowForMove(db: Executor, booking: BookingRow, day: string, windowId?: string) {
	if (windowId) {
		const window = await findWindow(db, windowId);
		if (window.kind !== booking.kind || window.seasonId !== booking.seasonId)
			throw badRequest(BOOKING_MESSAGES.outsideWindow);
		if (day < window.startsOn || day > window.endsOn)
			throw badRequest(BOOKING_MESSAGES.outsideWindow);
		return window;
	}
	const windows = await windowsOf(db, [booking.seasonId]);
	const window = windows.find(
		(w) => w.kind === booking.kind && w.startsOn <= day && day <= w.endsOn,
	);
	if (!window) throw badRequest(BOOKING_MESSAGES.outsideWindow);
	return window;
}

/** Cancels a booking: its day is freed; money paid stays paid (refunds are the owner's action). */
export async function cancelBooking(options: { deps: BookingDeps; actor: Actor; id: string }) {
	const { deps, actor } = options;
	const today = todayOf(deps.clock);
	await expireHolds(deps);
	const current = await ownBooking(deps.db, actor, options.id);
	const settings = await readSeasonSettings(deps.db);
	if (!["held", "booked", "needs_new_day"].includes(current.status))
		throw conflict(BOOKING_MESSAGES.notActive);
	if (
		actor.role !== "owner" &&
		current.status !== "needs_new_day" &&
		insideLock(today, current.day, settings.changeLockDays)
	)
		throw conflict(BOOKING_MESSAGES.locked(settings.changeLockDays), "locked");
	const row = await deps.events.transaction(async (tx) => {
		const [cancelled] = await tx
			.update(bookings)
			.set({ status: "cancelled", sequence: sql`${bookings.sequence} + 1`, updatedAt: sql`now()` })
			.where(and(eq(bookings.id, current.id), eq(bookings.status, current.status)))
			.returning();
		if (!cancelled) throw conflict(BOOKING_MESSAGES.notActive);
		await dropUnpaidDeposit(tx, deps, cancelled.depositBillId);
		if (cancelled.kind === "install") {
			const facts = await customerFacts(tx, { customerId: cancelled.customerId });
			if (facts) await repriceBalance(tx, deps, facts, cancelled.seasonId);
		}
		await publishBooking(tx, deps, cancelled);
		if (current.status !== "held")
			await sendBookingNotices(tx, deps, cancelled, "cancelled", undefined, actor.id);
		return cancelled;
	});
	return toBooking(deps.db, row, today, settings.changeLockDays);
}

/**
 * A deposit bill was paid (by card here, at Stripe's checkout, or recorded by the owner), in the
 * payment's transaction. A hold becomes a booking. A hold that ran out takes its day back if the
 * day still has room; otherwise it needs a new day and the deposit is kept. A payment reported
 * twice changes nothing.
 */
export async function depositPaid(options: { deps: BookingDeps; tx: Transaction; billId: string }) {
	const { deps, tx, billId } = options;
	const [booking] = await tx
		.select()
		.from(bookings)
		.where(and(eq(bookings.depositBillId, billId), inArray(bookings.status, ["held", "expired"])))
		.for("update");
	if (!booking) return;
	// In a savepoint: when the day filled (or closed) after the hold ran out, the refused update is
	// rolled back alone and the booking needs a new day instead.
	let confirmed: BookingRow | undefined;
	try {
		confirmed = await tx.transaction(async (inner) => {
			// The day is taken at commit; here the savepoint must know now.
			await inner.execute(sql`set constraints bookings_count_day immediate`);
			const [row] = await inner
				.update(bookings)
				.set({ status: "booked", holdExpiresAt: null, updatedAt: sql`now()` })
				.where(eq(bookings.id, booking.id))
				.returning();
			return row;
		});
	} catch (error) {
		const refusal = refusalOf(error);
		if (refusal !== "full" && refusal !== "closed") throw error;
	}
	const row =
		confirmed ??
		(
			await tx
				.update(bookings)
				.set({ status: "needs_new_day", holdExpiresAt: null, updatedAt: sql`now()` })
				.where(eq(bookings.id, booking.id))
				.returning()
		)[0]!;
	if (row.kind === "install") {
		const facts = await customerFacts(tx, { customerId: row.customerId });
		if (facts) await repriceBalance(tx, deps, facts, row.seasonId);
	}
	await publishBooking(tx, deps, row);
	const [who] = await tx
		.select({ name: customers.name })
		.from(customers)
		.where(eq(customers.id, row.customerId));
	await notify(tx, deps, "owners", {
		kind: "deposit_paid",
		title: "Deposit paid",
		body: `${who?.name ?? "A customer"} paid the deposit for their ${row.kind} day.`,
		url: `/owner/schedule?day=${row.day}`,
		tag: `deposit-${row.id}`,
	});
	await sendBookingNotices(tx, deps, row, confirmed ? "confirmed" : "needs_new_day");
}

/**
 * The owner or a crew member marks a booking done: an install done sets the customer's
 * install_completed milestone (and lets them book their takedown), a takedown takedown_completed;
 * the customer is told. Marking a done booking again changes nothing and tells no one twice.
 * `photos` is how many installation photos came with it (already stored), for the message.
 */
export async function markDone(options: {
	deps: BookingDeps;
	actor: Actor;
	id: string;
	photos?: number;
}) {
	const { deps, actor } = options;
	assertStaff(actor);
	const today = todayOf(deps.clock);
	const current = await ownBooking(deps.db, actor, options.id);
	const settings = await readSeasonSettings(deps.db);
	if (current.status === "done") return toBooking(deps.db, current, today, settings.changeLockDays);
	const row = await deps.events.transaction(async (tx) => {
		const [done] = await tx
			.update(bookings)
			.set({ status: "done", updatedAt: sql`now()` })
			.where(and(eq(bookings.id, current.id), eq(bookings.status, "booked")))
			.returning();
		if (!done) {
			// Marked meanwhile by someone else: the same answer as marking twice.
			const [now] = await tx.select().from(bookings).where(eq(bookings.id, current.id));
			if (now?.status === "done") return now;
			throw conflict("Only a booked day can be marked done");
		}
		await tx
			.update(customers)
			.set(
				done.kind === "install"
					? { installCompleted: true, updatedAt: sql`now()` }
					: { takedownCompleted: true, updatedAt: sql`now()` },
			)
			.where(eq(customers.id, done.customerId));
		const [owner] = await tx
			.select({ userId: customers.userId })
			.from(customers)
			.where(eq(customers.id, done.customerId));
		if (owner?.userId)
			await deps.events.publish(tx, { kind: "customer.changed", userId: owner.userId });
		await publishBooking(tx, deps, done);
		await sendDoneNotice(tx, deps, done, options.photos ?? 0);
		return done;
	});
	return toBooking(deps.db, row, today, settings.changeLockDays);
}

/** A booking the business's people may look at: the owner's or a crew member's. */
export async function staffBooking(options: { deps: BookingDeps; actor: Actor; id: string }) {
	assertStaff(options.actor);
	return ownBooking(options.deps.db, options.actor, options.id);
}

/**
 * Moves booked days in the caller's transaction (a whole day moved for the weather): each to its
 * new day and window, its invitation's sequence one higher, the install's balance repriced for the
 * window, the customer e-mailed the new date with the updated invitation (same UID), and the event
 * announced. The caller has locked the days; the capacity trigger still checks them at commit.
 */
export async function moveBookedInTransaction(
	tx: Transaction,
	deps: BookingDeps,
	moves: readonly { booking: BookingRow; day: string; windowId: string }[],
) {
	const moved: BookingRow[] = [];
	for (const { booking, day, windowId } of moves) {
		const [row] = await tx
			.update(bookings)
			.set({
				day,
				windowId,
				...LEAVES_ROUTE,
				sequence: sql`${bookings.sequence} + 1`,
				updatedAt: sql`now()`,
			})
			.where(
				and(
					eq(bookings.id, booking.id),
					eq(bookings.status, "booked"),
					eq(bookings.day, booking.day),
				),
			)
			.returning();
		if (!row) throw conflict("A booking of this day changed meanwhile: preview the move again");
		if (row.kind === "install" && row.windowId !== booking.windowId) {
			const facts = await customerFacts(tx, { customerId: row.customerId });
			if (facts) await repriceBalance(tx, deps, facts, row.seasonId);
		}
		await publishBooking(tx, deps, booking);
		await publishBooking(tx, deps, row);
		await sendBookingNotices(tx, deps, row, "moved", booking.day);
		moved.push(row);
	}
	return moved;
}

/** Add to Calendar: the booking's invitation, the same event the e-mails carry. */
export async function bookingCalendarFile(options: {
	deps: BookingDeps;
	actor: Actor;
	id: string;
}) {
	const { deps, actor } = options;
	const row = await ownBooking(deps.db, actor, options.id);
	if (!["booked", "done", "cancelled"].includes(row.status))
		throw conflict("No day is booked yet: pay the deposit first");
	const [person] = await deps.db
		.select({ address: customers.address, city: customers.city })
		.from(customers)
		.where(eq(customers.id, row.customerId));
	const business = await getCachedBusinessProfile({ db: deps.db, readCache: deps.readCache });
	return bookingInvitation({
		id: row.id,
		kind: row.kind,
		day: row.day,
		sequence: row.sequence,
		cancelled: row.status === "cancelled",
		address: [person?.address, person?.city].filter(Boolean).join(", ") || null,
		business,
		url: `${deps.env.APP_URL}/app/booking`,
	});
}
