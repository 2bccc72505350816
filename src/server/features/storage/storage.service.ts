import { and, asc, count, desc, eq, inArray, notInArray, sql } from "drizzle-orm";
import { addDays, businessDate } from "../../../shared/dates.ts";
import {
	type Bin,
	type BinDetail,
	type BinScanResult,
	type BinState,
	type binInputSchema,
	binMoveRefusal,
	type binScanInputSchema,
	type MyStorage,
	type StorageLocation,
	type storageLocationInputSchema,
} from "../../../shared/storage.ts";
import type { z } from "../../../shared/zod.ts";
import type { Deps } from "../../app-env.ts";
import type { Executor } from "../../db/database.ts";
import {
	binScans,
	bins,
	bookings,
	customers,
	profiles,
	storageLocations,
} from "../../db/schema.ts";
import { type Actor, assertOwner, assertStaff } from "../../lib/actor.ts";
import { AppError, conflict, fieldError, notFound } from "../../lib/errors.ts";
import { findCustomer } from "../customers/owner-customers.service.ts";

type StorageDeps = Pick<Deps, "db" | "clock" | "events">;

/**
 * Tells the open pages that show bins (the owner's, and those of the customer `userId` whose bin
 * it is) that storage changed, once the write has committed.
 */
const announceStorage = (deps: StorageDeps, userId: string | null) =>
	deps.events.publish(deps.db, { kind: "storage.changed", userId });

const isUniqueViolation = (error: unknown) => {
	for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as never)
		if (e.code === "23505") return true;
	return false;
};

// ---------------------------------------------------------------- locations

export async function listLocations(options: {
	deps: StorageDeps;
	actor: Actor;
}): Promise<StorageLocation[]> {
	assertStaff(options.actor);
	const rows = await options.deps.db
		.select({
			id: storageLocations.id,
			name: storageLocations.name,
			shelves: storageLocations.shelves,
			bins: sql<number>`(select count(*)::int from ${bins} b where b.location_id = ${storageLocations.id})`,
		})
		.from(storageLocations)
		.orderBy(asc(sql`lower(${storageLocations.name})`));
	return rows;
}

export async function addLocation(options: {
	deps: StorageDeps;
	actor: Actor;
	input: z.output<typeof storageLocationInputSchema>;
}) {
	const { deps, actor, input } = options;
	assertOwner(actor);
	try {
		await deps.db.insert(storageLocations).values(input);
	} catch (error) {
		if (isUniqueViolation(error))
			throw fieldError("name", `There is already a location named ${input.name}`, 409);
		throw error;
	}
	await announceStorage(deps, null);
	return listLocations({ deps, actor });
}

/** A location with bins on it stays: the bins would lose their place. */
export async function removeLocation(options: { deps: StorageDeps; actor: Actor; id: string }) {
	const { deps, actor, id } = options;
	assertOwner(actor);
	const [location] = await deps.db
		.select({ name: storageLocations.name })
		.from(storageLocations)
		.where(eq(storageLocations.id, id));
	if (!location) throw notFound("Location not found");
	const [used] = await deps.db.select({ n: count() }).from(bins).where(eq(bins.locationId, id));
	if (used && used.n > 0)
		throw conflict(
			`${location.name} holds ${used.n === 1 ? "1 bin" : `${used.n} bins`}; move them before removing it`,
		);
	await deps.db.delete(storageLocations).where(eq(storageLocations.id, id));
	await announceStorage(deps, null);
	return listLocations({ deps, actor });
}

/** The location by id, checked against its shelves; "Rack A, shelf 2" for the scan's record. */
async function placeOf(db: Executor, locationId: string | null, shelf: number | null) {
	if (!locationId) {
		if (shelf !== null) throw fieldError("locationId", "Choose a location for the shelf");
		return null;
	}
	const [location] = await db
		.select()
		.from(storageLocations)
		.where(eq(storageLocations.id, locationId));
	if (!location) throw fieldError("locationId", "That location no longer exists", 409);
	if (shelf !== null && (location.shelves === null || shelf > location.shelves))
		throw fieldError(
			"shelf",
			location.shelves === null
				? `${location.name} has no shelves`
				: `${location.name} has shelves 1 to ${location.shelves}`,
		);
	return shelf === null ? location.name : `${location.name}, shelf ${shelf}`;
}

// ---------------------------------------------------------------- bins

const binColumns = {
	id: bins.id,
	code: bins.code,
	customerId: bins.customerId,
	customerName: customers.name,
	/** For the announcement of a change, not the answer. */
	customerUserId: customers.userId,
	street: customers.address,
	contents: bins.contents,
	state: bins.state,
	locationId: bins.locationId,
	location: storageLocations.name,
	shelf: bins.shelf,
	updatedAt: bins.updatedAt,
};

function selectBins(db: Executor) {
	return db
		.select(binColumns)
		.from(bins)
		.innerJoin(customers, eq(customers.id, bins.customerId))
		.leftJoin(storageLocations, eq(storageLocations.id, bins.locationId));
}

