import fs from "node:fs";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import {
	bills,
	businessSettings,
	emailOutbox,
	files,
	serviceRequests,
} from "../../src/server/db/schema.ts";
import { APPROVAL_REQUIRED_MESSAGE } from "../../src/shared/quotes.ts";
import { REQUEST_MESSAGES } from "../../src/shared/requests.ts";
import { signedInCustomer } from "../support/accounts.ts";
import { test } from "../support/app-fixture.ts";
import { approvedCustomer, serviceRequest } from "../support/builders.ts";
import { expectError } from "../support/expect.ts";
import type { HttpClient } from "../support/http-client.ts";
import { read } from "../support/http-client.ts";
import { png as pngOf } from "../support/images.ts";
import { readOutbox, waitForMail } from "../support/outbox.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

const BUSINESS_EMAIL = "hello@buckeyeholidaylights.com";

const png = (color = "#0a0") => pngOf(color, 24, 16);

type Photo = { name: string; bytes: Uint8Array; type?: string };

function submit(client: HttpClient, data: unknown, photos: Photo[] = []) {
	const form = new FormData();
	form.append("data", typeof data === "string" ? data : JSON.stringify(data));
	for (const p of photos)
		form.append("photos", new Blob([p.bytes as BlobPart], { type: p.type ?? "image/png" }), p.name);
	return client.request("POST", "/api/service-requests", form);
}

/** Rows of the tables a request writes, to show a refusal changed nothing. */
async function counts(app: TestApp) {
	const n = async (table: typeof serviceRequests | typeof files | typeof bills) =>
		Number((await app.db.select({ n: count() }).from(table))[0]!.n);
	return { requests: await n(serviceRequests), files: await n(files), bills: await n(bills) };
}

const fix = {
	requestType: "Fix",
	details: "The left strand on the garage is dark",
	priority: "Urgent",
};
const colors = { requestType: "ChangeColor", colorScheme: "Red & White", details: "For a party" };

