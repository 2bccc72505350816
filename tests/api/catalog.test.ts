import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { serviceOptions } from "../../src/server/db/schema.ts";
import { serviceOptionSchema } from "../../src/shared/catalog.ts";
import { HttpClient } from "../support/http-client.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

let app: TestApp;
beforeEach(async () => {
	app = await startTestApp();
});
afterEach(() => app.close());

describe("GET /api/catalog", () => {
	it("lists the seeded services in display order, without signing in", async () => {
		const res = await new HttpClient(app.url).get("/api/catalog");
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
		const res = await new HttpClient(app.url).get("/api/catalog");
		const names = res.json.services.map((s: { name: string }) => s.name);
		expect(names).not.toContain("Windows");
		expect(names[0]).toBe("Specialty");
		expect(names).toHaveLength(7);
	});

	it("answers an empty list when nothing is active", async () => {
		await app.db.update(serviceOptions).set({ isActive: false });
		const res = await new HttpClient(app.url).get("/api/catalog");
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
