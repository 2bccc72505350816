import { asc, eq, inArray, sql } from "drizzle-orm";
import type { PropertySpecs, propertySpecsInputSchema } from "../../../shared/crew.ts";
import type { z } from "../../../shared/zod.ts";
import type { Deps } from "../../app-env.ts";
import type { Executor } from "../../db/database.ts";
import { profiles, propertyNotes, propertySpecs } from "../../db/schema.ts";
import { type Actor, assertOwner, assertStaff } from "../../lib/actor.ts";
import { findCustomer } from "./owner-customers.service.ts";

const EMPTY = {
	rooflineFeet: null,
	treesSmall: null,
	treesMedium: null,
	treesLarge: null,
	outletLocations: null,
	timerLocation: null,
	gateCode: null,
	ladderNeeds: null,
	pets: null,
	notes: null,
	updatedAt: null,
} as const;

/**
 * The specs of several houses at once (a crew's day), by customer id; a house never saved has
 * empty specs. For the owner and the crews only: no customer answer carries them (the gate code).
 */
export async function specsOf(
	db: Executor,
	actor: Actor,
	customerIds: readonly string[],
): Promise<Map<string, PropertySpecs>> {
	assertStaff(actor);
	const result = new Map<string, PropertySpecs>();
	if (customerIds.length === 0) return result;
	const rows = await db
		.select()
		.from(propertySpecs)
		.where(inArray(propertySpecs.customerId, [...customerIds]));
	const notes = await db
		.select()
		.from(propertyNotes)
		.where(inArray(propertyNotes.customerId, [...customerIds]))
		.orderBy(asc(propertyNotes.createdAt), asc(propertyNotes.id));
	for (const id of customerIds) {
		const row = rows.find((r) => r.customerId === id);
		result.set(id, {
			...(row
				? {
						rooflineFeet: row.rooflineFeet,
						treesSmall: row.treesSmall,
						treesMedium: row.treesMedium,
						treesLarge: row.treesLarge,
						outletLocations: row.outletLocations,
						timerLocation: row.timerLocation,
						gateCode: row.gateCode,
						ladderNeeds: row.ladderNeeds,
						pets: row.pets,
						notes: row.notes,
						updatedAt: row.updatedAt.toISOString(),
					}
				: EMPTY),
			crewNotes: notes
				.filter((n) => n.customerId === id)
				.map((n) => ({
					id: n.id,
					authorName: n.authorName,
					body: n.body,
					createdAt: n.createdAt.toISOString(),
				})),
		});
	}
	return result;
}

/** One house's specs, for the owner's customer page and the crews. */
export async function getPropertySpecs(options: {
	deps: Pick<Deps, "db">;
	actor: Actor;
	customerId: string;
}) {
	const { deps, actor, customerId } = options;
	assertStaff(actor);
	await findCustomer(deps.db, customerId);
	return (await specsOf(deps.db, actor, [customerId])).get(customerId)!;
}

/** The owner saves a house's specs (all fields at once; empty ones are cleared). */
export async function savePropertySpecs(options: {
	deps: Pick<Deps, "db" | "events">;
	actor: Actor;
	customerId: string;
	specs: z.output<typeof propertySpecsInputSchema>;
}) {
	const { deps, actor, customerId, specs } = options;
	assertOwner(actor);
	await findCustomer(deps.db, customerId);
	const values = { ...specs, updatedBy: actor.id, updatedAt: sql`now()` };
	await deps.db
		.insert(propertySpecs)
		.values({ customerId, ...values })
		.onConflictDoUpdate({ target: propertySpecs.customerId, set: values });
	return getPropertySpecs({ deps, actor, customerId });
}

/** A crew member (or the owner) leaves a note on a house; it stays with its specs. */
export async function addPropertyNote(options: {
	deps: Pick<Deps, "db">;
	actor: Actor;
	customerId: string;
	body: string;
}) {
	const { deps, actor, customerId, body } = options;
	assertStaff(actor);
	await findCustomer(deps.db, customerId);
	const [author] = await deps.db
		.select({ name: profiles.displayName })
		.from(profiles)
		.where(eq(profiles.userId, actor.id));
	await deps.db.insert(propertyNotes).values({
		customerId,
		authorId: actor.id,
		authorName: author?.name ?? "Crew",
		body,
	});
	return getPropertySpecs({ deps, actor, customerId });
}