const toBin = ({
	customerUserId: _,
	...row
}: Awaited<ReturnType<typeof selectBins>>[number]): Bin => ({
	...row,
	updatedAt: row.updatedAt.toISOString(),
});

export async function listCustomerBins(options: {
	deps: StorageDeps;
	actor: Actor;
	customerId: string;
}) {
	const { deps, actor, customerId } = options;
	assertOwner(actor);
	await findCustomer(deps.db, customerId);
	const rows = await selectBins(deps.db)
		.where(eq(bins.customerId, customerId))
		.orderBy(asc(bins.code));
	return { bins: rows.map(toBin) };
}

/** A new bin, Stored, with the next label code; its first scan event says so. */
export async function addBin(options: {
	deps: StorageDeps;
	actor: Actor;
	customerId: string;
	input: z.output<typeof binInputSchema>;
}) {
	const { deps, actor, customerId, input } = options;
	assertOwner(actor);
	const customer = await findCustomer(deps.db, customerId);
	const name = await actorName(deps.db, actor);
	const id = await deps.db.transaction(async (tx) => {
		const place = await placeOf(tx, input.locationId, input.shelf);
		const [bin] = await tx
			.insert(bins)
			.values({ customerId, ...input, state: "stored" })
			.returning({ id: bins.id });
		await tx.insert(binScans).values({
			id: crypto.randomUUID(),
			binId: bin!.id,
			actorId: actor.id,
			actorName: name,
			fromState: null,
			toState: "stored",
			place,
		});
		return bin!.id;
	});
	await announceStorage(deps, customer.userId);
	const [row] = await selectBins(deps.db).where(eq(bins.id, id));
	return toBin(row!);
}

/** The owner changes what a bin holds or where it sits (its state changes only by scans). */
export async function editBin(options: {
	deps: StorageDeps;
	actor: Actor;
	code: string;
	input: z.output<typeof binInputSchema>;
}) {
	const { deps, actor, code, input } = options;
	assertOwner(actor);
	await placeOf(deps.db, input.locationId, input.shelf);
	const [updated] = await deps.db
		.update(bins)
		.set({ ...input, updatedAt: sql`now()` })
		.where(eq(bins.code, code))
		.returning({ id: bins.id });
	if (!updated) throw notFound(`No bin has the code ${code}`);
	const [row] = await selectBins(deps.db).where(eq(bins.id, updated.id));
	await announceStorage(deps, row!.customerUserId);
	return toBin(row!);
}

/** A bin's page (a scanned label): the owner and the crews only. */
export async function getBin(options: {
	deps: StorageDeps;
	actor: Actor;
	code: string;
}): Promise<BinDetail> {
	const { deps, actor, code } = options;
	assertStaff(actor);
	const [row] = await selectBins(deps.db).where(eq(bins.code, code));
	if (!row) throw notFound(`No bin has the code ${code}`);
	const events = await deps.db
		.select()
		.from(binScans)
		.where(eq(binScans.binId, row.id))
		.orderBy(asc(binScans.n));
	return {
		...toBin(row),
		events: events.map((e) => ({
			id: e.id,
			from: e.fromState,
			to: e.toState,
			place: e.place,
			by: e.actorName,
			at: e.createdAt.toISOString(),
		})),
	};
}

async function actorName(db: Executor, actor: Actor) {
	const [profile] = await db
		.select({ name: profiles.displayName })
		.from(profiles)
		.where(eq(profiles.userId, actor.id));
	return profile?.name ?? "Staff";
}

/**
 * One scan: the bin moves to `to` if the move is allowed from its state (409 with the reason
 * otherwise), and the scan is kept. The scan's id is the phone's: the same id again changes
 * nothing and answers `duplicate`. The bin's row is locked while its state is read and written,
 * so two scans of one bin at once are counted one after the other.
 */
export async function scanBin(options: {
	deps: StorageDeps;
	actor: Actor;
	scan: z.output<typeof binScanInputSchema>;
}): Promise<BinScanResult> {
	const { deps, actor, scan } = options;
	assertStaff(actor);
	const name = await actorName(deps.db, actor);
	const run = () =>
		deps.db.transaction(async (tx) => {
			const [bin] = await tx
				.select({ id: bins.id, state: bins.state })
				.from(bins)
				.where(eq(bins.code, scan.code))
				.for("update");
			if (!bin) throw notFound(`No bin has the code ${scan.code}`);
			const [seen] = await tx
				.select({ binId: binScans.binId })
				.from(binScans)
				.where(eq(binScans.id, scan.id));
			if (seen) {
				if (seen.binId !== bin.id) throw conflict("This scan was counted for another bin");
				return { id: bin.id, duplicate: true };
			}
			const refusal = binMoveRefusal(scan.code, bin.state, scan.to);
			if (refusal) throw new AppError(409, refusal, "invalid_transition");
			if (scan.to === "stored" && !scan.locationId)
				throw fieldError("locationId", `Choose where ${scan.code} is stored`);
			const place = scan.to === "stored" ? await placeOf(tx, scan.locationId, scan.shelf) : null;
			await tx.insert(binScans).values({
				id: scan.id,
				binId: bin.id,
				actorId: actor.id,
				actorName: name,
				fromState: bin.state,
				toState: scan.to,
				place,
			});
			await tx
				.update(bins)
				.set({
					state: scan.to,
					updatedAt: sql`now()`,
					...(scan.to === "stored" ? { locationId: scan.locationId, shelf: scan.shelf } : {}),
				})
				.where(eq(bins.id, bin.id));
			return { id: bin.id, duplicate: false };
		});
	let outcome: { id: string; duplicate: boolean };
	try {
		outcome = await run();
	} catch (error) {
		// The same scan sent twice at once: the second insert lost; answer as a repeat.
		if (!isUniqueViolation(error)) throw error;
		outcome = await run();
	}
	const [row] = await selectBins(deps.db).where(eq(bins.id, outcome.id));
	if (!outcome.duplicate) await announceStorage(deps, row!.customerUserId);
	const others = await deps.db
		.select({ code: bins.code, state: bins.state })
		.from(bins)
		.where(and(eq(bins.customerId, row!.customerId), sql`${bins.id} <> ${outcome.id}`))
		.orderBy(asc(bins.code));
	return { duplicate: outcome.duplicate, bin: toBin(row!), others };
}

