import { describe, expect, it } from "vitest";
import { SINCE_MARGIN_MS } from "../../src/server/features/live/live-streams.ts";
import { HttpClient, read } from "../support/http-client.ts";
import { type LiveEvent, openLiveStream } from "../support/live-stream.ts";
import { confirmOn, signUpOn, stopServerProcess, twoInstances } from "../support/server-process.ts";

/**
 * Two server processes on one PostgreSQL database: a chat message sent through one reaches the
 * live streams opened on the other (LISTEN/NOTIFY), and a stream that reconnects to either catches
 * up what it missed from the table, nothing twice. Shutting down (SIGTERM) ends open streams.
 */
const url = process.env.TEST_DATABASE_URL;

const isMessage = (e: LiveEvent) => e.data.kind === "chat.message";

describe.skipIf(!url)("chat across two server instances", () => {
	const instances = twoInstances(url!);

	it("a page read through A opens its stream on B and first gets what changed since, through A", async () => {
		const { a, b } = instances;
		const customer = await signUpOn(a, "early@example.test", "customer");
		await confirmOn([a, b], customer, "early@example.test");
		// Replayed from a little before `since`: B has been listening at least that long.
		await new Promise((resolve) => setTimeout(resolve, SINCE_MARGIN_MS));
		// The page loads through A: its first read tells it A's clock.
		const me = await read(customer.api.me.$get());
		const at = me.json.at!;
		const sent = await read(customer.api.chat.messages.$post({ json: { content: "Before" } }));
		expect(sent.status, sent.text).toBe(201);
		// B heard the message from A; the page, opening its stream on B, gets it first.
		const stream = await openLiveStream(b.url, customer.cookieHeader(), { since: at });
		const event = await stream.next(isMessage, 2000);
		expect(event.id).toBe(String(sent.json.message.id));
		expect(stream.events.filter((e) => e.data.kind === "events.missed")).toEqual([]);
		await stream.close();
	});

	it("a message sent through A arrives on streams opened on B; a reconnect catches up without duplicates", async () => {
		const { a, b } = instances;
		const owner = await signUpOn(a, "o@example.test", "owner");
		const customer = await signUpOn(a, "c@example.test", "customer");
		// A customer chats once their address is confirmed.
		await confirmOn([a, b], customer, "c@example.test");
		const customerId = (await read(customer.api.me.$get())).json.user.id;

		const ownerOnB = await openLiveStream(b.url, owner.cookieHeader());
		const customerOnB = await openLiveStream(b.url, customer.cookieHeader());
		expect([ownerOnB.status, customerOnB.status]).toEqual([200, 200]);

		const started = Date.now();
		const sent = await read(
			customer.api.chat.messages.$post({ json: { content: "Hello from A" } }),
		);
		expect(sent.status, sent.text).toBe(201);
		const id = sent.json.message.id as number;
		for (const stream of [ownerOnB, customerOnB]) {
			const event = await stream.next(isMessage, 1000);
			expect(event).toEqual({
				id: String(id),
				data: { kind: "chat.message", messageId: id, customerUserId: customerId },
			});
		}
		expect(Date.now() - started).toBeLessThan(1000);

		// The owner's phone loses B; two replies go through A meanwhile; it reconnects to B.
		await ownerOnB.close();
		const replies = [];
		for (const content of ["First reply", "Second reply"]) {
			const res = await read(
				new HttpClient(a.url, owner).api.owner.chat[":customerUserId"].messages.$post({
					param: { customerUserId: customerId },
					json: { content },
				}),
			);
			expect(res.status, res.text).toBe(201);
			replies.push(res.json.message.id as number);
		}
		const again = await openLiveStream(b.url, owner.cookieHeader(), { lastEventId: String(id) });
		expect((await again.next(isMessage)).id).toBe(String(replies[0]));
		expect((await again.next(isMessage)).id).toBe(String(replies[1]));
		// Live again: the next message through A arrives once.
		const next = await read(customer.api.chat.messages.$post({ json: { content: "Thanks!" } }));
		expect((await again.next(isMessage, 1000)).id).toBe(String(next.json.message.id));
		// The customer's stream on B saw every one of them live, once each.
		await customerOnB.next((e) => e.id === String(next.json.message.id), 1000);
		expect(customerOnB.events.filter(isMessage).map((e) => e.id)).toEqual(
			[id, ...replies, next.json.message.id].map(String),
		);
		expect(again.events.filter(isMessage).map((e) => e.id)).toEqual(
			[...replies, next.json.message.id].map(String),
		);

		// Shutting B down ends its open streams instead of waiting for them.
		const stopping = Date.now();
		await stopServerProcess(b);
		await Promise.all([again.closed, customerOnB.closed]);
		expect(Date.now() - stopping).toBeLessThan(5000);
	});
});
