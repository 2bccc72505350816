import { asc, eq } from "drizzle-orm";
import type { ServiceOption } from "../../../shared/catalog.ts";
import type { Executor } from "../../db/database.ts";
import { serviceOptions } from "../../db/schema.ts";

const columns = {
	id: serviceOptions.id,
	name: serviceOptions.name,
	description: serviceOptions.description,
	basePriceCents: serviceOptions.basePriceCents,
	hasQuantity: serviceOptions.hasQuantity,
	isActive: serviceOptions.isActive,
	sortOrder: serviceOptions.sortOrder,
};

/** The services people can choose, in the owner's order (ties by name, then id, so it is stable). */
export async function listActiveServices(options: { db: Executor }): Promise<ServiceOption[]> {
	return options.db
		.select(columns)
		.from(serviceOptions)
		.where(eq(serviceOptions.isActive, true))
		.orderBy(asc(serviceOptions.sortOrder), asc(serviceOptions.name), asc(serviceOptions.id));
}
