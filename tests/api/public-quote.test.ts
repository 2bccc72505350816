import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
	emailOutbox,
	files,
	marketingQuoteRequests,
	serviceOptions,
} from "../../src/server/db/schema.ts";
import { RATE_LIMIT_MESSAGE } from "../../src/server/lib/rate-limit.ts";
import { estimateSchema, QUOTE_FORM_MESSAGES } from "../../src/shared/estimate.ts";
import { png as pngOf } from "../support/images.ts";
import { waitForMail } from "../support/outbox.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

let app: TestApp;
afterEach(() => app.close());

const ROOMY = { quote: { windowMs: 60_000, max: 1_000 } };
const BUSINESS_EMAIL = "hello@buckeyeholidaylights.com";
const MB = 1024 * 1024;

type Photo = { name: string; bytes: Uint8Array; type?: string };

const png = (color = "#f00", width = 20, height = 20) => pngOf(color, width, height);

/** A JPEG carrying a GPS position and a camera model in its EXIF, turned sideways (orientation 6). */
const jpegWithGps = () =>
	sharp({ create: { width: 40, height: 20, channels: 3, background: "#0a0" } })
		.jpeg()
		.withExifMerge({
			IFD0: { Model: "Secret Camera" },
			IFD3: { GPSLatitudeRef: "N", GPSLatitude: "40/1 47/1 0/1" },
		})
		.withMetadata({ orientation: 6 })
		.toBuffer();

async function submit(app: TestApp, data: unknown, photos: Photo[] = []) {
	const form = new FormData();
	if (data !== undefined)
		form.append("data", typeof data === "string" ? data : JSON.stringify(data));
	for (const p of photos)
		form.append("photos", new Blob([p.bytes as BlobPart], { type: p.type ?? "image/png" }), p.name);
	const response = await fetch(`${app.url}/api/public/quote-requests`, {
		method: "POST",
		body: form,
	});
	const text = await response.text();
	let json: { error?: string; ok?: boolean } = {};
	try {
		json = JSON.parse(text);
	} catch {
		// not JSON: the checks on `json` fail with a readable message
	}
	return { status: response.status, json, headers: response.headers };
}

async function services(app: TestApp) {
	const rows = await app.db.select().from(serviceOptions);
	return (name: string) => rows.find((r) => r.name === name)!;
}

async function form(app: TestApp, extra: Record<string, unknown> = {}) {
	const service = await services(app);
	return {
		name: "Wendy Web",
		email: "wendy@example.test",
		phone: "330-555-0123",
		address: "1 Main St",
		city: "Akron",
		state: "OH",
		zipCode: "44308",
		services: [
			{ serviceId: service("House Outline").id, quantity: 1 },
			{ serviceId: service("Medium Trees").id, quantity: 2 },
		],
		notes: "Two maples out front",
		...extra,
	};
}

function filesOnDisk(app: TestApp): string[] {
	const root = path.join(app.dataDir, "uploads");
	if (!fs.existsSync(root)) return [];
	return fs
		.readdirSync(root, { recursive: true, withFileTypes: true })
		.flatMap((entry) =>
			entry.isFile() ? [path.relative(root, path.join(entry.parentPath, entry.name))] : [],
		);
}

async function nothingWritten(app: TestApp) {
	expect(await app.db.select().from(marketingQuoteRequests)).toEqual([]);
	expect(await app.db.select().from(files)).toEqual([]);
	expect(await app.db.select().from(emailOutbox)).toEqual([]);
	expect(filesOnDisk(app)).toEqual([]);
}

