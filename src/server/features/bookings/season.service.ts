import { and, asc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import {
	BOOKING_MESSAGES,
	type CustomerDay,
	DAY_STATES,
	type DayState,
	DEFAULT_DEPOSIT_PERCENT,
	daysBetween,
	defaultWindows,
	FEW_LEFT,
	type SeasonSettings,
	type ServiceWindow,
	seasonName,
	seasonOf,
	seasonStartYear,
	weekdayOf,
} from "../../../shared/bookings.ts";
import { addDays, businessDate } from "../../../shared/dates.ts";
import {
	DEFAULT_REINSTALL_DISCOUNT,
	DEFAULT_RENEWAL_OPENS,
	DEFAULT_RENEWAL_VALID_UNTIL,
	dateInSeason,
	type SeasonRules,
} from "../../../shared/renewals.ts";
import { type Executor, preparedOnce } from "../../db/database.ts";
import {
	crewDays,
	renewalOffers,
	seasonSettings,
	seasons,
	serviceWindows,
} from "../../db/schema.ts";
import { notFound } from "../../lib/errors.ts";

/** Seasons this instance has seen in each database: checked once each, not on every read. */
const knownSeasons = new WeakMap<object, Set<string>>();

/** The season of `today` and the one after it. */
export function currentSeasons(today: string): [string, string] {
	const current = seasonOf(today);
	return [current, seasonName(seasonStartYear(current) + 1)];
}

/**
 * Makes the current and the next season, with their default windows, the first time they are
 * needed: a fresh install books from day one and the owner edits the windows after. Two instances
 * doing it at once make them once (the season's primary key decides who adds the windows).
 */
export async function ensureSeasons(db: Executor, today: string) {
	const known = knownSeasons.get(db) ?? new Set<string>();
	knownSeasons.set(db, known);
	const wanted = currentSeasons(today).filter((s) => !known.has(s));
	if (wanted.length === 0) return;
	for (const id of wanted) {
		const start = seasonStartYear(id);
		await db.transaction(async (tx) => {
			const [made] = await tx
				.insert(seasons)
				.values({ id, startsOn: `${start}-08-01`, endsOn: `${start + 1}-07-31` })
				.onConflictDoNothing()
				.returning({ id: seasons.id });
			if (made)
				await tx
					.insert(serviceWindows)
					.values(defaultWindows(id).map((w) => ({ ...w, seasonId: id })));
		});
		known.add(id);
	}
}

export const windowColumns = {
	id: serviceWindows.id,
	seasonId: serviceWindows.seasonId,
	name: serviceWindows.name,
	kind: serviceWindows.kind,
	startsOn: serviceWindows.startsOn,
	endsOn: serviceWindows.endsOn,
	priceAdjustPct: serviceWindows.priceAdjustPct,
	audience: serviceWindows.audience,
};

export async function windowsOf(db: Executor, seasonIds: string[]): Promise<ServiceWindow[]> {
	return db
		.select(windowColumns)
		.from(serviceWindows)
		.where(inArray(serviceWindows.seasonId, seasonIds))
		.orderBy(asc(serviceWindows.startsOn), asc(serviceWindows.name));
}

export async function findWindow(db: Executor, id: string): Promise<ServiceWindow> {
	const [window] = await db
		.select(windowColumns)
		.from(serviceWindows)
		.where(eq(serviceWindows.id, id));
	if (!window) throw notFound(BOOKING_MESSAGES.windowNotFound);
	return window;
}

/** The calendar's rules and the renewal offers' (Settings → Season). */
export async function readSeasonSettings(db: Executor): Promise<SeasonSettings & SeasonRules> {
	const [row] = await db.select(ruleColumns).from(seasonSettings).where(eq(seasonSettings.id, 1));
	return row ?? defaultSeasonSettings;
}

const ruleColumns = {
	weekdayCapacity: seasonSettings.weekdayCapacity,
	depositPercent: seasonSettings.depositPercent,
	changeLockDays: seasonSettings.changeLockDays,
	reinstallDiscountPct: seasonSettings.reinstallDiscountPct,
	renewalOpensOn: seasonSettings.renewalOpensOn,
	renewalValidUntil: seasonSettings.renewalValidUntil,
};

/** The rules before the owner first saves Settings → Season (no row yet). */
const defaultSeasonSettings: SeasonSettings & SeasonRules = {
	weekdayCapacity: [0, 4, 4, 4, 4, 4, 4],
	depositPercent: DEFAULT_DEPOSIT_PERCENT,
	changeLockDays: 5,
	reinstallDiscountPct: DEFAULT_REINSTALL_DISCOUNT,
	renewalOpensOn: DEFAULT_RENEWAL_OPENS,
	renewalValidUntil: DEFAULT_RENEWAL_VALID_UNTIL,
};

/**
 * A window and what booking a day of it needs, in one statement prepared once: the calendar's
 * rules, its season's first install window and whether renewal offers are out for its season
 * (for returningFirst).
 */
export const windowWithRules = preparedOnce((db) =>
	db
		.select({
			window: windowColumns,
			rules: ruleColumns,
			firstInstallId: sql<string | null>`(select f.id from ${serviceWindows} f
				where f.season_id = ${serviceWindows.seasonId} and f.kind = 'install'
				order by f.starts_on, f.name limit 1)`,
			offersOut: sql<boolean>`exists (select 1 from ${renewalOffers}
				where ${renewalOffers.toSeason} = ${serviceWindows.seasonId})`,
		})
		.from(serviceWindows)
		.leftJoin(seasonSettings, eq(seasonSettings.id, 1))
		.where(eq(serviceWindows.id, sql.placeholder("windowId")))
		.prepare("window_with_rules"),
);

/**
 * The window a day is booked in, the calendar's rules, and whether the window is kept for
 * returning customers on `today` (returningFirst).
 */
export async function findWindowWithRules(db: Executor, windowId: string, today: string) {
	const [row] = await windowWithRules(db).execute({ windowId });
	if (!row) throw notFound(BOOKING_MESSAGES.windowNotFound);
	const settings = row.rules ?? defaultSeasonSettings;
	const forReturning = returningFirst(
		row.window,
		row.firstInstallId === null ? null : { id: row.firstInstallId },
		new Set(row.offersOut ? [row.window.seasonId] : []),
		today,
		settings.renewalValidUntil,
	);
	return { window: row.window, settings, forReturning };
}

/** Every day from `from` to `to`, inclusive. */
function daysFrom(from: string, to: string): string[] {
	const out: string[] = [];
	for (let day = from; day <= to; day = addDays(day, 1)) out.push(day);
	return out;
}

/** Each day of a range with its capacity, what is booked and whether it is closed. */
export async function dayCounts(db: Executor, from: string, to: string, settings: SeasonSettings) {
	const rows = await db
		.select({
			day: crewDays.day,
			capacity: crewDays.capacity,
			booked: crewDays.booked,
			closed: crewDays.closed,
		})
		.from(crewDays)
		.where(and(gte(crewDays.day, from), lte(crewDays.day, to)));
	const byDay = new Map(rows.map((r) => [r.day, r]));
	return daysFrom(from, to).map(
		(day) =>
			byDay.get(day) ?? {
				day,
				capacity: settings.weekdayCapacity[weekdayOf(day)] ?? 0,
				booked: 0,
				closed: false,
			},
	);
}

/** Whether the customer may no longer change a booking on `day` themself. */
export const insideLock = (today: string, day: string, lockDays: number) =>
	daysBetween(today, day) <= lockDays;

/**
 * A day as a customer sees it: past days, closed days, days without a crew and days inside the
 * change lock are Closed; never a count.
 */
function customerState(
	d: { day: string; capacity: number; booked: number; closed: boolean },
	today: string,
	lockDays: number,
): DayState {
	if (d.closed || d.capacity === 0 || d.day <= today || insideLock(today, d.day, lockDays))
		return "closed";
	const left = d.capacity - d.booked;
	if (left <= 0) return "full";
	return left <= FEW_LEFT ? "few" : "open";
}

/** The window's days as the customer sees them. */
export async function customerDays(
	db: Executor,
	window: ServiceWindow,
	settings: SeasonSettings,
	today: string,
): Promise<CustomerDay[]> {
	const days = await dayCounts(db, window.startsOn, window.endsOn, settings);
	return days.map((d) => ({ day: d.day, state: customerState(d, today, settings.changeLockDays) }));
}

/**
 * Up to three days after `day` in the window a customer could book; for the owner, days with room
 * (inside the change lock too, closed days not).
 */
export async function nextOpenDays(
	db: Executor,
	window: ServiceWindow,
	day: string,
	today: string,
	forOwner = false,
): Promise<string[]> {
	const settings = await readSeasonSettings(db);
	if (forOwner) {
		const counts = await dayCounts(db, window.startsOn, window.endsOn, settings);
		return counts
			.filter((d) => d.day > day && d.day > today && !d.closed && d.booked < d.capacity)
			.slice(0, 3)
			.map((d) => d.day);
	}
	const days = await customerDays(db, window, settings, today);
	return days
		.filter((d) => d.day > day && (d.state === DAY_STATES[0] || d.state === DAY_STATES[1]))
		.slice(0, 3)
		.map((d) => d.day);
}

export const todayOf = (clock: { now(): Date }) => businessDate(clock.now());

/** A season's first install window (Early Bird): returning customers book it first. */
export async function firstInstallWindow(db: Executor, seasonId: string) {
	const [w] = await db
		.select(windowColumns)
		.from(serviceWindows)
		.where(and(eq(serviceWindows.seasonId, seasonId), eq(serviceWindows.kind, "install")))
		.orderBy(asc(serviceWindows.startsOn), asc(serviceWindows.name))
		.limit(1);
	return w ?? null;
}

/** Which of these seasons have renewal offers out: their Early Bird goes to returning customers first. */
export async function seasonsWithOffers(db: Executor, seasonIds: string[]) {
	const rows = await db
		.selectDistinct({ season: renewalOffers.toSeason })
		.from(renewalOffers)
		.where(inArray(renewalOffers.toSeason, seasonIds));
	return new Set(rows.map((r) => r.season));
}

/**
 * Whether a window is, on `today`, for returning customers alone: the first install window of a
 * season with renewal offers out, until the offers' last day (Settings → Season).
 */
export const returningFirst = (
	window: Pick<ServiceWindow, "id" | "seasonId">,
	first: Pick<ServiceWindow, "id"> | null | undefined,
	offered: Set<string>,
	today: string,
	validUntil: string,
) =>
	offered.has(window.seasonId) &&
	first?.id === window.id &&
	today <= dateInSeason(window.seasonId, validUntil);
