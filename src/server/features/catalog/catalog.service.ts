import { asc, eq, sql } from "drizzle-orm";
import type { ServiceOption } from "../../../shared/catalog.ts";
import { dollarsToCents } from "../../../shared/money.ts";
import type {
	serviceOptionInputSchema,
	serviceOptionUpdateSchema,
} from "../../../shared/settings.ts";
import type { z } from "../../../shared/zod.ts";
import type { Deps } from "../../app-env.ts";
import type { Executor } from "../../db/database.ts";
import { serviceOptions } from "../../db/schema.ts";
import { type Actor, assertOwner } from "../../lib/actor.ts";
import { badRequest, notFound } from "../../lib/errors.ts";

const columns = {
	id: serviceOptions.id,
	name: serviceOptions.name,
	description: serviceOptions.description,
	basePriceCents: serviceOptions.basePriceCents,
	hasQuantity: serviceOptions.hasQuantity,
	isActive: serviceOptions.isActive,
	sortOrder: serviceOptions.sortOrder,
};

/** The owner's order; ties by name, then id, so it is stable. */
const DISPLAY_ORDER = [
	asc(serviceOptions.sortOrder),
	asc(serviceOptions.name),
	asc(serviceOptions.id),
];

/** The services people can choose, in the owner's order. */
export async function listActiveServices(options: { db: Executor }): Promise<ServiceOption[]> {
	return options.db
		.select(columns)
		.from(serviceOptions)
		.where(eq(serviceOptions.isActive, true))
		.orderBy(...DISPLAY_ORDER);
}

/** Every service option, active or not, in the owner's order (Settings). */
export async function listAllServices(options: {
	db: Executor;
	actor: Actor;
}): Promise<ServiceOption[]> {
	assertOwner(options.actor);
	return options.db
		.select(columns)
		.from(serviceOptions)
		.orderBy(...DISPLAY_ORDER);
}

type WriteDeps = Pick<Deps, "db" | "events">;

/**
 * Adds a service option at the end of the list (sort order: the last one's + 1). Every catalogue
 * write announces `catalog.changed`, so the quote forms, the instant quote and the public
 * catalogue read it at once on every instance.
 */
export async function createService(options: {
	deps: WriteDeps;
	actor: Actor;
	input: z.output<typeof serviceOptionInputSchema>;
}): Promise<ServiceOption> {
	assertOwner(options.actor);
	const { deps, input } = options;
	return deps.events.transaction(async (tx) => {
		const [created] = await tx
			.insert(serviceOptions)
			.values({
				name: input.name,
				description: input.description,
				basePriceCents: dollarsToCents(input.basePriceDollars),
				hasQuantity: input.hasQuantity,
				sortOrder: sql`(select coalesce(max(${serviceOptions.sortOrder}), 0) + 1 from ${serviceOptions})`,
			})
			.returning(columns);
		await deps.events.publish(tx, { kind: "catalog.changed" });
		return created!;
	});
}

/** Edits, activates or deactivates a service option; only the fields sent change. */
export async function updateService(options: {
	deps: WriteDeps;
	actor: Actor;
	id: string;
	update: z.output<typeof serviceOptionUpdateSchema>;
}): Promise<ServiceOption> {
	assertOwner(options.actor);
	const { deps, update } = options;
	const { basePriceDollars, ...rest } = update;
	return deps.events.transaction(async (tx) => {
		const [updated] = await tx
			.update(serviceOptions)
			.set({
				...rest,
				...(basePriceDollars === undefined
					? {}
					: { basePriceCents: dollarsToCents(basePriceDollars) }),
			})
			.where(eq(serviceOptions.id, options.id))
			.returning(columns);
		if (!updated) throw notFound("Service option not found");
		await deps.events.publish(tx, { kind: "catalog.changed" });
		return updated;
	});
}

/**
 * Deletes a service option for good. Quotes keep their lines: each quote holds a copy of the
 * name, description and price it was made with (decision 016), so nothing refers to the row.
 */
export async function deleteService(options: {
	deps: WriteDeps;
	actor: Actor;
	id: string;
}): Promise<void> {
	assertOwner(options.actor);
	const { deps } = options;
	await deps.events.transaction(async (tx) => {
		const deleted = await tx
			.delete(serviceOptions)
			.where(eq(serviceOptions.id, options.id))
			.returning({ id: serviceOptions.id });
		if (deleted.length === 0) throw notFound("Service option not found");
		await deps.events.publish(tx, { kind: "catalog.changed" });
	});
}

/** Puts the options in the order given: `ids` must name every option once. */
export async function reorderServices(options: {
	deps: WriteDeps;
	actor: Actor;
	ids: string[];
}): Promise<ServiceOption[]> {
	assertOwner(options.actor);
	const { deps, ids } = options;
	if (new Set(ids).size !== ids.length) throw badRequest("Each service option may appear once");
	await deps.events.transaction(async (tx) => {
		const existing = await tx.select({ id: serviceOptions.id }).from(serviceOptions).for("update");
		const known = new Set(existing.map((r) => r.id));
		if (ids.length !== known.size || ids.some((id) => !known.has(id)))
			throw badRequest("The new order must list every service option once");
		for (const [index, id] of ids.entries())
			await tx
				.update(serviceOptions)
				.set({ sortOrder: index + 1 })
				.where(eq(serviceOptions.id, id));
		await deps.events.publish(tx, { kind: "catalog.changed" });
	});
	return listAllServices({ db: deps.db, actor: options.actor });
}