describe("POST /api/public/quote-requests", () => {
	beforeEach(async () => {
		app = await startTestApp({ rateLimits: ROOMY });
	});

	it("stores the request with its instant quote and photos, and e-mails the business", {
		timeout: 60_000,
	}, async () => {
		const sideways = await jpegWithGps();
		expect(await sharp(sideways).metadata()).toMatchObject({ orientation: 6, width: 40 });
		expect(sideways.includes(Buffer.from("Secret Camera"))).toBe(true);
		const res = await submit(app, await form(app, { withInstantQuote: true }), [
			{ name: "front.png", bytes: await png() },
			{ name: "side.jpg", bytes: sideways, type: "image/jpeg" },
		]);
		expect(res.status).toBe(201);
		expect(res.json).toEqual({ ok: true });

		const [request] = await app.db.select().from(marketingQuoteRequests);
		const service = await services(app);
		expect(request).toMatchObject({
			status: "pending",
			name: "Wendy Web",
			email: "wendy@example.test",
			phone: "330-555-0123",
			address: "1 Main St",
			city: "Akron",
			state: "OH",
			zipCode: "44308",
			notes: "Two maples out front",
			// $650 of services, Medium (+8%), Akron (+10%): 772.20 → $770.
			totalEstimateCents: 77_000,
		});
		expect(request!.services).toEqual([
			{
				serviceId: service("House Outline").id,
				name: "House Outline",
				description: service("House Outline").description,
				unitPriceCents: 40_000,
				quantity: 1,
			},
			{
				serviceId: service("Medium Trees").id,
				name: "Medium Trees",
				description: service("Medium Trees").description,
				unitPriceCents: 12_500,
				quantity: 2,
			},
		]);
		const aiQuote = estimateSchema.parse(request!.aiQuote);
		expect(aiQuote).toMatchObject({
			subtotalCents: 65_000,
			recommendedPriceCents: 77_000,
			complexity: "Medium",
			locationFactors: { city: "Akron", known: true },
		});

		const photos = await app.db.select().from(files);
		expect(photos).toHaveLength(2);
		for (const photo of photos) {
			expect(photo).toMatchObject({
				kind: "quote_photo",
				marketingQuoteRequestId: request!.id,
				userId: null,
				contentType: "image/jpeg",
			});
			expect(photo.storageKey).toBe(`quote-photos/website/${request!.id}/${photo.id}.jpg`);
			const bytes = fs.readFileSync(path.join(app.dataDir, "uploads", photo.storageKey));
			expect(bytes.byteLength).toBe(photo.sizeBytes);
			const meta = await sharp(bytes).metadata();
			expect(meta.format).toBe("jpeg");
			expect(meta.exif).toBeUndefined();
		}
		expect(photos.map((p) => p.fileName).sort()).toEqual(["front.jpg", "side.jpg"]);
		// The sideways photo was turned upright and lost its EXIF (GPS, camera) on the way.
		const side = photos.find((p) => p.fileName === "side.jpg")!;
		const sideBytes = fs.readFileSync(path.join(app.dataDir, "uploads", side.storageKey));
		expect(sideBytes.includes(Buffer.from("Secret Camera"))).toBe(false);
		expect(await sharp(sideBytes).metadata()).toMatchObject({ width: 20, height: 40 });
		expect(filesOnDisk(app)).toHaveLength(2);

		const mail = await waitForMail(app.dataDir, BUSINESS_EMAIL);
		expect(mail.subject).toBe("New quote request from Wendy Web: $770.00");
		expect(mail.text).toContain("1 × House Outline at $400.00");
		expect(mail.text).toContain("2 × Medium Trees at $125.00");
		expect(mail.text).toContain("2 photos are attached");
		expect(mail.text).toContain("/owner/quotes");
	});

	it("without the instant quote stores the catalogue subtotal and no AI quote", async () => {
		const res = await submit(app, await form(app, { city: undefined, phone: "", notes: null }));
		expect(res.status).toBe(201);
		const [request] = await app.db.select().from(marketingQuoteRequests);
		expect(request).toMatchObject({
			totalEstimateCents: 65_000,
			aiQuote: null,
			city: null,
			phone: null,
			notes: null,
		});
		expect(await app.db.select().from(files)).toEqual([]);
		const mail = await waitForMail(app.dataDir, BUSINESS_EMAIL);
		expect(mail.text).toContain("no instant quote requested");
		expect(mail.text).toContain("No city was given");
	});

	it("keeps transparency: a PNG with alpha is stored as WebP", async () => {
		const clear = await sharp({
			create: { width: 10, height: 10, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
		})
			.png()
			.toBuffer();
		expect((await submit(app, await form(app), [{ name: "logo.png", bytes: clear }])).status).toBe(
			201,
		);
		const [photo] = await app.db.select().from(files);
		expect(photo).toMatchObject({ contentType: "image/webp", fileName: "logo.webp" });
		expect(photo!.storageKey.endsWith(".webp")).toBe(true);
	});

	it("accepts six photos and refuses seven, storing nothing", async () => {
		const bytes = await png();
		const photos = (n: number) =>
			Array.from({ length: n }, (_, i) => ({ name: `p${i + 1}.png`, bytes }));
		const seven = await submit(app, await form(app), photos(7));
		expect(seven.status).toBe(400);
		expect(seven.json.error).toBe("You can upload at most 6 photos");
		await nothingWritten(app);
		expect((await submit(app, await form(app), photos(6))).status).toBe(201);
		expect(await app.db.select().from(files)).toHaveLength(6);
		expect(filesOnDisk(app)).toHaveLength(6);
	});

	it("checks the bytes, not the name: a text file called .png is refused", async () => {
		const res = await submit(app, await form(app), [
			{ name: "front.png", bytes: await png() },
			{ name: "notes.png", bytes: new TextEncoder().encode("just some text, not a picture") },
		]);
		expect(res.status).toBe(400);
		expect(res.json.error).toBe(
			'"notes.png" is not a supported image. Please upload JPEG, PNG, WebP, GIF or HEIC photos.',
		);
		await nothingWritten(app);
		const pdf = await submit(app, await form(app), [
			{
				name: "plan.jpg",
				bytes: new TextEncoder().encode("%PDF-1.7\n%âãÏÓ\n1 0 obj"),
				type: "image/jpeg",
			},
		]);
		expect(pdf.status).toBe(400);
		await nothingWritten(app);
	});

	it("refuses a damaged image with a clear message", async () => {
		const whole = await png("#00f", 200, 200);
		const broken = whole.subarray(0, 60);
		const res = await submit(app, await form(app), [{ name: "cut.png", bytes: broken }]);
		expect(res.status).toBe(400);
		expect(res.json.error).toMatch(/We couldn't read the photo "cut.png"/);
		await nothingWritten(app);
	});

	it("refuses a photo over 10 MB with 413, storing nothing", async () => {
		const big = new Uint8Array(11 * MB);
		big.set(await png()); // a real PNG header, padded past the limit
		const res = await submit(app, await form(app), [
			{ name: "small.png", bytes: await png() },
			{ name: "huge.png", bytes: big },
		]);
		expect(res.status).toBe(413);
		expect(res.json.error).toBe(
			'"huge.png" is larger than 10 MB. Please choose a smaller photo (at most 10 MB each).',
		);
		await nothingWritten(app);
	});

	it("answers a body over the upload limit with 413 and a clear message", async () => {
		const chunk = new Uint8Array(9.9 * MB);
		const res = await submit(
			app,
			await form(app),
			Array.from({ length: 7 }, (_, i) => ({ name: `p${i}.png`, bytes: chunk })),
		);
		expect(res.status).toBe(413);
		expect(res.json.error).toBe(
			"The upload is too large. Send at most 6 photos of up to 10 MB each.",
		);
		await nothingWritten(app);
	});

	it("refuses bad form data with a clear 400 and writes nothing", async () => {
		const service = await services(app);
		const base = await form(app);
		const cases: [unknown, string | RegExp][] = [
			[undefined, "Missing the form data"],
			["{not json", "The form data is not valid JSON"],
			["[]", /expected object/i],
			[{ ...base, name: undefined }, QUOTE_FORM_MESSAGES.requiredAndService],
			[{ ...base, name: "   " }, QUOTE_FORM_MESSAGES.requiredAndService],
			[{ ...base, email: undefined }, QUOTE_FORM_MESSAGES.requiredAndService],
			[{ ...base, email: "nope" }, "Please enter a valid email address"],
			[{ ...base, address: "" }, QUOTE_FORM_MESSAGES.requiredAndService],
			[{ ...base, services: [] }, QUOTE_FORM_MESSAGES.requiredAndService],
			[{ ...base, services: undefined }, /expected array/i],
			[{ ...base, name: 42 }, QUOTE_FORM_MESSAGES.requiredAndService],
			[{ ...base, name: "x".repeat(10_000) }, "Name can be at most 100 characters"],
			[{ ...base, notes: "x".repeat(5_001) }, "Notes can be at most 5,000 characters"],
			[{ ...base, withInstantQuote: "yes" }, /expected boolean/i],
			[{ ...base, total_estimate: 1 }, /Unrecognized key/i],
			[{ ...base, services: [{ serviceId: crypto.randomUUID(), quantity: 1 }] }, "Unknown service"],
			[
				{ ...base, services: [{ serviceId: service("House Outline").id, quantity: 3 }] },
				"House Outline is priced per property, so its quantity must be 1",
			],
			[
				{
					...base,
					services: [{ serviceId: service("Windows").id, quantity: 1, unitPriceCents: 1 }],
				},
				/Unrecognized key/i,
			],
		];
		for (const [data, message] of cases) {
			const res = await submit(app, data);
			expect(res.status, String(JSON.stringify(data)).slice(0, 200)).toBe(400);
			expect(res.json.error).toMatch(message);
		}
		// A photo field that is text rather than a file.
		const textPhoto = new FormData();
		textPhoto.append("data", JSON.stringify(base));
		textPhoto.append("photos", "not a file");
		const res = await fetch(`${app.url}/api/public/quote-requests`, {
			method: "POST",
			body: textPhoto,
		});
		expect(res.status).toBe(400);
		expect((await res.json()).error).toBe("Photos must be image files");
		// JSON instead of multipart.
		const json = await fetch(`${app.url}/api/public/quote-requests`, {
			method: "POST",
			headers: { "content-type": "application/json" },
			body: JSON.stringify(base),
		});
		expect(json.status).toBe(415);
		await nothingWritten(app);
	});

	it("removes the photos it wrote when the database write fails", async () => {
		// Make the last write of the transaction (the e-mail notice) fail.
		await app.db.execute(
			sql`alter table email_outbox add constraint test_refuse_mail check (false) not valid`,
		);
		const res = await submit(app, await form(app), [
			{ name: "a.png", bytes: await png() },
			{ name: "b.png", bytes: await png("#0f0") },
		]);
		expect(res.status).toBe(500);
		await nothingWritten(app);
	});

	it("quietly drops a filled honeypot: 201, nothing stored, saved or sent", async () => {
		const res = await submit(app, await form(app, { website: "http://spam.example" }), [
			{ name: "front.png", bytes: await png() },
		]);
		expect(res.status).toBe(201);
		expect(res.json).toEqual({ ok: true });
		await nothingWritten(app);
	});
});

describe("POST /api/public/quote-requests rate limit", () => {
	beforeEach(async () => {
		app = await startTestApp();
	});

	it("limits each address to 5 quote requests in 10 minutes", async () => {
		const data = await form(app);
		for (let i = 0; i < 5; i++) expect((await submit(app, data)).status).toBe(201);
		const limited = await submit(app, data);
		expect(limited.status).toBe(429);
		expect(limited.json.error).toBe(RATE_LIMIT_MESSAGE);
		expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
		expect(await app.db.select().from(marketingQuoteRequests)).toHaveLength(5);
	});

	it("counts only the requests it took: refused ones and repeats of one key do not count", async () => {
		const data = await form(app);
		for (let i = 0; i < 5; i++) expect((await submit(app, { ...data, name: "" })).status).toBe(400);
		const key = crypto.randomUUID();
		for (let i = 0; i < 3; i++) {
			const form = new FormData();
			form.append("data", JSON.stringify(data));
			const repeat = await fetch(`${app.url}/api/public/quote-requests`, {
				method: "POST",
				body: form,
				headers: { "idempotency-key": key },
			});
			expect(repeat.status).toBe(201);
		}
		for (let i = 0; i < 4; i++) expect((await submit(app, data)).status).toBe(201);
		expect((await submit(app, data)).status).toBe(429);
		expect(await app.db.select().from(marketingQuoteRequests)).toHaveLength(5);
	});
});
