import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect } from "vitest";
import { businessSettings } from "../../src/server/db/schema.ts";
import { DEFAULT_BUSINESS_PROFILE } from "../../src/shared/business-defaults.ts";
import { BUSINESS_SLOTS, PRERENDER_PROFILE } from "../../src/shared/business-slots.ts";
import { localBusinessJsonLd } from "../../src/shared/local-business.ts";
import { ownerAndCustomer, signedInCustomer, signedInOwner } from "../support/accounts.ts";
import { test } from "../support/app-fixture.ts";
import { approvedCustomer } from "../support/builders.ts";
import { expectError } from "../support/expect.ts";
import { HttpClient, read } from "../support/http-client.ts";
import { startTestApp } from "../support/test-app.ts";

const SECRET = "sk_test_51AbCdEfGhIjKlMnOpQrStUvWx9876";
const WEBHOOK = "whsec_AbCdEfGhIjKlMnOp4321";
const PUBLISHABLE = "pk_test_51PublishableKey1234";

const PROFILE = {
	businessName: "Stark Lights",
	phone: "(330) 555-0100",
	email: "team@stark.example",
	serviceAreas: ["Canton, OH", "Massillon, OH"],
	hours: [{ days: "Monday - Saturday", hours: "9:00 AM - 5:00 PM" }],
	address: "Canton, OH",
};

describe("GET /api/business", () => {
	test("answers the seeded profile without signing in", async ({ app }) => {
		const res = await read(new HttpClient(app.url).api.business.$get());
		expect(res.status).toBe(200);
		expect(res.json).toEqual(DEFAULT_BUSINESS_PROFILE);
	});

	test("follows the owner's settings at once, though it was read (and cached) before", async ({
		app,
	}) => {
		const visitor = new HttpClient(app.url);
		expect((await read(visitor.api.business.$get())).json.phone).toBe(
			DEFAULT_BUSINESS_PROFILE.phone,
		);
		const owner = await signedInOwner(app);
		const saved = await read(owner.client.api.owner.settings.$put({ json: { profile: PROFILE } }));
		expect(saved.status, saved.text).toBe(200);
		expect(saved.json.profile).toEqual(PROFILE);
		expect((await read(visitor.api.business.$get())).json).toEqual(PROFILE);
	});

	test("sends no payment keys or pricing settings", async ({ app }) => {
		const owner = await signedInOwner(app);
		await read(owner.client.api.owner.settings.$put({ json: { payments: { secretKey: SECRET } } }));
		const res = await read(new HttpClient(app.url).api.business.$get());
		expect(res.text).not.toContain(SECRET.slice(-12));
		expect(Object.keys(res.json).sort()).toEqual(
			["address", "businessName", "email", "hours", "phone", "serviceAreas"].sort(),
		);
	});
});

