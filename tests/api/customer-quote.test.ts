import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { files, quoteRequests } from "../../src/server/db/schema.ts";
import { QUOTE_FORM_MESSAGES } from "../../src/shared/estimate.ts";
import { QUOTE_IN_PROGRESS_MESSAGE } from "../../src/shared/quote-request.ts";
import type { QuoteView } from "../../src/shared/quotes.ts";
import { ownerAndCustomer, signedInCustomer } from "../support/accounts.ts";
import { appQuote, sampleLines } from "../support/builders.ts";
import { type FormFile, formFile, HttpClient, read } from "../support/http-client.ts";
import { png } from "../support/images.ts";
import { queuedBesidesConfirmations, waitForMail } from "../support/outbox.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

let app: TestApp;
beforeEach(async () => {
	app = await startTestApp();
});
afterEach(() => app.close());

const BUSINESS_EMAIL = "hello@buckeyeholidaylights.com";

async function request(app: TestApp, extra: Record<string, unknown> = {}) {
	const lines = await sampleLines(app);
	return {
		address: "100 Market Ave N",
		city: "Canton",
		state: "OH",
		zipCode: "44702",
		services: lines.map((l) => ({ serviceId: l.serviceId, quantity: l.quantity })),
		notes: "Please include the porch",
		...extra,
	};
}

/** Posts a quote request; photos are PNGs unless they say otherwise. */
const submit = (client: HttpClient, data: unknown, photos: FormFile[] = []) =>
	read(
		client.api["quote-requests"].$post({
			form: {
				data: typeof data === "string" ? data : JSON.stringify(data),
				photos: photos.map((p) => formFile({ type: "image/png", ...p })),
			},
		}),
	);

