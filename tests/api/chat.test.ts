import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect } from "vitest";
import { chatMessages, customers, files } from "../../src/server/db/schema.ts";
import { ownerAndCustomer, signedInCustomer } from "../support/accounts.ts";
import { test } from "../support/app-fixture.ts";
import { chatMessage } from "../support/builders.ts";
import { expectError } from "../support/expect.ts";
import type { HttpClient } from "../support/http-client.ts";
import { formFile, read } from "../support/http-client.ts";
import { png } from "../support/images.ts";
import { openLiveStream } from "../support/live-stream.ts";
import type { TestApp } from "../support/test-app.ts";

const redPng = () => png("#c00", 40, 30);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

function attachment(bytes: Uint8Array, name: string, content?: string) {
	const form = new FormData();
	form.append("data", JSON.stringify(content === undefined ? {} : { content }));
	form.append("file", new Blob([new Uint8Array(bytes)]), name);
	return form;
}

async function rowCounts(app: TestApp) {
	const [m] = await app.db.select({ n: count() }).from(chatMessages);
	const [f] = await app.db.select({ n: count() }).from(files);
	return { messages: Number(m!.n), files: Number(f!.n) };
}

const send = (client: HttpClient, content: string) =>
	read(client.api.chat.messages.$post({ json: { content } }));

