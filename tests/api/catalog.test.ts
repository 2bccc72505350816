import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { quoteRequests, serviceOptions } from "../../src/server/db/schema.ts";
import { serviceOptionSchema } from "../../src/shared/catalog.ts";
import { ownerAndCustomer, signedInOwner } from "../support/accounts.ts";
import { test as fixtureTest } from "../support/app-fixture.ts";
import { approvedCustomer } from "../support/builders.ts";
import { expectError } from "../support/expect.ts";
import { HttpClient, read } from "../support/http-client.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

let app: TestApp;
beforeEach(async () => {
	app = await startTestApp();
});
afterEach(() => app.close());

describe("GET /api/catalog", () => {
	it("lists the seeded services in display order, without signing in", async () => {
		const res = await read(new HttpClient(app.url).api.catalog.$get());
		expect(res.status).toBe(200);
		const services = res.json.services;
		expect(services.map((s: { name: string }) => s.name)).toEqual([
			"House Outline",
			"Small Trees",
			"Medium Trees",
			"Large Trees",
			"Wreaths & Garland",
			"Walkway & Driveway",
			"Windows",
			"Specialty",
		]);
		for (const s of services) expect(serviceOptionSchema.parse(s)).toEqual(s);
		expect(services[0]).toMatchObject({
			basePriceCents: 40_000,
			hasQuantity: false,
			isActive: true,
			sortOrder: 1,
		});
		expect(services[1]).toMatchObject({
			name: "Small Trees",
			basePriceCents: 7_500,
			hasQuantity: true,
		});
	});

	it("leaves inactive services out and follows the owner's order", async () => {
		await app.db
			.update(serviceOptions)
			.set({ isActive: false })
			.where(eq(serviceOptions.name, "Windows"));
		await app.db
			.update(serviceOptions)
			.set({ sortOrder: 0 })
			.where(eq(serviceOptions.name, "Specialty"));
		app.readCache.clear();
		const res = await read(new HttpClient(app.url).api.catalog.$get());
		const names = res.json.services.map((s: { name: string }) => s.name);
		expect(names).not.toContain("Windows");
		expect(names[0]).toBe("Specialty");
		expect(names).toHaveLength(7);
	});

	it("answers an empty list when nothing is active", async () => {
		await app.db.update(serviceOptions).set({ isActive: false });
		app.readCache.clear();
		const res = await read(new HttpClient(app.url).api.catalog.$get());
		expect(res.status).toBe(200);
		expect(res.json).toEqual({ services: [] });
	});

	it("is described in the OpenAPI document with the other public operations", async () => {
		const res = await new HttpClient(app.url).get("/api/openapi.json");
		expect(Object.keys(res.json.paths)).toEqual(
			expect.arrayContaining([
				"/api/catalog",
				"/api/business",
				"/api/estimate",
				"/api/public/contact",
				"/api/public/quote-requests",
			]),
		);
		expect(
			Object.keys(res.json.paths["/api/public/quote-requests"].post.requestBody.content),
		).toEqual(["multipart/form-data"]);
	});
});

