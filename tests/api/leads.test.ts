import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { businessSettings, emailOutbox, leads } from "../../src/server/db/schema.ts";
import { RATE_LIMIT_MESSAGE } from "../../src/server/lib/rate-limit.ts";
import { CONTACT_MESSAGES } from "../../src/shared/leads.ts";
import { HttpClient, read } from "../support/http-client.ts";
import { readOutbox, waitForMail } from "../support/outbox.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

let app: TestApp;
afterEach(() => app.close());

const ROOMY = { contact: { windowMs: 60_000, max: 1_000 } };
const BUSINESS_EMAIL = "hello@buckeyeholidaylights.com";
const valid = {
	fullName: "Pat Visitor",
	email: "pat@example.test",
	phone: "330-555-0199",
	city: "North Canton",
	message: "Can you light our two maples this year?",
};

async function counts(app: TestApp) {
	return {
		leads: (await app.db.select().from(leads)).length,
		mail: (await app.db.select().from(emailOutbox)).length,
	};
}

describe("POST /api/public/contact", () => {
	beforeEach(async () => {
		app = await startTestApp({ rateLimits: ROOMY });
	});

	it("stores the lead and e-mails the business", async () => {
		const res = await read(new HttpClient(app.url).api.public.contact.$post({ json: valid }));
		expect(res.status).toBe(201);
		expect(res.json).toEqual({ ok: true });
		const rows = await app.db.select().from(leads);
		expect(rows).toHaveLength(1);
		expect(rows[0]).toMatchObject(valid);
		const mail = await waitForMail(app.dataDir, BUSINESS_EMAIL);
		expect(mail.subject).toBe("New message from Pat Visitor");
		expect(mail.text).toContain("pat@example.test");
		expect(mail.text).toContain("330-555-0199");
		expect(mail.text).toContain("North Canton");
		expect(mail.text).toContain("Can you light our two maples this year?");
	});

	it("stores empty, blank, null or missing optional fields as null and trims the rest", async () => {
		const client = new HttpClient(app.url);
		for (const body of [
			{ fullName: "  Al Bee  ", email: " al@example.test " },
			{ fullName: "Al Bee", email: "al@example.test", phone: "", city: "   ", message: "" },
			{ fullName: "Al Bee", email: "al@example.test", phone: null, city: null, message: null },
		]) {
			expect((await read(client.api.public.contact.$post({ json: body }))).status).toBe(201);
		}
		const rows = await app.db.select().from(leads);
		expect(rows).toHaveLength(3);
		for (const row of rows) {
			expect(row).toMatchObject({
				fullName: "Al Bee",
				email: "al@example.test",
				phone: null,
				city: null,
				message: null,
			});
		}
	});

	it("sends the notice to the business address from the settings", async () => {
		await app.db.update(businessSettings).set({ email: "owner@stark.example" });
		await read(new HttpClient(app.url).api.public.contact.$post({ json: valid }));
		const mail = await waitForMail(app.dataDir, "owner@stark.example");
		expect(mail.subject).toContain("Pat Visitor");
	});

	it("quietly drops a filled honeypot: 201, nothing stored or sent", async () => {
		const res = await read(
			new HttpClient(app.url).api.public.contact.$post({
				json: {
					...valid,
					website: "http://spam.example",
				},
			}),
		);
		expect(res.status).toBe(201);
		expect(res.json).toEqual({ ok: true });
		expect(await counts(app)).toEqual({ leads: 0, mail: 0 });
		const blank = await read(
			new HttpClient(app.url).api.public.contact.$post({
				json: {
					...valid,
					website: "",
				},
			}),
		);
		expect(blank.status).toBe(201);
		expect((await counts(app)).leads).toBe(1);
	});

	it("refuses bad input with SPEC's messages and writes nothing", async () => {
		const client = new HttpClient(app.url);
		const cases: [unknown, string | RegExp][] = [
			[{ email: valid.email }, CONTACT_MESSAGES.fullName],
			[{ ...valid, fullName: "A" }, CONTACT_MESSAGES.fullName],
			[{ ...valid, fullName: "  A  " }, CONTACT_MESSAGES.fullName],
			[{ ...valid, fullName: 12 }, CONTACT_MESSAGES.fullName],
			[{ ...valid, fullName: "x".repeat(10_000) }, "Full name can be at most 100 characters"],
			[{ fullName: valid.fullName }, CONTACT_MESSAGES.email],
			[{ ...valid, email: "not-an-email" }, CONTACT_MESSAGES.email],
			[{ ...valid, email: ["pat@example.test"] }, CONTACT_MESSAGES.email],
			[{ ...valid, email: `${"x".repeat(300)}@example.test` }, CONTACT_MESSAGES.email],
			[{ ...valid, phone: 3305550199 }, /expected string/i],
			[{ ...valid, city: { name: "Canton" } }, /expected string/i],
			[{ ...valid, message: "x".repeat(5_001) }, "Message can be at most 5,000 characters"],
			[{ ...valid, website: "x".repeat(501) }, /500/],
			[{ ...valid, isAdmin: true }, /Unrecognized key/i],
			[[valid], /expected object/i],
			["null", /expected object/i],
		];
		for (const [body, message] of cases) {
			const res = await client.post("/api/public/contact", body);
			expect(res.status, JSON.stringify(body).slice(0, 200)).toBe(400);
			expect(res.json.error).toMatch(message);
		}
		expect((await client.request("POST", "/api/public/contact", "{oops")).status).toBe(400);
		const tooBig = await read(
			client.api.public.contact.$post({
				json: {
					...valid,
					message: "x".repeat(1_100_000),
				},
			}),
		);
		expect(tooBig.status).toBe(413);
		expect(await counts(app)).toEqual({ leads: 0, mail: 0 });
		expect(await readOutbox(app.dataDir)).toEqual([]);
	});
});

describe("POST /api/public/contact rate limit", () => {
	beforeEach(async () => {
		app = await startTestApp();
	});

	it("limits each address to 5 messages in 10 minutes", async () => {
		const client = new HttpClient(app.url);
		for (let i = 0; i < 5; i++)
			expect((await read(client.api.public.contact.$post({ json: valid }))).status).toBe(201);
		const limited = await read(client.api.public.contact.$post({ json: valid }));
		expect(limited.status).toBe(429);
		expect(limited.json.error).toBe(RATE_LIMIT_MESSAGE);
		const retryAfter = Number(limited.headers.get("retry-after"));
		expect(retryAfter).toBeGreaterThan(500);
		expect(retryAfter).toBeLessThanOrEqual(600);
		expect((await counts(app)).leads).toBe(5);
	});
});