describe("chat", () => {
	test("a customer and the business talk; the server names each sender; unread counts follow reads", async ({
		app,
	}) => {
		const { owner, customer } = await ownerAndCustomer(app);
		expect((await read(customer.client.api.chat.messages.$get({ query: {} }))).json).toEqual({
			messages: [],
			hasOlder: false,
			unread: 0,
		});
		expect(
			(await read(owner.client.api.owner.chat.conversations.$get({ query: {} }))).json,
		).toEqual({
			conversations: [],
			nextCursor: null,
		});

		// Role and name in the body are ignored: the server sets them from the account.
		const first = await customer.client.post("/api/chat/messages", {
			content: "  Hi! Can you do the roofline?  ",
			senderRole: "owner",
			senderName: "The Boss",
		});
		expect(first.status, first.text).toBe(201);
		expect(first.json.message).toMatchObject({
			customerUserId: customer.userId,
			senderRole: "customer",
			senderName: "Casey Customer",
			content: "Hi! Can you do the roofline?",
			messageType: "text",
			file: null,
		});
		expect((await send(customer.client, "And the two trees")).status).toBe(201);

		expect((await read(owner.client.api.owner.chat.unread.$get())).json).toEqual({ unread: 2 });
		const list = (await read(owner.client.api.owner.chat.conversations.$get({ query: {} }))).json;
		expect(list.conversations).toEqual([
			expect.objectContaining({
				customerUserId: customer.userId,
				name: "Casey Customer",
				lastMessage: "And the two trees",
				lastSenderRole: "customer",
				unread: 2,
			}),
		]);
		// A prospect's first message made their customer record, pending, for the owner to open.
		const [record] = await app.db
			.select()
			.from(customers)
			.where(eq(customers.userId, customer.userId));
		expect(record).toMatchObject({ status: "pending", name: "Casey Customer" });
		expect(list.conversations[0].customerId).toBe(record!.id);

		const ownerView = await read(
			owner.client.api.owner.chat[":customerUserId"].messages.$get({
				param: { customerUserId: customer.userId },
				query: {},
			}),
		);
		expect(ownerView.json.unread).toBe(2);
		expect(ownerView.json.messages.map((m: { content: string }) => m.content)).toEqual([
			"Hi! Can you do the roofline?",
			"And the two trees",
		]);
		expect(
			(
				await read(
					owner.client.api.owner.chat[":customerUserId"].read.$post({
						param: { customerUserId: customer.userId },
					}),
				)
			).json,
		).toEqual({
			unread: 0,
		});
		expect((await read(owner.client.api.owner.chat.unread.$get())).json).toEqual({ unread: 0 });

		const reply = await read(
			owner.client.api.owner.chat[":customerUserId"].messages.$post({
				param: { customerUserId: customer.userId },
				json: {
					content: "Yes, next Tuesday",
				},
			}),
		);
		expect(reply.status, reply.text).toBe(201);
		expect(reply.json.message).toMatchObject({ senderRole: "owner", senderName: "Olivia Owner" });
		const mine = (await read(customer.client.api.chat.messages.$get({ query: {} }))).json;
		expect(mine.unread).toBe(1);
		expect(mine.messages.map((m: { senderRole: string }) => m.senderRole)).toEqual([
			"customer",
			"customer",
			"owner",
		]);
		expect(mine.messages.map((m: { id: number }) => m.id)).toEqual(
			[...mine.messages.map((m: { id: number }) => m.id)].sort((a, b) => a - b),
		);
		await read(customer.client.api.chat.read.$post());
		expect((await read(customer.client.api.chat.messages.$get({ query: {} }))).json.unread).toBe(0);
		// The owner's own reply is not unread for the owner.
		expect((await read(owner.client.api.owner.chat.unread.$get())).json).toEqual({ unread: 0 });
		expect(
			(await read(owner.client.api.owner.chat.conversations.$get({ query: {} }))).json
				.conversations[0],
		).toMatchObject({
			lastMessage: "Yes, next Tuesday",
			lastSenderRole: "owner",
			unread: 0,
		});
	});

	test("messages page from the newest back; the chat list pages newest conversation first", async ({
		app,
	}) => {
		const { owner, customer } = await ownerAndCustomer(app);
		for (let i = 1; i <= 35; i++)
			await chatMessage(app, { customerUserId: customer.userId, content: `message ${i}` });
		const newest = (await read(customer.client.api.chat.messages.$get({ query: {} }))).json;
		expect(newest.messages).toHaveLength(30);
		expect(newest.hasOlder).toBe(true);
		expect(newest.messages[0].content).toBe("message 6");
		expect(newest.messages.at(-1).content).toBe("message 35");
		const older = (
			await read(
				customer.client.api.chat.messages.$get({ query: { before: newest.messages[0].id } }),
			)
		).json;
		expect(older.messages.map((m: { content: string }) => m.content)).toEqual([
			"message 1",
			"message 2",
			"message 3",
			"message 4",
			"message 5",
		]);
		expect(older.hasOlder).toBe(false);
		expectError(
			await read(customer.client.api.chat.messages.$get({ query: { before: "abc" } })),
			400,
		);

		const pat = await signedInCustomer(app, { email: "pat@example.test", displayName: "Pat" });
		const sam = await signedInCustomer(app, { email: "sam@example.test", displayName: "Sam" });
		await send(pat.client, "Pat here");
		await send(sam.client, "Sam here");
		const page1 = (
			await read(owner.client.api.owner.chat.conversations.$get({ query: { limit: "2" } }))
		).json;
		expect(page1.conversations.map((c: { name: string }) => c.name)).toEqual(["Sam", "Pat"]);
		expect(page1.nextCursor).toBeTruthy();
		const page2 = (
			await read(
				owner.client.api.owner.chat.conversations.$get({
					query: { limit: "2", cursor: page1.nextCursor },
				}),
			)
		).json;
		expect(page2).toMatchObject({
			conversations: [{ name: "Casey Customer", unread: 35 }],
			nextCursor: null,
		});
		expectError(
			await read(owner.client.api.owner.chat.conversations.$get({ query: { cursor: "nonsense" } })),
			400,
		);
		// Times the database cannot hold, or not as the list writes them: 400, never 500.
		for (const cursor of [
			`-271821-04-20T00:00:00.000Z|${customer.userId}`,
			`+275760-09-13T00:00:00.000Z|${customer.userId}`,
			`0001-01-01T00:00:00.000Z|${customer.userId}`,
			`1|${customer.userId}`,
			"2026-11-25T00:00:00.000Z|a'b",
		]) {
			const res = await read(owner.client.api.owner.chat.conversations.$get({ query: { cursor } }));
			expectError(res, 400, "Invalid cursor");
		}
		// One query for the whole page, whatever the number of messages.
		app.queries.length = 0;
		await read(owner.client.api.owner.chat.conversations.$get({ query: {} }));
		expect(app.queries.filter((q) => q.includes("chat_"))).toHaveLength(1);
	});

	test("photos and PDFs: re-encoded, private to the customer and the business; 'File shared' in the list", async ({
		app,
	}) => {
		const { owner, customer } = await ownerAndCustomer(app);
		const other = await signedInCustomer(app, { email: "pat@example.test" });
		const image = await read(
			customer.client.api.chat.attachments.$post({
				form: {
					data: JSON.stringify({}),
					file: formFile({ bytes: await redPng(), name: "roof.png" }),
				},
			}),
		);
		expect(image.status, image.text).toBe(201);
		expect(image.json.message).toMatchObject({
			messageType: "image",
			content: null,
			file: { name: "roof.jpg", contentType: "image/jpeg" },
		});
		expect(
			(await read(owner.client.api.owner.chat.conversations.$get({ query: {} }))).json
				.conversations[0],
		).toMatchObject({
			lastMessage: "File shared",
		});
		const fileUrl = `/api/files/${image.json.message.file.id}`;
		for (const who of [customer, owner]) {
			const res = await fetch(app.url + fileUrl, {
				headers: { cookie: who.client.cookieHeader() },
			});
			expect(res.status).toBe(200);
			expect(res.headers.get("content-type")).toBe("image/jpeg");
			expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(40);
		}
		expectError(
			await read(other.client.api.files[":id"].$get({ param: { id: image.json.message.file.id } })),
			404,
		);

		const pdf = await read(
			owner.client.api.owner.chat[":customerUserId"].attachments.$post({
				param: { customerUserId: customer.userId },
				form: {
					data: JSON.stringify({ content: "Here is the contract" }),
					file: formFile({ bytes: PDF, name: "Contract.pdf" }),
				},
			}),
		);
		expect(pdf.status, pdf.text).toBe(201);
		expect(pdf.json.message).toMatchObject({
			messageType: "file",
			senderRole: "owner",
			content: "Here is the contract",
			file: { name: "Contract.pdf", contentType: "application/pdf" },
		});
		const served = await fetch(`${app.url}/api/files/${pdf.json.message.file.id}`, {
			headers: { cookie: customer.client.cookieHeader() },
		});
		expect(Buffer.from(await served.arrayBuffer()).equals(PDF)).toBe(true);

		// Bad files: a clear message, and nothing kept.
		const before = await rowCounts(app);
		expectError(
			await customer.client.post(
				"/api/chat/attachments",
				attachment(new TextEncoder().encode("just text"), "notes.pdf"),
			),
			400,
			/JPEG, PNG, WebP or HEIC photo, or a PDF/,
		);
		expectError(
			await customer.client.post(
				"/api/chat/attachments",
				attachment(
					Buffer.concat([
						Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
						Buffer.alloc(64),
					]),
					"broken.png",
				),
			),
			400,
		);
		const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]);
		expectError(
			await customer.client.post("/api/chat/attachments", attachment(big, "big.pdf")),
			413,
		);
		const noFile = new FormData();
		noFile.append("data", "{}");
		expectError(await customer.client.post("/api/chat/attachments", noFile), 400);
		expect(await rowCounts(app)).toEqual(before);
	});

	test("each customer reaches only their own conversation; bad messages are refused", async ({
		app,
	}) => {
		const { owner, customer } = await ownerAndCustomer(app);
		const other = await signedInCustomer(app, { email: "pat@example.test", displayName: "Pat" });
		await send(customer.client, "Casey's secret");
		expect((await read(other.client.api.chat.messages.$get({ query: {} }))).json.messages).toEqual(
			[],
		);
		expectError(
			await read(
				other.client.api.owner.chat[":customerUserId"].messages.$get({
					param: { customerUserId: customer.userId },
					query: {},
				}),
			),
			403,
		);
		expectError(
			await read(
				other.client.api.owner.chat[":customerUserId"].messages.$post({
					param: { customerUserId: customer.userId },
					json: { content: "hi" },
				}),
			),
			403,
		);
		expectError(await read(other.client.api.owner.chat.conversations.$get({ query: {} })), 403);
		// The owner may not open a conversation of an account that is no customer, or no account.
		expectError(
			await read(
				owner.client.api.owner.chat[":customerUserId"].messages.$get({
					param: { customerUserId: owner.userId },
					query: {},
				}),
			),
			404,
		);
		expectError(
			await read(
				owner.client.api.owner.chat[":customerUserId"].messages.$get({
					param: { customerUserId: "nobody" },
					query: {},
				}),
			),
			404,
		);
		expectError(
			await read(
				owner.client.api.owner.chat[":customerUserId"].messages.$post({
					param: { customerUserId: "nobody" },
					json: { content: "hello?" },
				}),
			),
			404,
		);
		// The owner previewing the customer app has no conversation of their own.
		expectError(await send(owner.client, "me?"), 404);

		const before = await rowCounts(app);
		expectError(await send(customer.client, ""), 400);
		expectError(await send(customer.client, "  \n\t "), 400);
		expectError(await customer.client.post("/api/chat/messages", {}), 400);
		expectError(await customer.client.post("/api/chat/messages", { content: 5 }), 400);
		expectError(
			await send(customer.client, "x".repeat(4001)),
			400,
			"A message can be at most 4000 characters long",
		);
		expect(await rowCounts(app)).toEqual(before);
		expect((await send(customer.client, "y".repeat(4000))).status).toBe(201);
	});

	test("sending is rate limited per account", async ({ app }) => {
		const { owner, customer } = await ownerAndCustomer(app);
		for (let i = 0; i < 30; i++) expect((await send(customer.client, `m${i}`)).status).toBe(201);
		expectError(await send(customer.client, "one too many"), 429, /too quickly/);
		// Another account has its own allowance.
		const reply = await read(
			owner.client.api.owner.chat[":customerUserId"].messages.$post({
				param: { customerUserId: customer.userId },
				json: {
					content: "Slow down!",
				},
			}),
		);
		expect(reply.status).toBe(201);
	});
});