describe("owner settings", () => {
	test("reads the profile, pricing and the state of the payment keys", async ({ app }) => {
		const owner = await signedInOwner(app);
		const res = await read(owner.client.api.owner.settings.$get());
		expect(res.status).toBe(200);
		expect(res.json).toEqual({
			profile: DEFAULT_BUSINESS_PROFILE,
			pricing: {
				colorFeeCents: 1999,
				planPriceCents: 2999,
				requirePayment: true,
				depositPercent: 25,
			},
			payments: {
				testMode: true,
				publishableKey: null,
				publishableKeyFromEnvironment: false,
				secretKey: { set: false, hint: null, fromEnvironment: false },
				webhookSecret: { set: false, hint: null, fromEnvironment: false },
			},
		});
	});

	test("saves pricing in dollars as cents, rounded, and the customer's bills follow", async ({
		app,
	}) => {
		const customer = await approvedCustomer(app);
		expect((await read(customer.client.api.bills.$get())).json.planPriceCents).toBe(2999);
		const res = await read(
			customer.owner.client.api.owner.settings.$put({
				json: {
					pricing: { colorFeeDollars: 24.995, planPriceDollars: 34.5, requirePayment: false },
				},
			}),
		);
		expect(res.status, res.text).toBe(200);
		expect(res.json.pricing).toEqual({
			colorFeeCents: 2500,
			planPriceCents: 3450,
			requirePayment: false,
			depositPercent: 25,
		});
		expect((await read(customer.client.api.bills.$get())).json.planPriceCents).toBe(3450);
	});

	test("Deposit to book (%) is saved with pricing, and the booking page and season rules follow", async ({
		app,
	}) => {
		const customer = await approvedCustomer(app);
		const owner = customer.owner;
		const pricing = { colorFeeDollars: 19.99, planPriceDollars: 29.99, requirePayment: true };
		const res = await read(
			owner.client.api.owner.settings.$put({
				json: { pricing: { ...pricing, depositPercent: 40 } },
			}),
		);
		expect(res.status, res.text).toBe(200);
		expect(res.json.pricing.depositPercent).toBe(40);
		expect((await read(owner.client.api.owner.season.settings.$get())).json.depositPercent).toBe(
			40,
		);
		expect((await read(customer.client.api.bookings.$get())).json.depositPercent).toBe(40);
		// Left out, it stays; 0 means no deposit.
		await read(owner.client.api.owner.settings.$put({ json: { pricing } }));
		expect((await read(owner.client.api.owner.settings.$get())).json.pricing.depositPercent).toBe(
			40,
		);
		await read(
			owner.client.api.owner.settings.$put({
				json: { pricing: { ...pricing, depositPercent: 0 } },
			}),
		);
		expect((await read(customer.client.api.bookings.$get())).json.depositPercent).toBe(0);
		for (const [depositPercent, message] of [
			[101, "Deposit to book can be at most 100%"],
			[-1, "Deposit to book cannot be negative"],
			[12.5, "Deposit to book must be a whole percent"],
			["ten", "Deposit to book must be a number"],
		] as const) {
			// Raw: the table holds a word where the route takes a number.
			const refused = await owner.client.put("/api/owner/settings", {
				pricing: { ...pricing, depositPercent },
			});
			expectError(refused, 400, message);
			expect(refused.json.issues[0].path).toBe("pricing.depositPercent");
		}
		expect((await read(owner.client.api.owner.settings.$get())).json.pricing.depositPercent).toBe(
			0,
		);
	});

	test("refuses bad fields with a 400 and a message, and changes nothing", async ({ app }) => {
		const owner = await signedInOwner(app);
		const cases: [unknown, string | RegExp][] = [
			[{ profile: { ...PROFILE, businessName: " " } }, "Business name is required"],
			[{ profile: { ...PROFILE, email: "not-an-email" } }, "Please enter a valid email address"],
			[{ profile: { ...PROFILE, phone: "call us" } }, "Please enter a valid phone number"],
			[{ profile: { ...PROFILE, serviceAreas: [] } }, "Add at least one service area"],
			[{ profile: { ...PROFILE, hours: [] } }, "Add at least one row of business hours"],
			[{ profile: { ...PROFILE, address: undefined } }, "Address is required"],
			[
				{ pricing: { colorFeeDollars: -1, planPriceDollars: 1, requirePayment: true } },
				"Color change fee cannot be negative",
			],
			[
				{ pricing: { colorFeeDollars: 1, planPriceDollars: 100_001, requirePayment: true } },
				"Monthly plan price cannot be more than $100,000",
			],
			[
				{ pricing: { colorFeeDollars: "ten", planPriceDollars: 1, requirePayment: true } },
				"Color change fee must be a number",
			],
			[{ payments: { secretKey: "not-a-key" } }, /starts with sk_test_/],
			[{ payments: { publishableKey: "sk_test_123" } }, /starts with pk_test_/],
			[{ payments: { webhookSecret: "abc" } }, /starts with whsec_/],
		];
		for (const [body, message] of cases)
			expectError(await owner.client.put("/api/owner/settings", body), 400, message);
		const res = await read(owner.client.api.owner.settings.$get());
		expect(res.json.profile).toEqual(DEFAULT_BUSINESS_PROFILE);
		expect(res.json.pricing.colorFeeCents).toBe(1999);
	});

	test("is the owner's only: 403 for a customer, 401 signed out", async ({ app }) => {
		const { customer } = await ownerAndCustomer(app);
		expectError(await read(customer.client.api.owner.settings.$get()), 403);
		expectError(
			await read(customer.client.api.owner.settings.$put({ json: { profile: PROFILE } })),
			403,
		);
		expectError(
			await read(
				customer.client.api.owner.settings["payment-keys"][":name"].$delete({
					param: { name: "secretKey" },
				}),
			),
			403,
		);
		const visitor = new HttpClient(app.url);
		expectError(await read(visitor.api.owner.settings.$get()), 401);
		expectError(await read(visitor.api.owner.settings.$put({ json: { profile: PROFILE } })), 401);
		expect((await read(visitor.api.business.$get())).json).toEqual(DEFAULT_BUSINESS_PROFILE);
	});
});