describe("customer service requests", () => {
	test("a Fix request with a photo is stored, listed first in the history, and e-mails the business with Urgent in the subject", async ({
		app,
	}) => {
		const customer = await approvedCustomer(app);
		const res = await submit(customer.client, fix, [{ name: "dark.png", bytes: await png() }]);
		expect(res.status, res.text).toBe(201);
		expect(res.json.feeBillId).toBeNull();

		const [row] = await app.db.select().from(serviceRequests);
		expect(row).toMatchObject({
			id: res.json.id,
			userId: customer.userId,
			requestType: "Fix",
			priority: "Urgent",
			status: "open",
			requestedColorScheme: null,
		});
		const [photo] = await app.db.select().from(files);
		expect(photo).toMatchObject({
			kind: "request_photo",
			serviceRequestId: row!.id,
			userId: customer.userId,
			contentType: "image/jpeg",
		});
		expect(fs.existsSync(path.join(app.dataDir, "uploads", photo!.storageKey))).toBe(true);

		const mail = await waitForMail(app.dataDir, BUSINESS_EMAIL, { containing: "garage" });
		expect(mail.subject).toBe("Urgent: New service request from Casey Customer: Fix");
		expect(mail.text).toContain("1 photo is attached");

		const older = await serviceRequest(app, {
			userId: customer.userId,
			createdAt: new Date(Date.now() - 60_000),
			status: "resolved",
		});
		const history = await read(customer.client.api["service-requests"].$get({ query: {} }));
		expect(history.status).toBe(200);
		expect(history.json.active).toBe(true);
		expect(history.json.colorFeeCents).toBe(1999);
		expect(history.json.requests.map((r: { id: string }) => r.id)).toEqual([row!.id, older.id]);
		expect(history.json.requests[0]).toMatchObject({
			requestType: "Fix",
			priority: "Urgent",
			status: "open",
			details: fix.details,
			photoIds: [photo!.id],
			fee: null,
		});
		// The photo is private: its customer and the owner read it, nobody else.
		expect(
			(await read(customer.client.api.files[":id"].$get({ param: { id: photo!.id } }))).status,
		).toBe(200);
		expect(
			(await read(customer.owner.client.api.files[":id"].$get({ param: { id: photo!.id } })))
				.status,
		).toBe(200);
		const stranger = await signedInCustomer(app, { email: "stranger@example.test" });
		expect(
			(await read(stranger.client.api.files[":id"].$get({ param: { id: photo!.id } }))).status,
		).toBe(404);
	});

	test("without an approved quote the request is refused with 403 before the body is checked", async ({
		app,
	}) => {
		const customer = await signedInCustomer(app);
		for (const data of [fix, "{not json", { requestType: "Takedown" }, {}]) {
			expectError(await submit(customer.client, data), 403, APPROVAL_REQUIRED_MESSAGE);
		}
		const many = Array.from({ length: 8 }, (_, i) => ({
			name: `${i}.txt`,
			bytes: new Uint8Array(4),
		}));
		expectError(await submit(customer.client, fix, many), 403, APPROVAL_REQUIRED_MESSAGE);
		expect(await counts(app)).toEqual({ requests: 0, files: 0, bills: 0 });
		const history = await read(customer.client.api["service-requests"].$get({ query: {} }));
		expect(history.json).toMatchObject({ requests: [], active: false });
	});

	test("refuses bad input with a clear message and stores nothing", async ({ app }) => {
		const customer = await approvedCustomer(app);
		const before = await counts(app);
		const cases: [unknown, string | RegExp, Photo[]?][] = [
			[{ ...fix, requestType: "Takedown" }, /Request type must be/],
			[{ ...fix, requestType: "Nonsense" }, /Request type must be/],
			[{ ...fix, priority: "Critical" }, "Priority must be Normal or Urgent"],
			[{ ...fix, colorScheme: "Multicolor" }, REQUEST_MESSAGES.colorOnlyForChange],
			[{ requestType: "Fix" }, REQUEST_MESSAGES.describeProblem],
			[{ ...fix, details: "   " }, REQUEST_MESSAGES.describeProblem],
			[{ requestType: "ChangeColor" }, REQUEST_MESSAGES.colorRequired],
			[{ requestType: "ChangeColor", colorScheme: "Purple" }, /color scheme from the list/],
			[{ requestType: "ChangeColor", colorScheme: "Custom" }, REQUEST_MESSAGES.customRequired],
			[{ ...fix, details: "x".repeat(2001) }, /at most 2000 characters/],
			[{ ...fix, userId: "someone-else" }, /unrecognized|unknown/i],
			["{not json", "The form data is not valid JSON"],
			[
				fix,
				REQUEST_MESSAGES.tooManyPhotos,
				await Promise.all(
					Array.from({ length: 7 }, async (_, i) => ({ name: `${i}.png`, bytes: await png() })),
				),
			],
			[
				fix,
				/is not a supported image/,
				[{ name: "notes.txt", bytes: new TextEncoder().encode("hello") }],
			],
			[
				fix,
				/is not a supported image/,
				[
					{ name: "a.png", bytes: await png() },
					{
						name: "fake.png",
						bytes: new TextEncoder().encode("not really a png"),
						type: "image/png",
					},
				],
			],
		];
		for (const [data, message, photos] of cases) {
			const res = await submit(customer.client, data, photos);
			expectError(res, 400, message);
		}
		expect(await counts(app)).toEqual(before);
		expect(fs.existsSync(path.join(app.dataDir, "uploads", "request-photos"))).toBe(false);
	});

	test("Change Colors adds the colour fee bill in the same transaction; QuickPay lists it", async ({
		app,
	}) => {
		const customer = await approvedCustomer(app);
		const res = await submit(customer.client, {
			requestType: "ChangeColor",
			colorScheme: "Custom",
			customColors: "Blue and silver",
		});
		expect(res.status, res.text).toBe(201);
		const [fee] = await app.db.select().from(bills).where(eq(bills.serviceRequestId, res.json.id));
		expect(fee).toMatchObject({
			id: res.json.feeBillId,
			userId: customer.userId,
			amountCents: 1999,
			status: "pending",
			description: "Color change fee: Custom",
		});
		const quickPay = await read(customer.client.api.bills.$get());
		expect(quickPay.json.bills.map((b: { id: string }) => b.id)).toContain(fee!.id);
		const history = await read(customer.client.api["service-requests"].$get({ query: {} }));
		expect(history.json.requests[0]).toMatchObject({
			colorScheme: "Custom",
			customColors: "Blue and silver",
			fee: { amountCents: 1999, status: "pending" },
		});

		// A failure after the bill is written rolls the request back with it.
		await app.db.execute(
			"create function fail_mail() returns trigger language plpgsql as $$ begin raise exception 'mail down'; end $$",
		);
		await app.db.execute(
			"create trigger fail_mail before insert on email_outbox for each row execute function fail_mail()",
		);
		const before = await counts(app);
		const failed = await submit(customer.client, colors);
		expect(failed.status).toBe(500);
		expect(await counts(app)).toEqual(before);
	});

	test("the fee follows the pricing settings, and no bill is made when payment is not required", async ({
		app,
	}) => {
		const customer = await approvedCustomer(app);
		await app.db.update(businessSettings).set({ colorFeeCents: 2500 });
		app.readCache.clear();
		const paid = await submit(customer.client, colors);
		expect(
			(await app.db.select().from(bills).where(eq(bills.id, paid.json.feeBillId)))[0]?.amountCents,
		).toBe(2500);

		await app.db.update(businessSettings).set({ requirePayment: false });
		app.readCache.clear();
		const before = await counts(app);
		const free = await submit(customer.client, colors);
		expect(free.status).toBe(201);
		expect(free.json.feeBillId).toBeNull();
		expect(await counts(app)).toEqual({ ...before, requests: before.requests + 1 });
		expect(
			(await read(customer.client.api["service-requests"].$get({ query: {} }))).json.colorFeeCents,
		).toBeNull();
	});

	test("a customer cancels an open request of their own; its unpaid fee goes, others' requests are 404", async ({
		app,
	}) => {
		const customer = await approvedCustomer(app);
		const { id, feeBillId } = (await submit(customer.client, colors)).json;
		const other = await approvedCustomer(app, { owner: customer.owner, email: "pat@example.test" });
		const theirs = await serviceRequest(app, { userId: other.userId });

		expectError(
			await read(
				customer.client.api["service-requests"][":id"].cancel.$post({ param: { id: theirs.id } }),
			),
			404,
		);
		expectError(
			await read(
				customer.client.api["service-requests"][":id"].cancel.$post({ param: { id: "not-an-id" } }),
			),
			400,
		);

		const res = await read(
			customer.client.api["service-requests"][":id"].cancel.$post({ param: { id } }),
		);
		expect(res.status, res.text).toBe(200);
		expect(res.json).toMatchObject({ status: "cancelled", message: REQUEST_MESSAGES.cancelled });
		expect(await app.db.select().from(bills).where(eq(bills.id, feeBillId))).toEqual([]);
		const mail = await waitForMail(app.dataDir, customer.email, { containing: "cancelled" });
		expect(mail.subject).toBe("Your Change Colors request was cancelled");
		expect(mail.text).toContain("fee was removed");

		expectError(
			await read(customer.client.api["service-requests"][":id"].cancel.$post({ param: { id } })),
			409,
		);
		const started = await serviceRequest(app, { userId: customer.userId, status: "in_progress" });
		expectError(
			await read(
				customer.client.api["service-requests"][":id"].cancel.$post({ param: { id: started.id } }),
			),
			409,
		);
		const [still] = await app.db
			.select()
			.from(serviceRequests)
			.where(eq(serviceRequests.id, started.id));
		expect(still!.status).toBe("in_progress");
		expect(
			(await read(customer.client.api["service-requests"].$get({ query: {} }))).json.active,
		).toBe(true);
	});

	test("the customer's cancel route means the customer's cancel for everyone: the owner's call there moves no customer's request", async ({
		app,
	}) => {
		const customer = await approvedCustomer(app);
		const { id, feeBillId } = (await submit(customer.client, colors)).json;

		expectError(
			await read(
				customer.owner.client.api["service-requests"][":id"].cancel.$post({ param: { id } }),
			),
			404,
		);
		const [still] = await app.db.select().from(serviceRequests).where(eq(serviceRequests.id, id));
		expect(still!.status).toBe("open");
		expect(await app.db.select().from(bills).where(eq(bills.id, feeBillId))).toHaveLength(1);

		const res = await read(
			customer.owner.client.api.owner["service-requests"][":id"][":action"].$post({
				param: { id, action: "cancel" },
			}),
		);
		expect(res.status, res.text).toBe(200);
		expect(res.json).toMatchObject({ status: "cancelled" });
	});
});

