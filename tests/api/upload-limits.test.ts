import { randomUUID } from "node:crypto";
import net from "node:net";
import { count, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect } from "vitest";
import { files, serviceOptions } from "../../src/server/db/schema.ts";
import { UPLOAD_QUOTA_MESSAGES } from "../../src/server/features/files/upload-quota.service.ts";
import { TOO_MANY_PARTS } from "../../src/server/lib/multipart.ts";
import type { FileKind } from "../../src/shared/files.ts";
import { ownerAndCustomer, signedInCustomer } from "../support/accounts.ts";
import { test } from "../support/app-fixture.ts";
import { appQuote, approvedCustomer } from "../support/builders.ts";
import { expectError } from "../support/expect.ts";
import {
	type FormFile,
	formFile,
	type HttpClient,
	multipart,
	read,
} from "../support/http-client.ts";
import { png } from "../support/images.ts";
import type { TestApp } from "../support/test-app.ts";

const MB = 1024 * 1024;

/** A PDF of `bytes` bytes: stored as it is, so its size is what the quota counts. */
const pdf = (bytes: number) => {
	const data = Buffer.alloc(bytes, 32);
	data.write("%PDF-1.4\n");
	return data;
};

/** A chat attachment's form: no text, and the file. */
const attachment = (bytes: Uint8Array, name = "plan.pdf") => ({
	data: "{}",
	file: formFile({ bytes, name }),
});

const sendFile = (client: HttpClient, bytes: Uint8Array) =>
	read(client.api.chat.attachments.$post({ form: attachment(bytes) }));

/** Files the account uploaded earlier, written straight to the table (only their sizes count). */
async function uploaded(
	app: TestApp,
	options: { by: string; megabytes: number; daysAgo?: number; kind?: FileKind },
) {
	const id = randomUUID();
	await app.db.insert(files).values({
		id,
		kind: options.kind ?? "quote_photo",
		userId: options.by,
		uploadedBy: options.by,
		storageKey: `earlier/${id}.jpg`,
		fileName: "earlier.jpg",
		contentType: "image/jpeg",
		sizeBytes: Math.round(options.megabytes * MB),
		createdAt: sql`now() - make_interval(days => ${options.daysAgo ?? 0})`,
	});
}

const fileCount = async (app: TestApp) =>
	Number((await app.db.select({ n: count() }).from(files))[0]!.n);

async function quoteData(app: TestApp, extra: Record<string, unknown> = {}) {
	const [service] = await app.db
		.select()
		.from(serviceOptions)
		.where(eq(serviceOptions.name, "Medium Trees"));
	return {
		address: "1 Main St",
		city: "Akron",
		state: "OH",
		services: [{ serviceId: service!.id, quantity: 2 }],
		...extra,
	};
}

const quoteForm = (data: unknown, photos: FormFile[]) => multipart(data, "photos", photos);

/** Posts a body that starts and never ends: only a check made before reading it can answer. */
function neverEndingUpload(app: TestApp, path: string, cookie: string) {
	const socket = net.connect(Number(new URL(app.url).port), "127.0.0.1");
	const answer = new Promise<string>((resolve, reject) => {
		let text = "";
		socket.on("data", (chunk) => {
			text += String(chunk);
			if (text.includes("\r\n\r\n{") && text.trimEnd().endsWith("}")) resolve(text);
		});
		socket.once("error", reject);
		setTimeout(() => reject(new Error(`no answer: ${text}`)), 10_000).unref();
	});
	socket.write(
		[
			`POST ${path} HTTP/1.1`,
			"Host: 127.0.0.1",
			`Cookie: ${cookie}`,
			"Content-Type: multipart/form-data; boundary=x",
			"Content-Length: 60000000",
			"",
			'--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4\n',
		].join("\r\n"),
	);
	return answer.finally(() => socket.destroy());
}