describe("payment provider keys", () => {
	test("the secret is stored encrypted and never comes back, only its last four characters", async ({
		app,
	}) => {
		const owner = await signedInOwner(app);
		const saved = await read(
			owner.client.api.owner.settings.$put({
				json: {
					payments: { publishableKey: PUBLISHABLE, secretKey: SECRET, webhookSecret: WEBHOOK },
				},
			}),
		);
		expect(saved.status, saved.text).toBe(200);
		expect(saved.json.payments).toEqual({
			testMode: true,
			publishableKey: PUBLISHABLE,
			publishableKeyFromEnvironment: false,
			secretKey: { set: true, hint: "…9876", fromEnvironment: false },
			webhookSecret: { set: true, hint: "…4321", fromEnvironment: false },
		});
		const answers = [
			saved,
			await read(owner.client.api.owner.settings.$get()),
			await read(owner.client.api.business.$get()),
			await read(owner.client.api.catalog.$get()),
			await read(owner.client.api.me.$get()),
		];
		for (const res of answers) {
			expect(res.text).not.toContain(SECRET.slice(3, -4));
			expect(res.text).not.toContain(WEBHOOK.slice(6, -4));
		}
		const [row] = await app.db.select().from(businessSettings);
		expect(row!.stripeSecretKey).toMatch(/^v1:/);
		expect(row!.stripeSecretKey).not.toContain(SECRET.slice(3, -4));
		expect(row!.stripeWebhookSecret).not.toContain(WEBHOOK.slice(6, -4));
		expect(row!.stripePublishableKey).toBe(PUBLISHABLE);
	});

	test("an empty secret keeps the stored one; remove forgets it", async ({ app }) => {
		const owner = await signedInOwner(app);
		await read(owner.client.api.owner.settings.$put({ json: { payments: { secretKey: SECRET } } }));
		const kept = await read(
			owner.client.api.owner.settings.$put({
				json: {
					payments: { secretKey: "", webhookSecret: "", publishableKey: PUBLISHABLE },
				},
			}),
		);
		expect(kept.json.payments.secretKey).toEqual({
			set: true,
			hint: "…9876",
			fromEnvironment: false,
		});
		const removed = await read(
			owner.client.api.owner.settings["payment-keys"][":name"].$delete({
				param: { name: "secretKey" },
			}),
		);
		expect(removed.status, removed.text).toBe(200);
		expect(removed.json.payments.secretKey).toEqual({
			set: false,
			hint: null,
			fromEnvironment: false,
		});
		const [row] = await app.db.select().from(businessSettings);
		expect(row!.stripeSecretKey).toBeNull();
		// Raw: a key name the route does not take.
		expectError(
			await owner.client.request("DELETE", "/api/owner/settings/payment-keys/password"),
			400,
		);
	});

	test("keys in the environment win, show as such and cannot be replaced", async () => {
		const app = await startTestApp({
			env: {
				STRIPE_SECRET_KEY: "sk_live_fromTheEnvironment5555",
				STRIPE_PUBLISHABLE_KEY: "pk_live_env",
			},
		});
		try {
			const owner = await signedInOwner(app);
			const res = await read(owner.client.api.owner.settings.$get());
			expect(res.json.payments).toMatchObject({
				publishableKey: "pk_live_env",
				publishableKeyFromEnvironment: true,
				secretKey: { set: true, hint: "…5555", fromEnvironment: true },
			});
			expect(res.text).not.toContain("fromTheEnvironment");
			expectError(
				await read(
					owner.client.api.owner.settings.$put({ json: { payments: { secretKey: SECRET } } }),
				),
				400,
				/STRIPE_SECRET_KEY/,
			);
			const [row] = await app.db.select().from(businessSettings);
			expect(row!.stripeSecretKey).toBeNull();
		} finally {
			await app.close();
		}
	});

	test("a secret sealed under another key reads as not set rather than failing", async ({
		app,
	}) => {
		const owner = await signedInOwner(app);
		await app.db.update(businessSettings).set({ stripeSecretKey: "v1:AAAA:BBBB:CCCC" });
		const res = await read(owner.client.api.owner.settings.$get());
		expect(res.status).toBe(200);
		expect(res.json.payments.secretKey.set).toBe(false);
	});
});