/** The bins of each house on a crew's day, for the stops' "bins to load". */
export async function getDayBins(options: { deps: StorageDeps; actor: Actor; day: string }) {
	const { deps, actor, day } = options;
	assertStaff(actor);
	const stops = await deps.db
		.selectDistinct({ customerId: bookings.customerId })
		.from(bookings)
		.where(and(eq(bookings.day, day), inArray(bookings.status, ["booked", "done"])));
	const ids = stops.map((s) => s.customerId);
	const rows =
		ids.length === 0
			? []
			: await selectBins(deps.db).where(inArray(bins.customerId, ids)).orderBy(asc(bins.code));
	return {
		customers: ids.map((customerId) => ({
			customerId,
			bins: rows.filter((r) => r.customerId === customerId).map(toBin),
		})),
	};
}

/** Days after a takedown by which its bins should be back. */
const RETURN_DAYS = 2;

/**
 * What the owner's dashboard lists: bins not back (Returned or Stored) 2 days after their
 * customer's takedown (the customer's latest done day), and bins marked Missing.
 */
export async function getStorageAlerts(options: { deps: StorageDeps; actor: Actor }) {
	const { deps, actor } = options;
	assertOwner(actor);
	const cutoff = addDays(businessDate(deps.clock.now()), -RETURN_DAYS);
	const latestDone = deps.db
		.selectDistinctOn([bookings.customerId], {
			customerId: bookings.customerId,
			kind: bookings.kind,
			day: bookings.day,
		})
		.from(bookings)
		.where(eq(bookings.status, "done"))
		.orderBy(bookings.customerId, desc(bookings.day), desc(bookings.updatedAt))
		.as("latest_done");
	const late = await selectBins(deps.db)
		.innerJoin(latestDone, eq(latestDone.customerId, bins.customerId))
		.where(
			and(
				eq(latestDone.kind, "takedown"),
				sql`${latestDone.day} <= ${cutoff}`,
				notInArray(bins.state, ["returned", "stored", "missing"]),
			),
		)
		.orderBy(asc(latestDone.day), asc(bins.code));
	const missing = await selectBins(deps.db)
		.where(eq(bins.state, "missing"))
		.orderBy(desc(bins.updatedAt));
	const takedownDays = new Map(
		(
			await deps.db
				.select({ customerId: latestDone.customerId, day: latestDone.day })
				.from(latestDone)
				.where(
					inArray(
						latestDone.customerId,
						late.map((l) => l.customerId),
					),
				)
		).map((r) => [r.customerId, r.day]),
	);
	return {
		late: late.map((row) => ({ ...toBin(row), takedownDay: takedownDays.get(row.customerId)! })),
		missing: missing.map(toBin),
	};
}

/** A customer's own bins: how many, how many stored. */
export async function getMyStorage(options: {
	deps: StorageDeps;
	actor: Actor;
}): Promise<MyStorage> {
	const rows = await options.deps.db
		.select({ state: bins.state })
		.from(bins)
		.innerJoin(customers, eq(customers.id, bins.customerId))
		.where(eq(customers.userId, options.actor.id));
	return { bins: rows.length, stored: rows.filter((r) => r.state === "stored").length };
}

/** For the season timeline: the customer's bins, how many are stored, and where (names only). */
export async function storageFacts(db: Executor, customerId: string) {
	const rows = await db
		.select({ state: bins.state, location: storageLocations.name })
		.from(bins)
		.leftJoin(storageLocations, eq(storageLocations.id, bins.locationId))
		.where(eq(bins.customerId, customerId));
	if (rows.length === 0) return null;
	return {
		bins: rows.length,
		stored: rows.filter((r) => r.state === ("stored" satisfies BinState)).length,
		locations: [...new Set(rows.flatMap((r) => (r.location ? [r.location] : [])))].sort(),
	};
}