describe("POST /api/quote-requests (customer)", () => {
	it("stores a pending request with its instant quote and photos under the customer, and e-mails the business", async () => {
		const customer = await signedInCustomer(app);
		const res = await submit(customer.client, await request(app), [
			{ name: "front.png", bytes: await png() },
		]);
		expect(res.status, res.text).toBe(201);

		const [quote] = await app.db.select().from(quoteRequests);
		expect(quote).toMatchObject({
			id: res.json.id,
			userId: customer.userId,
			status: "pending",
			address: "100 Market Ave N",
			city: "Canton",
			zipCode: "44702",
			notes: "Please include the porch",
		});
		expect(quote!.services.map((l) => [l.name, l.quantity])).toEqual([
			["House Outline", 1],
			["Medium Trees", 2],
		]);
		const aiQuote = quote!.aiQuote as { recommendedPriceCents: number; complexity: string };
		expect(quote!.totalEstimateCents).toBe(aiQuote.recommendedPriceCents);
		expect(aiQuote.complexity).toBeTruthy();

		const [photo] = await app.db.select().from(files);
		expect(photo).toMatchObject({
			kind: "quote_photo",
			userId: customer.userId,
			uploadedBy: customer.userId,
			quoteRequestId: quote!.id,
		});
		expect(photo!.storageKey).toBe(
			`quote-photos/app/${customer.userId}/${quote!.id}/${photo!.id}.jpg`,
		);
		expect(fs.existsSync(path.join(app.dataDir, "uploads", photo!.storageKey))).toBe(true);

		const mail = await waitForMail(app.dataDir, BUSINESS_EMAIL);
		expect(mail.subject).toContain("New quote request from Casey Customer");
		expect(mail.text).toContain("asked for a quote in the customer app");
		expect(mail.text).toContain("casey@example.test");
		expect(mail.text).toContain("1 photo is attached");

		// The customer's home shows it as their latest quote, with the photo.
		const latest = await read(customer.client.api.quotes.latest.$get());
		expect(latest.json.quote).toMatchObject({ id: quote!.id, status: "pending" });
		expect(latest.json.quote.photoIds).toEqual([photo!.id]);
	});

	it("keeps what it was priced with: its complexity, travel and rounding lines, for the customer and the owner", async () => {
		const { owner, customer } = await ownerAndCustomer(app);
		// $650.00 of services (Medium: +8%) in Akron (+10%): $772.20, rounded to $770.00.
		const res = await submit(customer.client, await request(app, { city: "Akron" }));
		expect(res.status, res.text).toBe(201);
		const lines = [
			{ label: "Medium complexity (+8%)", amountCents: 5200 },
			{ label: "Travel to Akron (+10%)", amountCents: 7020 },
			{ label: "Rounded to the nearest $5", amountCents: -220 },
		];
		// The cached answer's type is the JSON's; the route's schema is the quote view.
		const mine: QuoteView = (await read(customer.client.api.quotes.latest.$get())).json.quote;
		expect(mine).toMatchObject({ totalEstimateCents: 77000, adjustments: lines });
		const services = mine.services.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
		expect(services + lines.reduce((sum, l) => sum + l.amountCents, 0)).toBe(77000);
		const listed: QuoteView[] = (await read(owner.client.api.owner.quotes.$get({ query: {} }))).json
			.quotes;
		expect(listed.find((q) => q.id === res.json.id)).toMatchObject({ adjustments: lines });

		// A revised price is the owner's, not the engine's: one line makes up the difference.
		const revised = await read(
			owner.client.api.owner.quotes[":source"][":id"].revise.$post({
				param: { source: "app", id: res.json.id },
				json: { revisedPriceCents: 80000, notes: "Porch railing too" },
			}),
		);
		expect(revised.status, revised.text).toBe(200);
		expect((await read(customer.client.api.quotes.latest.$get())).json.quote!.adjustments).toEqual([
			{ label: "Price adjustment", amountCents: 80000 - services },
		]);
	});

	it("refuses bad input with a clear message and stores nothing", async () => {
		const customer = await signedInCustomer(app);
		const lines = await sampleLines(app);
		const cases: [unknown, string | RegExp][] = [
			[await request(app, { address: "  " }), QUOTE_FORM_MESSAGES.addressAndService],
			[await request(app, { services: [] }), QUOTE_FORM_MESSAGES.addressAndService],
			[
				await request(app, { services: [{ serviceId: lines[0]!.serviceId, quantity: 0 }] }),
				"Quantity must be at least 1",
			],
			[
				await request(app, { address: "x".repeat(10_000) }),
				"Address can be at most 300 characters",
			],
			[await request(app, { name: "Sneaky" }), /unrecognized|unknown/i],
			["{not json", "The form data is not valid JSON"],
		];
		for (const [data, message] of cases) {
			const res = await submit(customer.client, data);
			expect(res.status, JSON.stringify(data).slice(0, 80)).toBe(400);
			expect(res.json.error).toMatch(message);
		}
		const seven = await Promise.all(
			Array.from({ length: 7 }, async (_, i) => ({ name: `p${i}.png`, bytes: await png() })),
		);
		const tooMany = await submit(customer.client, await request(app), seven);
		expect(tooMany.status).toBe(400);
		expect(tooMany.json.error).toBe("You can upload at most 6 photos");
		const text = await submit(customer.client, await request(app), [
			{ name: "notes.png", bytes: new TextEncoder().encode("just text"), type: "image/png" },
		]);
		expect(text.status).toBe(400);

		expect(await app.db.select().from(quoteRequests)).toEqual([]);
		expect(await app.db.select().from(files)).toEqual([]);
		expect(await queuedBesidesConfirmations(app)).toEqual([]);
	});

	it("takes one request at a time: refused while a quote is pending, revised or approved", async () => {
		const customer = await signedInCustomer(app);
		for (const status of ["pending", "revised", "approved"] as const) {
			const existing = await appQuote(app, { userId: customer.userId, status });
			const res = await submit(customer.client, await request(app));
			expect(res.status, status).toBe(409);
			expect(res.json.error).toBe(QUOTE_IN_PROGRESS_MESSAGE);
			await app.db.delete(quoteRequests).where(eq(quoteRequests.id, existing.id));
		}
		await appQuote(app, { userId: customer.userId, status: "rejected" });
		expect((await submit(customer.client, await request(app))).status).toBe(201);

		// Two at the same moment: one is taken.
		const other = await signedInCustomer(app, { email: "dana@example.test", displayName: "Dana" });
		const both = await Promise.all([
			submit(other.client, await request(app)),
			submit(other.client, await request(app)),
		]);
		expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
	});

	it("needs a session", async () => {
		const anonymous = new HttpClient(app.url);
		const res = await submit(anonymous, await request(app));
		expect(res.status).toBe(401);
		expect(await app.db.select().from(quoteRequests)).toEqual([]);
	});
});