describe("prerendered pages carry the saved profile", () => {
	test("/ and /contact show the new phone over HTTP, without a rebuild", async () => {
		// A page as the build prerenders it (the browser test reads the real build's pages).
		const slot = BUSINESS_SLOTS;
		const page = `<!DOCTYPE html><html><head><title>Home</title><script type="application/ld+json">${JSON.stringify(localBusinessJsonLd(PRERENDER_PROFILE))}</script></head><body><a href="${slot.tel}">${slot.phone}</a> <a href="mailto:${slot.email}">${slot.email}</a> ${slot.businessName}, ${slot.address}</body></html>`;
		const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "bhl-web-"));
		fs.writeFileSync(path.join(clientDir, "index.html"), page);
		fs.mkdirSync(path.join(clientDir, "contact"));
		fs.writeFileSync(path.join(clientDir, "contact", "index.html"), page);
		const app = await startTestApp({ clientDir });
		try {
			const owner = await signedInOwner(app);
			const visitor = new HttpClient(app.url);
			const before = await visitor.get("/");
			expect(before.text).toContain(DEFAULT_BUSINESS_PROFILE.phone);
			await read(owner.client.api.owner.settings.$put({ json: { profile: PROFILE } }));
			for (const page of ["/", "/contact"]) {
				const res = await visitor.get(page);
				expect(res.status).toBe(200);
				expect(res.text).toContain(PROFILE.phone);
				expect(res.text).toContain('href="tel:+13305550100"');
				expect(res.text).toContain(`mailto:${PROFILE.email}`);
				expect(res.text).not.toContain(DEFAULT_BUSINESS_PROFILE.phone);
				expect(res.text).not.toContain("⟦");
				const hydration = res.text.match(
					/<script type="application\/json" id="business-profile">(.*?)<\/script>/,
				);
				expect(JSON.parse(hydration![1]!)).toMatchObject({ phone: PROFILE.phone });
				const ld = JSON.parse(
					res.text.match(/<script type="application\/ld\+json">(.*?)<\/script>/)![1]!,
				);
				expect(ld).toMatchObject({ name: PROFILE.businessName, telephone: PROFILE.phone });
				expect(ld.areaServed.map((a: { name: string }) => a.name)).toEqual(PROFILE.serviceAreas);
			}
		} finally {
			await app.close();
		}
	});
});

test("a customer never reads the settings through their own routes", async ({ app }) => {
	const customer = await signedInCustomer(app);
	const { api } = customer.client;
	for (const call of [() => api.me.$get(), () => api.bills.$get(), () => api.business.$get()]) {
		const res = await read(call());
		expect(res.text).not.toContain("stripe");
		expect(res.text).not.toContain("secretKey");
	}
});