describe("the owner's catalogue", () => {
	const NEW = {
		name: "Roofline Icicles",
		description: "Warm white icicle lights along the roofline",
		basePriceDollars: 149.995,
		hasQuantity: true,
	};
	const names = (res: { json: { services: { name: string }[] } }) =>
		res.json.services.map((s) => s.name);

	fixtureTest("lists every option, active or not, in order", async ({ app }) => {
		const owner = await signedInOwner(app);
		await app.db
			.update(serviceOptions)
			.set({ isActive: false })
			.where(eq(serviceOptions.name, "Windows"));
		app.readCache.clear();
		const res = await read(owner.client.api.owner.catalog.$get());
		expect(res.status).toBe(200);
		expect(res.json.services).toHaveLength(8);
		expect(res.json.services.find((s: { name: string }) => s.name === "Windows").isActive).toBe(
			false,
		);
		expect(res.json.services.map((s: { sortOrder: number }) => s.sortOrder)).toEqual([
			1, 2, 3, 4, 5, 6, 7, 8,
		]);
	});

	fixtureTest(
		"adds an option last, its price rounded to cents, and the public catalogue and instant quote have it at once",
		async ({ app }) => {
			const owner = await signedInOwner(app);
			const visitor = new HttpClient(app.url);
			expect(names(await read(visitor.api.catalog.$get()))).not.toContain(NEW.name);
			const res = await read(owner.client.api.owner.catalog.$post({ json: NEW }));
			expect(res.status, res.text).toBe(201);
			expect(res.json).toMatchObject({
				name: NEW.name,
				description: NEW.description,
				basePriceCents: 15_000,
				hasQuantity: true,
				isActive: true,
				sortOrder: 9,
			});
			expect(names(await read(visitor.api.catalog.$get())).at(-1)).toBe(NEW.name);
			const estimate = await read(
				visitor.api.estimate.$post({
					json: {
						services: [{ serviceId: res.json.id, quantity: 2 }],
						address: "1 Main St",
						city: "Canton",
					},
				}),
			);
			expect(estimate.status, estimate.text).toBe(200);
			expect(estimate.json.lines[0]).toMatchObject({
				name: NEW.name,
				unitPriceCents: 15_000,
				totalCents: 30_000,
			});
		},
	);

	fixtureTest("refuses bad fields with a 400 and a message, and adds nothing", async ({ app }) => {
		const owner = await signedInOwner(app);
		const cases: [unknown, string][] = [
			[{ ...NEW, name: "  " }, "Name is required"],
			[{ ...NEW, description: "" }, "Description is required"],
			[{ ...NEW, basePriceDollars: -5 }, "Base price cannot be negative"],
			[{ ...NEW, basePriceDollars: 1e9 }, "Base price cannot be more than $100,000"],
			[{ ...NEW, basePriceDollars: "12" }, "Base price must be a number"],
			[{ ...NEW, name: "x".repeat(101) }, "Name must be at most 100 characters"],
			[{ name: NEW.name }, "Description is required"],
		];
		for (const [body, message] of cases)
			expectError(await owner.client.post("/api/owner/catalog", body), 400, message);
		expect((await read(owner.client.api.owner.catalog.$get())).json.services).toHaveLength(8);
	});

	fixtureTest(
		"edits, deactivates and activates; the public catalogue follows at once",
		async ({ app }) => {
			const owner = await signedInOwner(app);
			const visitor = new HttpClient(app.url);
			const windows = (await read(visitor.api.catalog.$get())).json.services.find(
				(s: { name: string }) => s.name === "Windows",
			);
			const edited = await read(
				owner.client.api.owner.catalog[":id"].$patch({
					param: { id: windows.id },
					json: {
						name: "Window Frames",
						basePriceDollars: 12.344,
					},
				}),
			);
			expect(edited.status, edited.text).toBe(200);
			expect(edited.json).toMatchObject({
				name: "Window Frames",
				basePriceCents: 1234,
				hasQuantity: windows.hasQuantity,
				isActive: true,
			});
			expect(names(await read(visitor.api.catalog.$get()))).toContain("Window Frames");

			const off = await read(
				owner.client.api.owner.catalog[":id"].$patch({
					param: { id: windows.id },
					json: {
						isActive: false,
					},
				}),
			);
			expect(off.json.isActive).toBe(false);
			expect(names(await read(visitor.api.catalog.$get()))).not.toContain("Window Frames");
			const estimate = await read(
				visitor.api.estimate.$post({
					json: {
						services: [{ serviceId: windows.id, quantity: 1 }],
						address: "1 Main St",
					},
				}),
			);
			expectError(estimate, 400);

			const on = await read(
				owner.client.api.owner.catalog[":id"].$patch({
					param: { id: windows.id },
					json: {
						isActive: true,
					},
				}),
			);
			expect(on.json.isActive).toBe(true);
			expect(names(await read(visitor.api.catalog.$get()))).toContain("Window Frames");

			expectError(
				await read(
					owner.client.api.owner.catalog[":id"].$patch({ param: { id: windows.id }, json: {} }),
				),
				400,
				"Nothing to change",
			);
			expectError(
				await owner.client.request("PATCH", `/api/owner/catalog/${windows.id}`, {
					isActive: "yes",
				}),
				400,
				"Active must be true or false",
			);
			expectError(
				await read(
					owner.client.api.owner.catalog[":id"].$patch({
						param: { id: crypto.randomUUID() },
						json: {
							isActive: true,
						},
					}),
				),
				404,
				"Service option not found",
			);
			expectError(
				await read(
					owner.client.api.owner.catalog[":id"].$patch({
						param: { id: "not-an-id" },
						json: { isActive: true },
					}),
				),
				400,
			);
		},
	);

	fixtureTest(
		"reorders; the public catalogue follows and a wrong list changes nothing",
		async ({ app }) => {
			const owner = await signedInOwner(app);
			const visitor = new HttpClient(app.url);
			const all = (await read(owner.client.api.owner.catalog.$get())).json.services as {
				id: string;
				name: string;
			}[];
			const reversed = all.map((s) => s.id).reverse();
			const res = await read(
				owner.client.api.owner.catalog.order.$put({ json: { ids: reversed } }),
			);
			expect(res.status, res.text).toBe(200);
			expect(res.json.services.map((s: { id: string }) => s.id)).toEqual(reversed);
			expect(names(await read(visitor.api.catalog.$get()))).toEqual(
				all.map((s) => s.name).reverse(),
			);

			expectError(
				await read(owner.client.api.owner.catalog.order.$put({ json: { ids: reversed.slice(1) } })),
				400,
				"The new order must list every service option once",
			);
			expectError(
				await read(
					owner.client.api.owner.catalog.order.$put({
						json: { ids: [...reversed.slice(1), reversed[1]!] },
					}),
				),
				400,
				"Each service option may appear once",
			);
			expectError(
				await read(
					owner.client.api.owner.catalog.order.$put({
						json: {
							ids: [...reversed.slice(1), crypto.randomUUID()],
						},
					}),
				),
				400,
			);
			expectError(
				await owner.client.put("/api/owner/catalog/order", {}),
				400,
				"The new order is required",
			);
			expect(names(await read(visitor.api.catalog.$get()))).toEqual(
				all.map((s) => s.name).reverse(),
			);
		},
	);

	fixtureTest("deletes an option; quotes that used it keep their lines", async ({ app }) => {
		const customer = await approvedCustomer(app);
		const [line] = customer.quote.services;
		const res = await read(
			customer.owner.client.api.owner.catalog[":id"].$delete({ param: { id: line!.serviceId } }),
		);
		expect(res.status, res.text).toBe(204);
		expect(names(await read(new HttpClient(app.url).api.catalog.$get()))).not.toContain(line!.name);
		const [quote] = await app.db
			.select()
			.from(quoteRequests)
			.where(eq(quoteRequests.id, customer.quote.id));
		expect(quote!.services).toEqual(customer.quote.services);
		const mine = await read(customer.client.api.quotes.latest.$get());
		expect(mine.text).toContain(line!.name);
		expectError(
			await read(
				customer.owner.client.api.owner.catalog[":id"].$delete({ param: { id: line!.serviceId } }),
			),
			404,
			"Service option not found",
		);
	});

	fixtureTest(
		"is the owner's only: 403 for a customer, 401 signed out, and nothing changes",
		async ({ app }) => {
			const { customer } = await ownerAndCustomer(app);
			const visitor = new HttpClient(app.url);
			const [first] = (await read(visitor.api.catalog.$get())).json.services;
			for (const client of [customer.client, visitor]) {
				const status = client === visitor ? 401 : 403;
				expectError(await read(client.api.owner.catalog.$get()), status);
				expectError(await read(client.api.owner.catalog.$post({ json: NEW })), status);
				expectError(
					await read(
						client.api.owner.catalog[":id"].$patch({
							param: { id: first.id },
							json: { isActive: false },
						}),
					),
					status,
				);
				expectError(
					await read(client.api.owner.catalog[":id"].$delete({ param: { id: first.id } })),
					status,
				);
				expectError(
					await read(client.api.owner.catalog.order.$put({ json: { ids: [first.id] } })),
					status,
				);
			}
			expect((await read(visitor.api.catalog.$get())).json.services).toHaveLength(8);
		},
	);
});
