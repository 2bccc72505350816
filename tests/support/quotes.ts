import {
	marketingQuoteRequests,
	quoteRequests,
	serviceOptions,
} from "../../src/server/db/schema.ts";
import type { QuoteLine } from "../../src/shared/quotes.ts";
import type { TestApp } from "./test-app.ts";

/** Lines from the seeded catalogue: a house outline and two medium trees ($650.00). */
export async function sampleLines(app: TestApp): Promise<QuoteLine[]> {
	const services = await app.db.select().from(serviceOptions);
	const byName = (name: string) => services.find((s) => s.name === name)!;
	const outline = byName("House Outline");
	const trees = byName("Medium Trees");
	return [
		{
			serviceId: outline.id,
			name: outline.name,
			description: outline.description,
			unitPriceCents: outline.basePriceCents,
			quantity: 1,
		},
		{
			serviceId: trees.id,
			name: trees.name,
			description: trees.description,
			unitPriceCents: trees.basePriceCents,
			quantity: 2,
		},
	];
}

export async function insertAppQuote(
	app: TestApp,
	userId: string,
	values: Partial<typeof quoteRequests.$inferInsert> = {},
) {
	const services = await sampleLines(app);
	const [row] = await app.db
		.insert(quoteRequests)
		.values({
			userId,
			address: "100 Market Ave N",
			city: "Canton",
			state: "OH",
			services,
			totalEstimateCents: 65000,
			...values,
		})
		.returning();
	app.readCache.clear(); // written behind the server's back
	return row!;
}

export async function insertWebsiteQuote(
	app: TestApp,
	values: Partial<typeof marketingQuoteRequests.$inferInsert> = {},
) {
	const services = await sampleLines(app);
	const [row] = await app.db
		.insert(marketingQuoteRequests)
		.values({
			name: "Wendy Web",
			email: "wendy@example.test",
			address: "1 Main St",
			city: "Akron",
			services,
			totalEstimateCents: 65000,
			...values,
		})
		.returning();
	app.readCache.clear(); // written behind the server's back
	return row!;
}
