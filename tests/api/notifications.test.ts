import fs from "node:fs";
import path from "node:path";
import { and, eq, isNotNull } from "drizzle-orm";
import { describe, expect } from "vitest";
import {
	emailOutbox,
	notificationPrefs,
	pushSends,
	pushSubscriptions,
	quoteRequests,
} from "../../src/server/db/schema.ts";
import { ownerAndCustomer, signedInCustomer } from "../support/accounts.ts";
import { pushTest } from "../support/app-fixture.ts";
import { appQuote } from "../support/builders.ts";
import { read } from "../support/http-client.ts";
import { readOutbox } from "../support/outbox.ts";
import { vapidClaims } from "../support/push-service.ts";
import type { TestApp } from "../support/test-app.ts";

const test = pushTest;

const sends = (app: TestApp) => app.db.select().from(pushSends).orderBy(pushSends.id);

/** Waits until no push is pending (the sender runs on the `push.queued` event). */
async function settled(app: TestApp) {
	for (let i = 0; i < 200; i++) {
		const rows = await app.db.select().from(pushSends).where(eq(pushSends.status, "pending"));
		if (rows.length === 0) return;
		await new Promise((r) => setTimeout(r, 25));
	}
	throw new Error("pushes still pending");
}

/** Waits until the pending push has recorded its failed attempt. */
async function recorded(app: TestApp, lastError: string) {
	for (let i = 0; i < 200; i++) {
		const rows = await app.db.select().from(pushSends).where(eq(pushSends.status, "pending"));
		if (rows.every((row) => row.lastError === lastError)) return;
		await new Promise((r) => setTimeout(r, 25));
	}
	throw new Error("the push attempt was not recorded");
}