describe("live events", () => {
	test("each stream gets only what its user may see; a reconnect catches up from Last-Event-ID", async ({
		app,
	}) => {
		const { owner, customer } = await ownerAndCustomer(app);
		const other = await signedInCustomer(app, { email: "pat@example.test" });
		const anonymous = await fetch(`${app.url}/api/live`);
		expect(anonymous.status).toBe(401);

		const ownerStream = await openLiveStream(app.url, owner.client.cookieHeader());
		const customerStream = await openLiveStream(app.url, customer.client.cookieHeader());
		const otherStream = await openLiveStream(app.url, other.client.cookieHeader());
		expect(customerStream.status).toBe(200);
		expect(customerStream.headers.get("content-type")).toContain("text/event-stream");

		const sent = (await send(customer.client, "Hello")).json.message;
		const isMessage = (e: { data: { kind: string } }) => e.data.kind === "chat.message";
		for (const stream of [ownerStream, customerStream]) {
			const event = await stream.next(isMessage);
			expect(event).toEqual({
				id: String(sent.id),
				data: { kind: "chat.message", messageId: sent.id, customerUserId: customer.userId },
			});
		}
		await read(
			owner.client.api.owner.chat[":customerUserId"].read.$post({
				param: { customerUserId: customer.userId },
			}),
		);
		expect((await customerStream.next((e) => e.data.kind === "chat.read")).data).toEqual({
			kind: "chat.read",
			customerUserId: customer.userId,
		});
		// Pat sees neither Casey's message nor the read.
		const patMessage = (await send(other.client, "Pat's own")).json.message;
		expect((await otherStream.next(isMessage)).data).toMatchObject({ messageId: patMessage.id });
		expect(
			otherStream.events.filter(
				(e) => e.data.customerUserId === customer.userId || e.data.userId === customer.userId,
			),
		).toEqual([]);

		// Casey's phone drops off; two messages come meanwhile; it comes back with Last-Event-ID.
		await customerStream.close();
		const missed1 = (
			await read(
				owner.client.api.owner.chat[":customerUserId"].messages.$post({
					param: { customerUserId: customer.userId },
					json: { content: "One" },
				}),
			)
		).json.message;
		const missed2 = (
			await read(
				owner.client.api.owner.chat[":customerUserId"].messages.$post({
					param: { customerUserId: customer.userId },
					json: { content: "Two" },
				}),
			)
		).json.message;
		const back = await openLiveStream(app.url, customer.client.cookieHeader(), {
			lastEventId: String(sent.id),
		});
		expect((await back.next(isMessage)).id).toBe(String(missed1.id));
		expect((await back.next(isMessage)).id).toBe(String(missed2.id));
		const after = (await send(customer.client, "Got them")).json.message;
		expect((await back.next(isMessage)).id).toBe(String(after.id));
		const ids = back.events.filter(isMessage).map((e) => e.id);
		expect(ids).toEqual([String(missed1.id), String(missed2.id), String(after.id)]);
		expect(ids).not.toContain(String(patMessage.id));

		// The owner saw each message once, Casey's and Pat's alike.
		await ownerStream.next((e) => e.id === String(after.id));
		expect(ownerStream.events.filter(isMessage).map((e) => e.id)).toEqual(
			[sent.id, patMessage.id, missed1.id, missed2.id, after.id].map(String),
		);

		// Signing out ends that user's streams; the others stay open.
		expect((await customer.client.post("/api/auth/sign-out")).status).toBe(200);
		await back.closed;
		expect(back.ended).toBe(true);
		expect(ownerStream.ended).toBe(false);
		await Promise.all([ownerStream.close(), otherStream.close()]);
	});
});
