import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { requestLimits, serviceOptions } from "../../src/server/db/schema.ts";
import { RATE_LIMIT_MESSAGE } from "../../src/server/lib/rate-limit.ts";
import { estimateSchema } from "../../src/shared/estimate.ts";
import { HttpClient, read } from "../support/http-client.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

let app: TestApp;
afterEach(() => app.close());

const ROOMY = { estimate: { windowMs: 60_000, max: 1_000 } };

async function catalogue(app: TestApp) {
	const rows = await app.db.select().from(serviceOptions);
	return (name: string) => rows.find((r) => r.name === name)!;
}

describe("POST /api/estimate", () => {
	beforeEach(async () => {
		app = await startTestApp({ rateLimits: ROOMY });
	});

	it("prices the selection from the catalogue, deterministically", async () => {
		const service = await catalogue(app);
		const client = new HttpClient(app.url);
		const body = {
			services: [
				{ serviceId: service("House Outline").id, quantity: 1 },
				{ serviceId: service("Medium Trees").id, quantity: 2 },
			],
			address: "12 Lincoln Way E",
			city: "massillon ",
			state: "OH",
		};
		const res = await read(client.api.estimate.$post({ json: body }));
		expect(res.status).toBe(200);
		expect(estimateSchema.parse(res.json)).toEqual(res.json);
		expect(res.json).toMatchObject({
			subtotalCents: 65_000,
			complexity: "Medium",
			recommendedPriceCents: 73_500,
			priceRangeLowCents: 66_000,
			priceRangeHighCents: 84_500,
			locationFactors: { city: "Massillon", factor: 1.05, known: true },
		});
		expect(res.json.lines).toEqual([
			{
				serviceId: service("House Outline").id,
				name: "House Outline",
				quantity: 1,
				unitPriceCents: 40_000,
				totalCents: 40_000,
			},
			{
				serviceId: service("Medium Trees").id,
				name: "Medium Trees",
				quantity: 2,
				unitPriceCents: 12_500,
				totalCents: 25_000,
			},
		]);
		expect(res.json.explanation).toContain("2 × Medium Trees");
		const again = await read(client.api.estimate.$post({ json: body }));
		expect(again.json).toEqual(res.json);
	});

	it("uses the owner's current prices, never the browser's", async () => {
		const service = await catalogue(app);
		await app.db
			.update(serviceOptions)
			.set({ basePriceCents: 50_000 })
			.where(eq(serviceOptions.id, service("House Outline").id));
		const client = new HttpClient(app.url);
		const res = await read(
			client.api.estimate.$post({
				json: {
					services: [{ serviceId: service("House Outline").id, quantity: 1 }],
					address: "1 Main St",
					city: "Canton",
				},
			}),
		);
		expect(res.json.subtotalCents).toBe(50_000);
		const tampered = await client.post("/api/estimate", {
			services: [{ serviceId: service("House Outline").id, quantity: 1, basePrice: 1 }],
			address: "1 Main St",
		});
		expect(tampered.status).toBe(400);
	});

	it("flags an unknown or missing city and still prices it", async () => {
		const service = await catalogue(app);
		const client = new HttpClient(app.url);
		const services = [{ serviceId: service("House Outline").id, quantity: 1 }];
		for (const city of [undefined, null, "", "Columbus"]) {
			const res = await read(
				client.api.estimate.$post({ json: { services, address: "1 Main St", city } }),
			);
			expect(res.status).toBe(200);
			expect(res.json.locationFactors).toMatchObject({ factor: 1.1, known: false });
			expect(res.json.locationFactors.note).toMatch(/confirm travel/);
		}
	});

	it("refuses unknown, inactive and over-quantity services with 400", async () => {
		const service = await catalogue(app);
		await app.db
			.update(serviceOptions)
			.set({ isActive: false })
			.where(eq(serviceOptions.name, "Windows"));
		const client = new HttpClient(app.url);
		const post = (services: { serviceId: string; quantity: number }[]) =>
			read(client.api.estimate.$post({ json: { services, address: "1 Main St", city: "Canton" } }));

		const unknown = await post([{ serviceId: crypto.randomUUID(), quantity: 1 }]);
		expect(unknown.status).toBe(400);
		expect(unknown.json.error).toBe("Unknown service");
		const inactive = await post([{ serviceId: service("Windows").id, quantity: 1 }]);
		expect(inactive.status).toBe(400);
		expect(inactive.json.error).toBe("Unknown service");
		const notAnId = await post([{ serviceId: "house-outline", quantity: 1 }]);
		expect(notAnId.status).toBe(400);
		expect(notAnId.json.error).toBe("Unknown service");
		const perProperty = await post([{ serviceId: service("House Outline").id, quantity: 2 }]);
		expect(perProperty.status).toBe(400);
		expect(perProperty.json.error).toBe(
			"House Outline is priced per property, so its quantity must be 1",
		);
		const twice = await post([
			{ serviceId: service("Small Trees").id, quantity: 1 },
			{ serviceId: service("Small Trees").id, quantity: 1 },
		]);
		expect(twice.status).toBe(400);
		expect(twice.json.error).toBe("Each service can only be chosen once");
	});

	it("answers bad input with a clear 400, never a 500", async () => {
		const service = await catalogue(app);
		const client = new HttpClient(app.url);
		const ok = { serviceId: service("Small Trees").id, quantity: 1 };
		const cases: [unknown, string | RegExp][] = [
			[{ services: [ok] }, "Please fill in the address and select at least one service"],
			[
				{ services: [ok], address: "   " },
				"Please fill in the address and select at least one service",
			],
			[
				{ services: [], address: "1 Main St" },
				"Please fill in the address and select at least one service",
			],
			[{ address: "1 Main St" }, /expected array/i],
			[{ services: "all", address: "1 Main St" }, /expected array/i],
			[{ services: [{ ...ok, quantity: 0 }], address: "1 Main St" }, "Quantity must be at least 1"],
			[
				{ services: [{ ...ok, quantity: 1.5 }], address: "1 Main St" },
				"Quantity must be a whole number",
			],
			[{ services: [{ ...ok, quantity: "2" }], address: "1 Main St" }, /expected number/i],
			[{ services: [{ ...ok, quantity: 10_000 }], address: "1 Main St" }, /500/],
			[
				{ services: [ok], address: 42 },
				"Please fill in the address and select at least one service",
			],
			[{ services: [ok], address: "x".repeat(10_000) }, "Address can be at most 300 characters"],
			[
				{ services: [ok], address: "1 Main St", city: "x".repeat(10_000) },
				"City can be at most 100 characters",
			],
			[
				{ services: [ok], address: "1 Main St", notes: "x".repeat(6_000) },
				"Notes can be at most 5,000 characters",
			],
			[{ services: [ok], address: "1 Main St", price: 1 }, /Unrecognized key/i],
			[{ services: Array(51).fill(ok), address: "1 Main St" }, "Too many services"],
		];
		for (const [body, message] of cases) {
			const res = await client.post("/api/estimate", body);
			expect(res.status, JSON.stringify(body).slice(0, 200)).toBe(400);
			expect(res.json.error).toMatch(message);
		}
		const malformed = await client.request("POST", "/api/estimate", "{not json");
		expect(malformed.status).toBe(400);
		const notJson = await client.request("POST", "/api/estimate", "services=1", {
			"content-type": "application/x-www-form-urlencoded",
		});
		expect(notJson.status).toBe(415);
		const huge = await read(
			client.api.estimate.$post({
				json: {
					services: [ok],
					address: "1 Main St",
					notes: "x".repeat(2 * 1024 * 1024),
				},
			}),
		);
		expect(huge.status).toBe(413);
		expect(huge.json.error).toBe("The request is too large");
	});
});

describe("POST /api/estimate rate limit", () => {
	beforeEach(async () => {
		app = await startTestApp();
	});

	it("limits each address to 30 estimates a minute", async () => {
		const service = await catalogue(app);
		const client = new HttpClient(app.url);
		const body = {
			services: [{ serviceId: service("Small Trees").id, quantity: 1 }],
			address: "1 Main St",
		};
		for (let i = 0; i < 30; i++)
			expect((await read(client.api.estimate.$post({ json: body }))).status).toBe(200);
		const limited = await read(client.api.estimate.$post({ json: body }));
		expect(limited.status).toBe(429);
		expect(limited.json.error).toBe(RATE_LIMIT_MESSAGE);
		expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
		expect(Number(limited.headers.get("retry-after"))).toBeLessThanOrEqual(60);
		const [row] = await app.db.select().from(requestLimits);
		expect(row!.key).toMatch(/^estimate:/);
	});
});