describe("upload quotas", () => {
	test("chat: five attachments before a quote is approved, then 403 until it is; messages still go", async ({
		app,
	}) => {
		const { owner, customer } = await ownerAndCustomer(app);
		for (let i = 0; i < 5; i++)
			expect((await sendFile(customer.client, pdf(1000))).status).toBe(201);
		const refused = await sendFile(customer.client, pdf(1000));
		expectError(refused, 403, UPLOAD_QUOTA_MESSAGES.beforeApproval);
		expect(UPLOAD_QUOTA_MESSAGES.beforeApproval).toContain("up to 5 files");
		expect(await fileCount(app)).toBe(5);
		// Refused before its body is read.
		expect(
			await neverEndingUpload(app, "/api/chat/attachments", customer.client.cookieHeader()),
		).toMatch(/^HTTP\/1.1 403/);
		expect(
			(await read(customer.client.api.chat.messages.$post({ json: { content: "Hello" } }))).status,
		).toBe(201);
		// The owner is not limited, in the same conversation.
		const fromOwner = await read(
			owner.client.api.owner.chat[":customerUserId"].attachments.$post({
				param: { customerUserId: customer.userId },
				form: attachment(pdf(1000)),
			}),
		);
		expect(fromOwner.status, fromOwner.text).toBe(201);

		const { id } = await appQuote(app, { userId: customer.userId });
		expect(
			(
				await read(
					owner.client.api.owner.quotes[":source"][":id"].approve.$post({
						param: { source: "app", id },
						json: {},
					}),
				)
			).status,
		).toBe(200);
		expect((await sendFile(customer.client, pdf(1000))).status).toBe(201);
	});

	test("a day's uploads: 429 once an account has sent 100 MB today, before the body is read; yesterday's do not count; the owner is not limited", async ({
		app,
	}) => {
		const { owner, customer } = await ownerAndCustomer(app);
		await uploaded(app, { by: customer.userId, megabytes: 60, daysAgo: 2 });
		await uploaded(app, { by: customer.userId, megabytes: 92 });
		// 8 MB are left today: a file of 9 MB does not fit, one of 7 MB does.
		const tooBig = await sendFile(customer.client, pdf(9 * MB));
		expectError(tooBig, 429, UPLOAD_QUOTA_MESSAGES.dailyLeft(8 * MB));
		expect(tooBig.json.error).toBe(
			"You can upload up to 100 MB a day, and 8 MB is left today. Please send fewer or smaller files, or try again tomorrow.",
		);
		expect((await sendFile(customer.client, pdf(7 * MB))).status).toBe(201);
		await uploaded(app, { by: customer.userId, megabytes: 1 });

		const spent = await sendFile(customer.client, pdf(1000));
		expectError(spent, 429, "You can upload up to 100 MB a day. Please try again tomorrow.");
		const early = await neverEndingUpload(
			app,
			"/api/chat/attachments",
			customer.client.cookieHeader(),
		);
		expect(early).toMatch(/^HTTP\/1.1 429/);
		expect(early).toContain("Please try again tomorrow.");
		// Photos of a quote count too; a quote without photos is no upload.
		const withPhoto = await read(
			customer.client.api["quote-requests"].$post({
				form: {
					data: JSON.stringify(await quoteData(app)),
					photos: [formFile({ bytes: await png(), name: "front.png" })],
				},
			}),
		);
		expectError(withPhoto, 429, UPLOAD_QUOTA_MESSAGES.daily);
		expect(
			(
				await read(
					customer.client.api["quote-requests"].$post({
						form: { data: JSON.stringify(await quoteData(app)), photos: [] },
					}),
				)
			).status,
		).toBe(201);

		await uploaded(app, { by: owner.userId, megabytes: 2000 });
		const fromOwner = await read(
			owner.client.api.owner.chat[":customerUserId"].attachments.$post({
				param: { customerUserId: customer.userId },
				form: attachment(pdf(5 * MB)),
			}),
		);
		expect(fromOwner.status, fromOwner.text).toBe(201);
	});

	test("two uploads at once cannot both fit in what is left of the day", async ({ app }) => {
		const { customer } = await ownerAndCustomer(app);
		await uploaded(app, { by: customer.userId, megabytes: 92 });
		const answers = await Promise.all([
			sendFile(customer.client, pdf(5 * MB)),
			sendFile(customer.client, pdf(5 * MB)),
		]);
		expect(answers.map((a) => a.status).sort()).toEqual([201, 429]);
		expect(await fileCount(app)).toBe(2);
	});

	test("an account keeps at most 1 GB: 413 past it, for chat, quote and service request photos", async ({
		app,
	}) => {
		const customer = await approvedCustomer(app);
		await uploaded(app, { by: customer.userId, megabytes: 1020, daysAgo: 30 });
		const tooBig = await sendFile(customer.client, pdf(5 * MB));
		expectError(tooBig, 413, UPLOAD_QUOTA_MESSAGES.totalLeft(4 * MB));
		expect((await sendFile(customer.client, pdf(3 * MB))).status).toBe(201);
		await uploaded(app, { by: customer.userId, megabytes: 1, daysAgo: 30 });

		const full = await sendFile(customer.client, pdf(1000));
		expectError(full, 413, UPLOAD_QUOTA_MESSAGES.total);
		expect(full.json.error).toBe(
			"Your account has reached its 1 GB of files. Please contact us to send more.",
		);
		const request = {
			data: JSON.stringify({ requestType: "Fix", details: "Roofline is dark", priority: "Normal" }),
			photos: [formFile({ bytes: await png(), name: "roof.png" })],
		};
		expectError(
			await read(customer.client.api["service-requests"].$post({ form: request })),
			413,
			UPLOAD_QUOTA_MESSAGES.total,
		);

		const other = await signedInCustomer(app, { email: "pat@example.test" });
		await uploaded(app, { by: other.userId, megabytes: 1024, daysAgo: 30 });
		expectError(
			await read(
				other.client.api["quote-requests"].$post({
					form: {
						data: JSON.stringify(await quoteData(app)),
						photos: [formFile({ bytes: await png(), name: "front.png" })],
					},
				}),
			),
			413,
			UPLOAD_QUOTA_MESSAGES.total,
		);
		expect(await fileCount(app)).toBe(4);
	});
});

