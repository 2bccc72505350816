import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { bills, quoteRequests, users } from "../../src/server/db/schema.ts";
import { AMOUNT_TOO_HIGH, MAX_AMOUNT_CENTS } from "../../src/shared/money.ts";
import { ownerAndCustomer } from "../support/accounts.ts";
import { appQuote, sampleLines } from "../support/builders.ts";
import { expectError } from "../support/expect.ts";
import { read } from "../support/http-client.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

let app: TestApp;
beforeEach(async () => {
	app = await startTestApp();
});
afterEach(() => app.close());

/** Every amount has one bound, $1,000,000.00, that the database's integers hold with room to spare. */
describe("money amounts", () => {
	it("refuses owner prices whose total passes the bound, before anything is written", async () => {
		const { owner, customer } = await ownerAndCustomer(app);
		const quote = await appQuote(app, { userId: customer.userId });
		// Each price is allowed alone; together (one line has two units) they are $3,000,000.00.
		const lines = await sampleLines(app);
		const res = await read(
			owner.client.api.owner.quotes[":source"][":id"].approve.$post({
				param: { source: "app", id: quote.id },
				json: {
					unitPrices: lines.map((l) => ({
						serviceId: l.serviceId,
						unitPriceCents: MAX_AMOUNT_CENTS,
					})),
				},
			}),
		);
		expectError(res, 400, AMOUNT_TOO_HIGH);
		const [after] = await app.db.select().from(quoteRequests).where(eq(quoteRequests.id, quote.id));
		expect(after!.status).toBe("pending");
		expect(await app.db.select().from(bills)).toEqual([]);

		expectError(
			await read(
				owner.client.api.owner.quotes[":source"][":id"].revise.$post({
					param: { source: "app", id: quote.id },
					json: {
						revisedPriceCents: MAX_AMOUNT_CENTS + 1,
					},
				}),
			),
			400,
			AMOUNT_TOO_HIGH,
		);
	});

	it("refuses a new customer whose prices total past the bound, and creates no account", async () => {
		const { owner } = await ownerAndCustomer(app);
		const lines = await sampleLines(app);
		const data = JSON.stringify({
			name: "Big Spender",
			email: "big@example.com",
			password: "big-spender-1",
			address: "1 Main St",
			services: lines.map((l) => ({
				serviceId: l.serviceId,
				quantity: 3,
				unitPriceCents: MAX_AMOUNT_CENTS,
			})),
		});
		expectError(
			await read(owner.client.api.owner.customers.$post({ form: { data, photos: [] } })),
			400,
			AMOUNT_TOO_HIGH,
		);
		expect(await app.db.select().from(users).where(eq(users.email, "big@example.com"))).toEqual([]);
	});
});