describe("checks before reading an upload", () => {
	it("refuses a customer with an open quote before reading a single byte of the photos", async () => {
		const { client, userId } = await signedInCustomer(app, { email: "casey@example.com" });
		await appQuote(app, { userId });
		// A body that starts and never ends: only a check made before reading it can answer.
		const { port } = new URL(app.url);
		const socket = net.connect(Number(port), "127.0.0.1");
		const answer = new Promise<string>((resolve, reject) => {
			let text = "";
			socket.on("data", (chunk) => {
				text += String(chunk);
				if (text.includes("\r\n\r\n{")) resolve(text);
			});
			socket.once("error", reject);
			setTimeout(() => reject(new Error(`no answer: ${text}`)), 10_000).unref();
		});
		socket.write(
			[
				"POST /api/quote-requests HTTP/1.1",
				"Host: 127.0.0.1",
				`Cookie: ${client.cookieHeader()}`,
				"Content-Type: multipart/form-data; boundary=x",
				"Content-Length: 60000000",
				"",
				'--x\r\nContent-Disposition: form-data; name="photos"; filename="a.jpg"\r\n\r\n',
			].join("\r\n"),
		);
		const text = await answer;
		socket.destroy();
		expect(text).toMatch(/^HTTP\/1.1 409/);
		expect(text).toContain(QUOTE_IN_PROGRESS_MESSAGE);
	});
});

describe("GET /api/files/{id}", () => {
	it("serves a photo to the owner and its own customer, and to no one else", async () => {
		const { owner, customer } = await ownerAndCustomer(app);
		const other = await signedInCustomer(app, { email: "dana@example.test", displayName: "Dana" });
		const bytes = await png();
		const created = await submit(customer.client, await request(app), [
			{ name: "front.png", bytes },
		]);
		expect(created.status).toBe(201);
		const [photo] = await app.db.select().from(files);
		const url = `/api/files/${photo!.id}`;

		const forOwner = await fetch(`${app.url}${url}`, {
			headers: { cookie: owner.client.cookieHeader() },
		});
		expect(forOwner.status).toBe(200);
		expect(forOwner.headers.get("content-type")).toBe("image/jpeg");
		expect(forOwner.headers.get("cache-control")).toContain("private");
		const served = Buffer.from(await forOwner.arrayBuffer());
		expect((await sharp(served).metadata()).width).toBe(20);

		expect(
			(await read(customer.client.api.files[":id"].$get({ param: { id: photo!.id } }))).status,
		).toBe(200);
		expect(
			(await read(other.client.api.files[":id"].$get({ param: { id: photo!.id } }))).status,
		).toBe(404);
		expect(
			(await read(other.client.api.files[":id"].$get({ param: { id: crypto.randomUUID() } })))
				.status,
		).toBe(404);
		expect(
			(await read(other.client.api.files[":id"].$get({ param: { id: "not-an-id" } }))).status,
		).toBe(400);
		expect((await fetch(`${app.url}${url}`)).status).toBe(401);

		// The owner's quote list links the photo.
		const list = await read(owner.client.api.owner.quotes.$get({ query: {} }));
		expect(list.json.quotes[0].photoIds).toEqual([photo!.id]);
	});
});

describe("GET /api/bills", () => {
	it("includes the monthly plan price from the pricing settings", async () => {
		const customer = await signedInCustomer(app);
		const res = await read(customer.client.api.bills.$get());
		expect(res.status).toBe(200);
		expect(res.json).toEqual({ bills: [], planPriceCents: 2999 });
	});
});