describe("forms and photos that would starve the server", () => {
	test("a form of more than a few dozen parts is refused before it is parsed, however it arrives", async ({
		app,
	}) => {
		const boundary = "b0undary";
		const part = (name: string, value: string) =>
			`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
		const body = `${part("data", JSON.stringify(await quoteData(app, { name: "Wendy", email: "w@example.test" })))}${part("x", "1").repeat(40)}--${boundary}--\r\n`;
		const post = (init: RequestInit) =>
			fetch(`${app.url}/api/public/quote-requests`, {
				method: "POST",
				headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
				...init,
			});
		const whole = await post({ body });
		expect(whole.status).toBe(413);
		expect(await whole.json()).toEqual({ error: TOO_MANY_PARTS });
		expect(TOO_MANY_PARTS).toContain("at most 32");

		// Sent in chunks of 3 bytes, each delimiter split across chunks: counted all the same.
		const bytes = new TextEncoder().encode(body);
		const trickled = await post({
			body: new ReadableStream({
				start(controller) {
					for (let i = 0; i < bytes.length; i += 3) controller.enqueue(bytes.slice(i, i + 3));
					controller.close();
				},
			}),
			duplex: "half",
		} as RequestInit);
		expect(trickled.status).toBe(413);
		expect(await trickled.json()).toEqual({ error: TOO_MANY_PARTS });

		// A million parts: refused as they arrive.
		const huge = `${part("x", "1").repeat(1_000_000)}--${boundary}--\r\n`;
		const many = await post({ body: huge });
		expect(many.status).toBe(413);
		expect(await many.json()).toEqual({ error: TOO_MANY_PARTS });
		expect(await fileCount(app)).toBe(0);
	});

	test("a photo of more than 40 megapixels is refused with a message saying so", async ({
		app,
	}) => {
		const big = await sharp({
			create: { width: 7500, height: 6000, channels: 3, background: "#fff" },
		})
			.png({ compressionLevel: 1 })
			.toBuffer();
		const data = await quoteData(app, { name: "Wendy", email: "w@example.test" });
		const res = await fetch(`${app.url}/api/public/quote-requests`, {
			method: "POST",
			body: quoteForm(data, [{ bytes: big, name: "roof.png" }]),
		});
		expect(res.status).toBe(413);
		expect(await res.json()).toMatchObject({
			error:
				'"roof.png" is 45 megapixels. Please send a smaller photo (at most 40 megapixels, as a phone camera takes them).',
		});
		expect(await fileCount(app)).toBe(0);
	});

	test("with three quotes of big photos in flight, photos are processed one or two at a time and the health check answers within 100 ms", async ({
		app,
	}) => {
		// Transparent photos (the costliest kind to process) of 12 megapixels, with some detail.
		const detail = await sharp({
			create: {
				width: 800,
				height: 600,
				channels: 3,
				background: "#000",
				noise: { type: "gaussian", mean: 128, sigma: 40 },
			},
		})
			.png()
			.toBuffer();
		const photo = await sharp({
			create: {
				width: 4000,
				height: 3000,
				channels: 4,
				background: { r: 200, g: 0, b: 0, alpha: 0.5 },
			},
		})
			.composite([{ input: detail }])
			.png({ compressionLevel: 1 })
			.toBuffer();
		const data = await quoteData(app, { name: "Wendy", email: "w@example.test" });
		const health = async () => {
			const started = performance.now();
			const res = await fetch(`${app.url}/api/health`);
			await res.text();
			expect(res.status).toBe(200);
			return performance.now() - started;
		};
		await health();

		let done = 0;
		const quotes = Array.from({ length: 3 }, () =>
			fetch(`${app.url}/api/public/quote-requests`, {
				method: "POST",
				body: quoteForm(
					data,
					// Three each: each quote's photos were processed one after the other already, so
					// three quotes are what shows how many the server processes at once.
					Array.from({ length: 3 }, (_, i) => ({ bytes: photo, name: `side-${i}.png` })),
				),
			}).then(async (res) => {
				done++;
				return { status: res.status, text: await res.text() };
			}),
		);
		const times: number[] = [];
		let mostAtOnce = 0;
		while (done < 3) {
			// The image library's tasks under way in this process (the test app's server included).
			mostAtOnce = Math.max(mostAtOnce, sharp.counters().process);
			times.push(await health());
			await new Promise((r) => setTimeout(r, 25));
		}
		for (const answer of await Promise.all(quotes)) expect(answer.status, answer.text).toBe(201);
		expect(mostAtOnce).toBeGreaterThan(0);
		expect(mostAtOnce).toBeLessThanOrEqual(2);
		times.sort((a, b) => a - b);
		expect(times[Math.floor(times.length / 2)], times.join(", ")).toBeLessThan(100);
	}, 240_000);
});
