import type { Estimate, ServiceChoice } from "../../../shared/estimate.ts";
import type { QuoteLine } from "../../../shared/quotes.ts";
import type { Deps } from "../../app-env.ts";
import type { Executor } from "../../db/database.ts";
import { listActiveServices } from "../catalog/catalog.service.ts";
import { rewriteExplanation } from "./explanation-rewrite.ts";
import { priceEstimate } from "./pricing.ts";

/**
 * The engine's estimate for a selection, priced from the live catalogue, with the quote lines
 * (catalogue name, description and unit price) a stored quote request keeps.
 */
export async function calculateEstimate(options: {
	db: Executor;
	services: readonly ServiceChoice[];
	city?: string | null;
	state?: string | null;
}): Promise<{ estimate: Estimate; lines: QuoteLine[] }> {
	const catalogue = await listActiveServices({ db: options.db });
	const estimate = priceEstimate({
		catalogue,
		services: options.services,
		city: options.city,
		state: options.state,
	});
	const byId = new Map(catalogue.map((s) => [s.id, s]));
	const lines = estimate.lines.map((l) => ({
		serviceId: l.serviceId,
		name: l.name,
		description: byId.get(l.serviceId)!.description,
		unitPriceCents: l.unitPriceCents,
		quantity: l.quantity,
	}));
	return { estimate, lines };
}

/** The instant quote shown to a visitor: the engine's numbers, its explanation optionally reworded. */
export async function createEstimate(options: {
	deps: Pick<Deps, "db" | "env" | "logger">;
	input: {
		services: readonly ServiceChoice[];
		city?: string | null;
		state?: string | null;
	};
}): Promise<Estimate> {
	const { deps, input } = options;
	const { estimate } = await calculateEstimate({
		db: deps.db,
		services: input.services,
		city: input.city,
		state: input.state,
	});
	const explanation = await rewriteExplanation({ env: deps.env, estimate, logger: deps.logger });
	return { ...estimate, explanation };
}
