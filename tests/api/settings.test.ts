import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { businessSettings } from "../../src/server/db/schema.ts";
import { DEFAULT_BUSINESS_PROFILE } from "../../src/shared/business-defaults.ts";
import { HttpClient } from "../support/http-client.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

let app: TestApp;
beforeEach(async () => {
	app = await startTestApp();
});
afterEach(() => app.close());

describe("GET /api/business", () => {
	it("answers the seeded profile without signing in", async () => {
		const res = await new HttpClient(app.url).get("/api/business");
		expect(res.status).toBe(200);
		expect(res.json).toEqual(DEFAULT_BUSINESS_PROFILE);
	});

	it("follows the owner's settings", async () => {
		await app.db.update(businessSettings).set({
			businessName: "Stark Lights",
			phone: "(330) 555-0100",
			email: "team@stark.example",
			serviceAreas: ["Canton, OH"],
		});
		const res = await new HttpClient(app.url).get("/api/business");
		expect(res.json).toMatchObject({
			businessName: "Stark Lights",
			phone: "(330) 555-0100",
			email: "team@stark.example",
			serviceAreas: ["Canton, OH"],
		});
	});

	it("sends no payment keys or pricing settings", async () => {
		await app.db.update(businessSettings).set({ stripeSecretKey: "sk_test_secret" });
		const res = await new HttpClient(app.url).get("/api/business");
		expect(res.text).not.toContain("sk_test_secret");
		expect(Object.keys(res.json).sort()).toEqual(
			["address", "businessName", "email", "hours", "phone", "serviceAreas"].sort(),
		);
	});
});