describe("push subscriptions", () => {
	test("a device subscribes, subscribes again, moves to another account, and is forgotten", async ({
		app,
		push,
	}) => {
		const { owner, customer } = await ownerAndCustomer(app);
		const device = push.device();
		const key = await read(customer.client.api.notifications["push-key"].$get());
		expect(key.status).toBe(200);
		expect(key.json.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);

		const put = () =>
			read(customer.client.api.notifications.subscriptions.$put({ json: device.subscription }));
		expect((await put()).status).toBe(200);
		expect((await put()).status).toBe(200);
		let rows = await app.db.select().from(pushSubscriptions);
		expect(rows).toHaveLength(1);
		expect(rows[0]).toMatchObject({ userId: customer.userId, endpoint: device.endpoint });

		// The same browser signed into another account: the endpoint now belongs to that one.
		expect(
			(await read(owner.client.api.notifications.subscriptions.$put({ json: device.subscription })))
				.status,
		).toBe(200);
		rows = await app.db.select().from(pushSubscriptions);
		expect(rows).toHaveLength(1);
		expect(rows[0]!.userId).toBe(owner.userId);

		// Only its own account removes it.
		await read(
			customer.client.api.notifications.subscriptions.$delete({
				json: { endpoint: device.endpoint },
			}),
		);
		expect(await app.db.select().from(pushSubscriptions)).toHaveLength(1);
		await read(
			owner.client.api.notifications.subscriptions.$delete({ json: { endpoint: device.endpoint } }),
		);
		expect(await app.db.select().from(pushSubscriptions)).toHaveLength(0);

		// Bad keys are refused field by field; anonymous calls are refused.
		const bad = await customer.client.request("PUT", "/api/notifications/subscriptions", {
			endpoint: device.endpoint,
			keys: { p256dh: "short", auth: device.subscription.keys.auth },
		});
		expect(bad.status).toBe(400);
		expect(bad.json.error).toBe("Invalid p256dh key");
		const anonymous = await fetch(`${app.url}/api/notifications/subscriptions`, {
			method: "PUT",
			headers: { "content-type": "application/json" },
			body: JSON.stringify(device.subscription),
		});
		expect(anonymous.status).toBe(401);
	});

	test("the business's chat reply reaches the customer's device, encrypted and signed for that push service", async ({
		app,
		push,
	}) => {
		const { owner, customer } = await ownerAndCustomer(app);
		const device = push.device();
		await read(customer.client.api.notifications.subscriptions.$put({ json: device.subscription }));

		const reply = await read(
			owner.client.api.owner.chat[":customerUserId"].messages.$post({
				param: { customerUserId: customer.userId },
				json: { content: "We come Tuesday. The gate code 4921 works?" },
			}),
		);
		expect(reply.status, reply.text).toBe(201);
		await push.waitFor(1);
		const [received] = push.to(device);
		expect(device.open(received!)).toEqual({
			web_push: 8030,
			kind: "chat_reply",
			notification: {
				title: "New message from Olivia Owner",
				// Digits stay off the lock screen.
				body: "We come Tuesday. The gate code ••• works?",
				navigate: `${app.url}/app#chat`,
				tag: `chat-${customer.userId}`,
			},
		});
		const vapid = vapidClaims(received!);
		expect(vapid.valid).toBe(true);
		expect(vapid.header.alg).toBe("ES256");
		expect(vapid.claims.aud).toBe(push.origin);
		expect(vapid.claims.sub).toBe("mailto:hello@buckeyeholidaylights.com");
		expect(vapid.claims.exp * 1000 - Date.now()).toBeLessThanOrEqual(24 * 3600 * 1000);
		expect(vapid.key).toBe(
			(await read(customer.client.api.notifications["push-key"].$get())).json.publicKey,
		);
		expect(received!.headers.ttl).toBe("86400");
		expect(received!.headers.urgency).toBe("high");

		await settled(app);
		expect(await sends(app)).toEqual([
			expect.objectContaining({
				kind: "chat_reply",
				userId: customer.userId,
				status: "sent",
				delivered: 1,
			}),
		]);
		// Settings → Automations shows it beside the e-mails.
		const automations = await read(owner.client.api.owner.automations.$get());
		expect(automations.json.recent[0]).toMatchObject({
			kind: "chat_reply",
			channel: "push",
			status: "sent",
			customerName: "Casey Customer",
			to: "1 device",
		});
	});

	test("a reply is not pushed while the conversation is open on one of the customer's devices", async ({
		app,
		push,
	}) => {
		const { owner, customer } = await ownerAndCustomer(app);
		const device = push.device();
		await read(customer.client.api.notifications.subscriptions.$put({ json: device.subscription }));
		const presence = (watching: boolean) =>
			read(
				customer.client.api.chat.presence.$put({
					json: { conversation: customer.userId, device: "laptop-12345678", watching },
				}),
			);
		const reply = (content: string) =>
			read(
				owner.client.api.owner.chat[":customerUserId"].messages.$post({
					param: { customerUserId: customer.userId },
					json: { content },
				}),
			);

		expect((await presence(true)).status).toBe(200);
		expect((await reply("Seen live")).status).toBe(201);
		await settled(app);
		expect(await sends(app)).toEqual([]);

		// Closed (or the page hidden): the next reply is pushed.
		await presence(false);
		await reply("Pushed");
		await push.waitFor(1);
		expect(
			(device.open(push.received[0]!) as { notification: { body: string } }).notification.body,
		).toBe("Pushed");

		// A customer cannot say they watch someone else's conversation.
		const other = await signedInCustomer(app, { email: "other@example.test" });
		const refused = await read(
			other.client.api.chat.presence.$put({
				json: { conversation: customer.userId, device: "phone-12345678", watching: true },
			}),
		);
		expect(refused.status).toBe(403);
	});

	test("a device the push service says is gone (410) is removed; a failing push stops after three tries", async ({
		app,
		push,
	}) => {
		const { owner, customer } = await ownerAndCustomer(app);
		const gone = push.device();
		await read(customer.client.api.notifications.subscriptions.$put({ json: gone.subscription }));
		push.answer(gone, 410);
		await read(
			owner.client.api.owner.chat[":customerUserId"].messages.$post({
				param: { customerUserId: customer.userId },
				json: { content: "Hello?" },
			}),
		);
		await push.waitFor(1);
		await settled(app);
		expect(await app.db.select().from(pushSubscriptions)).toEqual([]);
		expect(await sends(app)).toEqual([
			expect.objectContaining({
				status: "failed",
				lastError: "The push service answered 410",
			}),
		]);

		// A push service that keeps failing: tried three times, then recorded as failed.
		const flaky = push.device();
		await read(customer.client.api.notifications.subscriptions.$put({ json: flaky.subscription }));
		push.answer(flaky, 503);
		await read(
			owner.client.api.owner.chat[":customerUserId"].messages.$post({
				param: { customerUserId: customer.userId },
				json: { content: "Again" },
			}),
		);
		for (let attempt = 2; attempt <= 4; attempt++) {
			await push.waitFor(attempt);
			// The attempt is recorded (a push lands before its row says so), then its wait is over.
			await recorded(app, "The push service answered 503");
			await app.db
				.update(pushSends)
				.set({ nextAttemptAt: new Date(0) })
				.where(eq(pushSends.status, "pending"));
			await app.deps.pusher.deliverDue();
		}
		const [, last] = await sends(app);
		expect(last).toMatchObject({
			status: "failed",
			attempts: 3,
			lastError: "The push service answered 503",
		});
		expect(push.to(flaky)).toHaveLength(3);
		// Still subscribed: a 503 is the service's trouble, not a dead device.
		expect(await app.db.select().from(pushSubscriptions)).toHaveLength(1);
	});
});