test("the rate limit answers 429 before any photo is read", async () => {
	const app = await startTestApp({
		rateLimits: { serviceRequest: { windowMs: 60_000, max: 1 } },
	});
	try {
		const customer = await approvedCustomer(app);
		expect((await submit(customer.client, fix)).status).toBe(201);
		const before = await counts(app);
		const res = await submit(customer.client, fix, [{ name: "a.png", bytes: await png() }]);
		expectError(res, 429);
		expect(await counts(app)).toEqual(before);
	} finally {
		await app.close();
	}
});

describe("owner service requests", () => {
	test("lists open and in-progress requests, Urgent first then newest, with the customer, a page at a time", async ({
		app,
	}) => {
		const customer = await approvedCustomer(app);
		const { owner } = customer;
		const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
		const oldUrgent = await serviceRequest(app, {
			userId: customer.userId,
			priority: "Urgent",
			createdAt: minutesAgo(50),
		});
		const newNormal = await serviceRequest(app, {
			userId: customer.userId,
			createdAt: minutesAgo(1),
		});
		const oldNormal = await serviceRequest(app, {
			userId: customer.userId,
			status: "in_progress",
			createdAt: minutesAgo(30),
		});
		const newUrgent = await serviceRequest(app, {
			userId: customer.userId,
			priority: "Urgent",
			createdAt: minutesAgo(5),
		});
		await serviceRequest(app, { userId: customer.userId, status: "resolved" });
		await serviceRequest(app, { userId: customer.userId, status: "cancelled" });

		const res = await read(owner.client.api.owner["service-requests"].$get({ query: {} }));
		expect(res.status).toBe(200);
		expect(res.json.requests.map((r: { id: string }) => r.id)).toEqual([
			newUrgent.id,
			oldUrgent.id,
			newNormal.id,
			oldNormal.id,
		]);
		expect(res.json.requests[0].customer).toMatchObject({
			id: customer.record.id,
			idNumber: customer.record.idNumber,
			name: "Casey Customer",
			email: customer.email,
			address: "100 Market Ave N",
			city: "Canton",
		});

		const first = await read(
			owner.client.api.owner["service-requests"].$get({ query: { limit: "3" } }),
		);
		expect(first.json.requests).toHaveLength(3);
		const rest = await read(
			owner.client.api.owner["service-requests"].$get({
				query: { limit: "3", cursor: first.json.nextCursor },
			}),
		);
		expect(rest.json.requests.map((r: { id: string }) => r.id)).toEqual([oldNormal.id]);
		expect(rest.json.nextCursor).toBeNull();
		expectError(
			await read(owner.client.api.owner["service-requests"].$get({ query: { cursor: "bogus" } })),
			400,
		);
	});

	test("start, complete and cancel; nonsense changes are 409 and change nothing; the customer is e-mailed", async ({
		app,
	}) => {
		const customer = await approvedCustomer(app);
		const { owner } = customer;
		const request = await serviceRequest(app, { userId: customer.userId });
		const act = (id: string, action: "start" | "complete" | "cancel") =>
			read(
				owner.client.api.owner["service-requests"][":id"][":action"].$post({
					param: { id, action },
				}),
			);

		const started = await act(request.id, "start");
		expect(started.json).toMatchObject({
			status: "in_progress",
			message: REQUEST_MESSAGES.updated,
		});
		expectError(await act(request.id, "start"), 409);
		const done = await act(request.id, "complete");
		expect(done.json).toMatchObject({ status: "resolved", message: REQUEST_MESSAGES.completed });
		const mail = await waitForMail(app.dataDir, customer.email, { containing: "completed" });
		expect(mail.subject).toBe("Your Fix request is complete");

		const mailsBefore = (await readOutbox(app.dataDir)).length;
		const outboxBefore = await app.db.select({ n: count() }).from(emailOutbox);
		expectError(await act(request.id, "complete"), 409, REQUEST_MESSAGES.alreadyClosed);
		expectError(await act(request.id, "cancel"), 409);
		expect(await app.db.select({ n: count() }).from(emailOutbox)).toEqual(outboxBefore);
		expect((await readOutbox(app.dataDir)).length).toBe(mailsBefore);

		const other = await serviceRequest(app, { userId: customer.userId });
		const cancelled = await act(other.id, "cancel");
		expect(cancelled.json).toMatchObject({
			status: "cancelled",
			message: REQUEST_MESSAGES.cancelled,
		});
		await waitForMail(app.dataDir, customer.email, { containing: "was cancelled" });
		expectError(await act(other.id, "complete"), 409);
		expectError(await act(other.id, "start"), 409);

		const statuses = await app.db
			.select({ id: serviceRequests.id, status: serviceRequests.status })
			.from(serviceRequests);
		expect(Object.fromEntries(statuses.map((s) => [s.id, s.status]))).toEqual({
			[request.id]: "resolved",
			[other.id]: "cancelled",
		});
		expectError(await act(crypto.randomUUID(), "complete"), 404);
		// An action the route does not name: raw, as the typed client refuses it.
		expectError(await owner.client.post(`/api/owner/service-requests/${request.id}/reopen`), 400);
		expect(
			(await read(owner.client.api.owner["service-requests"].$get({ query: {} }))).json.requests,
		).toEqual([]);
	});

	test("two Completes at once change the request once and send one e-mail", async ({ app }) => {
		const customer = await approvedCustomer(app);
		const request = await serviceRequest(app, { userId: customer.userId });
		const answers = await Promise.all([
			read(
				customer.owner.client.api.owner["service-requests"][":id"][":action"].$post({
					param: { id: request.id, action: "complete" },
				}),
			),
			read(
				customer.owner.client.api.owner["service-requests"][":id"][":action"].$post({
					param: { id: request.id, action: "complete" },
				}),
			),
		]);
		expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
		await waitForMail(app.dataDir, customer.email, { containing: "completed" });
		const mails = (await readOutbox(app.dataDir)).filter((m) => m.subject.includes("is complete"));
		expect(mails).toHaveLength(1);
	});

	test("cancelling keeps a paid colour fee and removes an unpaid one", async ({ app }) => {
		const customer = await approvedCustomer(app);
		const paid = (await submit(customer.client, colors)).json;
		await app.db
			.update(bills)
			.set({ status: "paid", paidAt: new Date(), paymentMethod: "cash" })
			.where(eq(bills.id, paid.feeBillId));
		const pending = (await submit(customer.client, colors)).json;
		for (const { id } of [paid, pending])
			expect(
				(
					await read(
						customer.owner.client.api.owner["service-requests"][":id"][":action"].$post({
							param: { id, action: "cancel" },
						}),
					)
				).status,
			).toBe(200);
		const left = await app.db
			.select({ id: bills.id })
			.from(bills)
			.where(eq(bills.userId, customer.userId));
		expect(left.map((b) => b.id).sort()).toEqual([customer.bill.id, paid.feeBillId].sort());
	});

	test("the owner adds a request for a customer, owner-only types included", async ({ app }) => {
		const customer = await approvedCustomer(app);
		const { owner } = customer;
		const url = `/api/owner/customers/${customer.record.id}/service-requests`;
		const res = await read(
			owner.client.api.owner.customers[":id"]["service-requests"].$post({
				param: { id: customer.record.id },
				json: {
					requestType: "Takedown",
					details: "After New Year",
					priority: "Normal",
				},
			}),
		);
		expect(res.status, res.text).toBe(201);
		const mail = await waitForMail(app.dataDir, BUSINESS_EMAIL, { containing: "After New Year" });
		expect(mail.subject).toBe("New service request from Casey Customer: Takedown");
		const history = await read(customer.client.api["service-requests"].$get({ query: {} }));
		expect(history.json.requests[0]).toMatchObject({ id: res.json.id, requestType: "Takedown" });

		const color = await read(
			owner.client.api.owner.customers[":id"]["service-requests"].$post({
				param: { id: customer.record.id },
				json: {
					requestType: "ChangeColor",
					colorScheme: "Warm White",
				},
			}),
		);
		expect(color.json.feeBillId).toBeTruthy();
		expectError(
			await owner.client.post(url, { requestType: "Repaint" }),
			400,
			/Request type must be/,
		);
		expectError(
			await read(
				owner.client.api.owner.customers[":id"]["service-requests"].$post({
					param: { id: crypto.randomUUID() },
					json: {
						requestType: "Fix",
					},
				}),
			),
			404,
		);
	});

	test("a customer calling the owner's operations gets 403 and changes nothing", async ({
		app,
	}) => {
		const customer = await approvedCustomer(app);
		const request = await serviceRequest(app, { userId: customer.userId });
		expectError(await read(customer.client.api.owner["service-requests"].$get({ query: {} })), 403);
		for (const action of ["start", "complete", "cancel"] as const)
			expectError(
				await read(
					customer.client.api.owner["service-requests"][":id"][":action"].$post({
						param: { id: request.id, action },
					}),
				),
				403,
			);
		expectError(
			await read(
				customer.client.api.owner.customers[":id"]["service-requests"].$post({
					param: { id: customer.record.id },
					json: {
						requestType: "Fix",
					},
				}),
			),
			403,
		);
		const [row] = await app.db.select().from(serviceRequests);
		expect(row!.status).toBe("open");
	});

	test("the Pending Requests tile and the cards' FIX and COLOR badges follow every change", async ({
		app,
	}) => {
		const customer = await approvedCustomer(app);
		const { owner } = customer;
		const dashboard = async () => {
			const res = await read(owner.client.api.owner.dashboard.$get());
			const card = res.json.customers.find((c: { id: string }) => c.id === customer.record.id);
			return {
				pending: res.json.stats.pendingRequests,
				fix: card.fixCount,
				color: card.colorCount,
			};
		};
		expect(await dashboard()).toEqual({ pending: 0, fix: 0, color: 0 });
		const a = (await submit(customer.client, fix)).json.id;
		const b = (await submit(customer.client, colors)).json.id;
		await submit(customer.client, { requestType: "MoreLights" });
		expect(await dashboard()).toEqual({ pending: 3, fix: 1, color: 1 });
		await read(
			owner.client.api.owner["service-requests"][":id"][":action"].$post({
				param: { id: a, action: "start" },
			}),
		);
		expect(await dashboard()).toEqual({ pending: 3, fix: 1, color: 1 });
		await read(
			owner.client.api.owner["service-requests"][":id"][":action"].$post({
				param: { id: a, action: "complete" },
			}),
		);
		await read(customer.client.api["service-requests"][":id"].cancel.$post({ param: { id: b } }));
		expect(await dashboard()).toEqual({ pending: 1, fix: 0, color: 0 });
		expect(
			(await read(customer.client.api["service-requests"].$get({ query: {} }))).json.active,
		).toBe(true);
	});
});