describe("each person's switches", () => {
	test("push off for a category: nothing is pushed; e-mail off: not queued; transactional mail still goes", async ({
		app,
		push,
	}) => {
		const { owner, customer } = await ownerAndCustomer(app);
		const device = push.device();
		await read(customer.client.api.notifications.subscriptions.$put({ json: device.subscription }));
		const before = await read(customer.client.api.notifications.preferences.$get());
		expect(before.json).toEqual({
			categories: {
				messages: { push: true, email: true },
				bills: { push: true, email: true },
				schedule: { push: true, email: true },
				offers: { push: true, email: true },
			},
			emailTo: customer.email,
			devices: 1,
		});
		const saved = await read(
			customer.client.api.notifications.preferences.$patch({
				json: { messages: { push: false }, offers: { email: false } },
			}),
		);
		expect(saved.json.categories).toMatchObject({
			messages: { push: false, email: true },
			offers: { push: true, email: false },
		});
		const badPatch = await customer.client.request("PATCH", "/api/notifications/preferences", {
			messages: { push: "no" },
		});
		expect(badPatch.status).toBe(400);

		await read(
			owner.client.api.owner.chat[":customerUserId"].messages.$post({
				param: { customerUserId: customer.userId },
				json: { content: "Not pushed" },
			}),
		);
		// Offers: the revised quote is pushed, not e-mailed.
		const { id } = await appQuote(app, { userId: customer.userId });
		const revised = await read(
			owner.client.api.owner.quotes[":source"][":id"].revise.$post({
				param: { source: "app", id },
				json: { revisedPriceCents: 70000 },
			}),
		);
		expect(revised.status, revised.text).toBe(200);
		await push.waitFor(1);
		await settled(app);
		expect((await sends(app)).map((s) => s.kind)).toEqual(["quote_revised"]);
		const mail = await app.db.select().from(emailOutbox);
		expect(mail.filter((m) => m.subject.includes("quote"))).toEqual([]);

		// A password reset is transactional: it goes whatever the switches say.
		const reset = await fetch(`${app.url}/api/auth/request-password-reset`, {
			method: "POST",
			headers: { "content-type": "application/json", origin: app.url },
			body: JSON.stringify({ email: customer.email, redirectTo: "/auth/reset-password" }),
		});
		expect(reset.status).toBe(200);
		const queued = await app.db.select().from(emailOutbox);
		expect(queued.some((m) => /password/i.test(m.subject))).toBe(true);
	});

	test("one-click unsubscribe: the link's POST with no session turns off that category's e-mail alone; a forged one changes nothing", async ({
		app,
	}) => {
		const { owner, customer } = await ownerAndCustomer(app);
		const { id } = await appQuote(app, { userId: customer.userId });
		await read(
			owner.client.api.owner.quotes[":source"][":id"].revise.$post({
				param: { source: "app", id },
				json: { revisedPriceCents: 70000 },
			}),
		);
		const [mail] = await app.db
			.select()
			.from(emailOutbox)
			.where(and(eq(emailOutbox.toAddress, customer.email), isNotNull(emailOutbox.headers)));
		expect(mail!.headers!["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
		const url = /^<(.+)>$/.exec(mail!.headers!["List-Unsubscribe"]!)![1]!;
		expect(url.startsWith(`${app.url}/api/unsubscribe?token=`)).toBe(true);
		// The visible link too, in the text and the HTML.
		await app.mailer.deliverDue();
		const delivered = (await readOutbox(app.dataDir)).find((m) => m.subject.includes("quote"))!;
		expect(delivered.text).toContain(url);
		expect(delivered.html).toContain("Unsubscribe from offers e-mails");
		// And the headers, as the message went out.
		const eml = fs
			.readdirSync(path.join(app.dataDir, "outbox"))
			.map((f) => fs.readFileSync(path.join(app.dataDir, "outbox", f), "utf8"))
			.find((text) => text.includes("List-Unsubscribe-Post"))!;
		expect(eml).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
		expect(eml).toMatch(
			/^List-Unsubscribe:\s+<http:\/\/127\.0\.0\.1:\d+\/api\/unsubscribe\?token=/m,
		);

		const prefs = () => app.db.select().from(notificationPrefs);
		// GET shows the page and changes nothing (link scanners open links).
		const page = await fetch(url);
		expect(page.status).toBe(200);
		expect(await page.text()).toContain("Unsubscribe from quotes and offers e-mails");
		expect(await prefs()).toEqual([]);

		// Forged: another category under this signature, a changed signature, garbage.
		const token = new URL(url).searchParams.get("token")!;
		const [audience, , signature] = token.split(".");
		for (const forged of [
			`${audience}.bills.${signature}`,
			`${audience}.offers.${signature!.slice(0, -2)}AA`,
			`${Buffer.from("someone-else").toString("base64url")}.offers.${signature}`,
			"nonsense",
		]) {
			const res = await fetch(`${app.url}/api/unsubscribe?token=${forged}`, {
				method: "POST",
				headers: { "content-type": "application/x-www-form-urlencoded" },
				body: "List-Unsubscribe=One-Click",
			});
			expect(res.status, forged).toBe(400);
		}
		expect(await prefs()).toEqual([]);

		// The mail client's one-click POST: no cookie, no origin.
		const res = await fetch(url, {
			method: "POST",
			headers: { "content-type": "application/x-www-form-urlencoded" },
			body: "List-Unsubscribe=One-Click",
		});
		expect(res.status).toBe(200);
		expect(await prefs()).toEqual([
			expect.objectContaining({
				audience: customer.userId,
				category: "offers",
				email: false,
				push: true,
			}),
		]);
		const after = await read(customer.client.api.notifications.preferences.$get());
		expect(after.json.categories).toEqual({
			messages: { push: true, email: true },
			bills: { push: true, email: true },
			schedule: { push: true, email: true },
			offers: { push: true, email: false },
		});
		// The next revision is not e-mailed.
		await app.db.update(quoteRequests).set({ status: "pending" }).where(eq(quoteRequests.id, id));
		const before = (await app.db.select().from(emailOutbox)).length;
		await read(
			owner.client.api.owner.quotes[":source"][":id"].revise.$post({
				param: { source: "app", id },
				json: { revisedPriceCents: 71000 },
			}),
		);
		expect((await app.db.select().from(emailOutbox)).length).toBe(before);
	});

	test("the owner's e-mail switches are the business address's, shared by owners; push is each owner's", async ({
		app,
	}) => {
		const { owner } = await ownerAndCustomer(app);
		const saved = await read(
			owner.client.api.notifications.preferences.$patch({
				json: { offers: { email: false, push: false } },
			}),
		);
		expect(saved.json.categories.offers).toEqual({ push: false, email: false });
		const rows = await app.db.select().from(notificationPrefs);
		expect(rows.map((r) => [r.audience, r.category, r.push, r.email]).sort()).toEqual(
			[
				["business", "offers", true, false],
				[owner.userId, "offers", false, true],
			].sort(),
		);
	});
});
