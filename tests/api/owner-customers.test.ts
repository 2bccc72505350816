import fs from "node:fs";
import path from "node:path";
import { count, eq, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
	accounts,
	bills,
	customers,
	emailOutbox,
	files,
	profiles,
	quoteRequests,
	users,
} from "../../src/server/db/schema.ts";
import { AUTH_MESSAGES } from "../../src/shared/auth.ts";
import { type CreateCustomerInput, CUSTOMER_MESSAGES } from "../../src/shared/customers.ts";
import { type Account, signedInCustomer, signedInOwner } from "../support/accounts.ts";
import { approvedCustomer, sampleLines, serviceRequest } from "../support/builders.ts";
import { expectError } from "../support/expect.ts";
import { formFile, HttpClient, read } from "../support/http-client.ts";
import { png } from "../support/images.ts";
import { openLiveStream } from "../support/live-stream.ts";
import { readOutbox, waitForMail } from "../support/outbox.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

let app: TestApp;
beforeEach(async () => {
	app = await startTestApp();
});
afterEach(() => app.close());

/** Dana's form: a house outline at $450.00 (base $400) and two medium trees at base price. */
async function danaForm(extra: Partial<CreateCustomerInput> = {}): Promise<CreateCustomerInput> {
	const [outline, trees] = await sampleLines(app);
	return {
		name: "Dana Porch",
		email: "Dana@Example.test",
		password: "porch-lights-1",
		phone: "(330) 555-0142",
		address: "12 Elm Street",
		city: "Canton",
		state: "OH",
		zipCode: "44702",
		services: [
			{ serviceId: outline!.serviceId, quantity: 1, unitPriceCents: 45000 },
			{ serviceId: trees!.serviceId, quantity: 2, unitPriceCents: trees!.unitPriceCents },
		],
		notes: "Gate code 1234",
		...extra,
	};
}

function addCustomer(
	owner: Account,
	data: unknown,
	photos: { name: string; bytes: Uint8Array; type?: string }[] = [],
) {
	return read(
		owner.client.api.owner.customers.$post({
			form: {
				data: typeof data === "string" ? data : JSON.stringify(data),
				photos: photos.map((p) => formFile({ ...p, type: p.type ?? "image/png" })),
			},
		}),
	);
}

function upload(
	client: HttpClient,
	method: string,
	url: string,
	field: string,
	items: { name: string; bytes: Uint8Array; type?: string }[],
) {
	const form = new FormData();
	for (const p of items)
		form.append(field, new Blob([p.bytes as BlobPart], { type: p.type ?? "image/png" }), p.name);
	return client.request(method, url, form);
}

async function rowCounts() {
	const rows = async (table: PgTable) =>
		Number((await app.db.select({ n: count() }).from(table))[0]?.n ?? -1);
	return {
		users: await rows(users),
		accounts: await rows(accounts),
		profiles: await rows(profiles),
		customers: await rows(customers),
		quotes: await rows(quoteRequests),
		bills: await rows(bills),
		files: await rows(files),
		mail: await rows(emailOutbox),
	};
}

const storedFiles = (folder: string) => {
	const dir = path.join(app.dataDir, "uploads", folder);
	return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }) : [];
};

describe("POST /api/owner/customers (Add Customer)", () => {
	it("creates the login, profile, record, approved quote at the owner's prices, its bill, photos and welcome e-mail", async () => {
		const owner = await signedInOwner(app);
		const res = await addCustomer(owner, await danaForm(), [
			{ name: "front.png", bytes: await png() },
		]);
		expect(res.status, res.text).toBe(201);
		expect(res.json).toMatchObject({ idNumber: 1001, totalCents: 45000 + 2 * 12500 });

		const [user] = await app.db.select().from(users).where(eq(users.email, "dana@example.test"));
		const [profile] = await app.db.select().from(profiles).where(eq(profiles.userId, user!.id));
		expect(profile).toMatchObject({
			role: "customer",
			accountStatus: "active",
			displayName: "Dana Porch",
		});
		const [record] = await app.db.select().from(customers);
		expect(record).toMatchObject({
			id: res.json.id,
			userId: user!.id,
			status: "active",
			phone: "(330) 555-0142",
			address: "12 Elm Street",
			notes: "Gate code 1234",
		});
		const [quote] = await app.db.select().from(quoteRequests);
		expect(quote).toMatchObject({ status: "approved", totalEstimateCents: 70000 });
		expect(quote!.services.map((l) => l.unitPriceCents)).toEqual([45000, 12500]);
		// The instant quote is advice kept beside the owner's prices, not the total.
		expect(quote!.aiQuote).toMatchObject({ subtotalCents: 65000 });
		const [bill] = await app.db.select().from(bills);
		expect(bill).toMatchObject({
			quoteRequestId: quote!.id,
			amountCents: 70000,
			status: "pending",
		});
		const photos = await app.db.select().from(files);
		expect(photos).toMatchObject([
			{ kind: "quote_photo", quoteRequestId: quote!.id, userId: user!.id },
		]);

		const mail = await waitForMail(app.dataDir, "dana@example.test");
		expect(mail.subject).toContain("Welcome");
		expect(mail.text).toContain(`${app.url}/auth`);
		expect(mail.text).not.toContain("porch-lights-1");
		expect(mail.html).not.toContain("porch-lights-1");

		// The customer signs in with the password the owner set and sees the quote and the bill.
		const dana = new HttpClient(app.url);
		const signIn = await dana.post("/api/auth/sign-in/email", {
			email: "dana@example.test",
			password: "porch-lights-1",
		});
		expect(signIn.status, signIn.text).toBe(200);
		const latest = await read(dana.api.quotes.latest.$get());
		expect(latest.json.quote).toMatchObject({ status: "approved", totalEstimateCents: 70000 });
		const myBills = await read(dana.api.bills.$get());
		expect(myBills.json.bills).toMatchObject([{ amountCents: 70000, status: "pending" }]);
		const dashboard = await read(owner.client.api.owner.dashboard.$get());
		expect(dashboard.json.customers).toMatchObject([{ name: "Dana Porch", hasPendingBills: true }]);
		expect(dashboard.json.stats.activeCustomers).toBe(1);
	});

	it("leaves nothing behind when a step fails midway, photo files included", async () => {
		const owner = await signedInOwner(app);
		const before = await rowCounts();
		// The bill is written after the login, profile, record, quote and photo rows.
		await app.db.execute(sql`create function refuse_bill() returns trigger language plpgsql as $$
			begin raise exception 'bills are closed'; end $$`);
		await app.db.execute(
			sql`create trigger refuse_bill before insert on bills for each row execute function refuse_bill()`,
		);
		const res = await addCustomer(owner, await danaForm(), [
			{ name: "front.png", bytes: await png() },
		]);
		expect(res.status).toBe(500);
		expect(await rowCounts()).toEqual(before);
		expect(storedFiles("quote-photos")).toEqual([]);
		expect(await readOutbox(app.dataDir)).toEqual([]);
	});

	it("refuses an e-mail already in use, and two quick clicks create one customer", async () => {
		const owner = await signedInOwner(app);
		const form = await danaForm();
		const [first, second] = await Promise.all([addCustomer(owner, form), addCustomer(owner, form)]);
		expect([first.status, second.status].sort()).toEqual([201, 409]);
		expectError(first.status === 409 ? first : second, 409, CUSTOMER_MESSAGES.emailInUse);
		expect((await rowCounts()).customers).toBe(1);
		expectError(
			await addCustomer(owner, { ...form, email: "owner@example.test" }),
			409,
			CUSTOMER_MESSAGES.emailInUse,
		);
		expect((await rowCounts()).users).toBe(2);
	});

	it("answers 400 with SPEC's messages and writes nothing", async () => {
		const owner = await signedInOwner(app);
		const form = await danaForm();
		const before = await rowCounts();
		const cases: [unknown, string][] = [
			[{ ...form, name: " " }, CUSTOMER_MESSAGES.required],
			[{ ...form, email: "" }, CUSTOMER_MESSAGES.required],
			[{ ...form, password: "" }, CUSTOMER_MESSAGES.required],
			[{ ...form, password: "12345" }, AUTH_MESSAGES.passwordTooShort],
			[{ ...form, email: "not-an-email" }, "Please enter a valid email address"],
			[{ ...form, address: "" }, CUSTOMER_MESSAGES.addressAndService],
			[{ ...form, services: [] }, CUSTOMER_MESSAGES.addressAndService],
			[
				{ ...form, services: [{ ...form.services[0]!, unitPriceCents: -1 }] },
				"Prices cannot be negative",
			],
			[
				{ ...form, services: [{ ...form.services[0]!, unitPriceCents: 1.5 }] },
				"Prices are in whole cents",
			],
			[
				{ ...form, services: [{ ...form.services[0]!, quantity: 0 }] },
				"Quantity must be at least 1",
			],
			[
				{
					...form,
					services: [
						{ serviceId: "00000000-0000-4000-8000-000000000000", quantity: 1, unitPriceCents: 1 },
					],
				},
				"Unknown service",
			],
			["{not json", "The form data is not valid JSON"],
		];
		for (const [data, message] of cases) expectError(await addCustomer(owner, data), 400, message);
		expectError(
			await addCustomer(owner, form, [
				{ name: "notes.txt", bytes: new TextEncoder().encode("hi") },
			]),
			400,
			/not a supported image/,
		);
		expect(await rowCounts()).toEqual(before);
	});

	it("is the owner's alone", async () => {
		await signedInOwner(app);
		const customer = await signedInCustomer(app);
		expectError(await addCustomer(customer, await danaForm()), 403);
		expectError(
			await read(
				new HttpClient(app.url).api.owner.customers[":id"].$get({
					param: { id: "00000000-0000-4000-8000-000000000000" },
				}),
			),
			401,
		);
	});
});

describe("the customer page", () => {
	it("shows the record, every bill, the quotes with photos and the service requests", async () => {
		const owner = await signedInOwner(app);
		const created = await addCustomer(owner, await danaForm(), [
			{ name: "front.png", bytes: await png() },
		]);
		const { id, userId, billId } = created.json;
		await serviceRequest(app, { userId, requestType: "Fix" });
		const res = await read(owner.client.api.owner.customers[":id"].$get({ param: { id } }));
		expect(res.status, res.text).toBe(200);
		expect(res.json.customer).toMatchObject({
			id,
			idNumber: 1001,
			name: "Dana Porch",
			email: "dana@example.test",
			status: "active",
			serviceType: "installation",
			progressPercent: 0,
			imageFileId: null,
		});
		expect(res.json.bills).toMatchObject([{ id: billId, amountCents: 70000, status: "pending" }]);
		expect(res.json.quotes).toHaveLength(1);
		expect(res.json.quotes[0].photoIds).toHaveLength(1);
		expect(res.json.serviceRequests).toMatchObject([{ requestType: "Fix", status: "open" }]);
		expect(res.json.installationMedia).toEqual([]);

		expectError(
			await read(
				owner.client.api.owner.customers[":id"].$get({
					param: { id: "00000000-0000-4000-8000-000000000000" },
				}),
			),
			404,
			CUSTOMER_MESSAGES.notFound,
		);
		expectError(
			await read(owner.client.api.owner.customers[":id"].$get({ param: { id: "nope" } })),
			400,
			CUSTOMER_MESSAGES.notFound,
		);
	});

	it("edits the account info and notes, checked field by field", async () => {
		const customer = await approvedCustomer(app);
		const { owner, record } = customer;
		const url = `/api/owner/customers/${record.id}`;
		await read(owner.client.api.owner.customers[":id"].$get({ param: { id: record.id } })); // cached now: the edit must drop it
		const res = await read(
			owner.client.api.owner.customers[":id"].$patch({
				param: { id: record.id },
				json: {
					name: "Casey Lights",
					phone: "330-555-0199",
					address: "9 Oak Ave",
					status: "inactive",
					serviceType: "maintenance",
					notes: "Side gate",
				},
			}),
		);
		expect(res.status, res.text).toBe(200);
		expect(res.json.message).toBe(CUSTOMER_MESSAGES.updated);
		expect(
			(await read(owner.client.api.owner.customers[":id"].$get({ param: { id: record.id } }))).json
				.customer,
		).toMatchObject({
			name: "Casey Lights",
			phone: "330-555-0199",
			status: "inactive",
			serviceType: "maintenance",
			notes: "Side gate",
		});
		expect((await read(customer.client.api.customer.$get())).json.customer.serviceType).toBe(
			"maintenance",
		);
		const cards = (await read(owner.client.api.owner.dashboard.$get())).json.customers;
		expect(cards[0]).toMatchObject({ name: "Casey Lights", status: "inactive" });

		expectError(
			await owner.client.request("PATCH", url, { status: "gone" }),
			400,
			/Status must be/,
		);
		expectError(
			await owner.client.request("PATCH", url, { serviceType: "x" }),
			400,
			/Service type/,
		);
		// The edit has no password: the message names only the missing field.
		expectError(
			await read(
				owner.client.api.owner.customers[":id"].$patch({
					param: { id: record.id },
					json: { name: "" },
				}),
			),
			400,
			CUSTOMER_MESSAGES.nameRequired,
		);
		expectError(
			await read(
				owner.client.api.owner.customers[":id"].$patch({
					param: { id: record.id },
					json: { email: "" },
				}),
			),
			400,
			CUSTOMER_MESSAGES.emailRequired,
		);
		expectError(
			await read(
				owner.client.api.owner.customers[":id"].$patch({
					param: { id: record.id },
					json: { notes: "x".repeat(5_001) },
				}),
			),
			400,
			"Notes can be at most 5,000 characters",
		);
		expectError(
			await read(
				owner.client.api.owner.customers[":id"].$patch({
					param: { id: record.id },
					json: { email: "x" },
				}),
			),
			400,
			/valid email/,
		);
		expectError(await owner.client.request("PATCH", url, { role: "owner" }), 400);
		expectError(
			await read(
				owner.client.api.owner.customers[":id"].$patch({
					param: { id: record.id },
					json: { email: "owner@example.test" },
				}),
			),
			409,
			CUSTOMER_MESSAGES.emailInUse,
		);
		expectError(
			await read(
				customer.client.api.owner.customers[":id"].$patch({
					param: { id: record.id },
					json: { name: "Me" },
				}),
			),
			403,
		);
		expect(
			(await read(owner.client.api.owner.customers[":id"].$get({ param: { id: record.id } }))).json
				.customer.name,
		).toBe("Casey Lights");
	});

	it("toggles milestones at once; the customer sees them", async () => {
		const customer = await approvedCustomer(app);
		const { owner, record } = customer;
		const url = `/api/owner/customers/${record.id}/progress`;
		await read(customer.client.api.customer.$get());
		const res = await read(
			owner.client.api.owner.customers[":id"].progress.$patch({
				param: { id: record.id },
				json: { installCompleted: true },
			}),
		);
		expect(res.status, res.text).toBe(200);
		expect(res.json).toMatchObject({ installCompleted: true, progressPercent: 25 });
		const both = await read(
			owner.client.api.owner.customers[":id"].progress.$patch({
				param: { id: record.id },
				json: { agreedToServices: true },
			}),
		);
		expect(both.json).toMatchObject({ installCompleted: true, progressPercent: 50 });
		expect((await read(customer.client.api.customer.$get())).json.customer).toMatchObject({
			agreedToServices: true,
			installCompleted: true,
			progressPercent: 50,
		});
		expectError(
			await read(
				owner.client.api.owner.customers[":id"].progress.$patch({
					param: { id: record.id },
					json: {},
				}),
			),
			400,
			"Choose a milestone to change",
		);
		expectError(await owner.client.request("PATCH", url, { paidInvoice: "yes" }), 400);
		expectError(
			await read(
				customer.client.api.owner.customers[":id"].progress.$patch({
					param: { id: record.id },
					json: { paidInvoice: true },
				}),
			),
			403,
		);
	});

	it("marks a pending bill paid by cash or check, once", async () => {
		const customer = await approvedCustomer(app);
		const { owner, bill } = customer;
		const url = `/api/owner/bills/${bill.id}/mark-paid`;
		await read(customer.client.api.bills.$get());
		expectError(await owner.client.post(url, { method: "card" }), 400, "Choose cash or check");
		expectError(
			await read(
				customer.client.api.owner.bills[":id"]["mark-paid"].$post({
					param: { id: bill.id },
					json: { method: "cash" },
				}),
			),
			403,
		);
		const res = await read(
			owner.client.api.owner.bills[":id"]["mark-paid"].$post({
				param: { id: bill.id },
				json: { method: "check" },
			}),
		);
		expect(res.status, res.text).toBe(200);
		expect(res.json).toMatchObject({ status: "paid", paymentMethod: "check" });
		expect((await read(customer.client.api.bills.$get())).json.bills[0]).toMatchObject({
			status: "paid",
		});
		expect((await read(customer.client.api.customer.$get())).json.customer.paidInvoice).toBe(true);
		const card = (await read(owner.client.api.owner.dashboard.$get())).json.customers[0];
		expect(card).toMatchObject({ hasPendingBills: false, accountState: "Active" });
		expectError(
			await read(
				owner.client.api.owner.bills[":id"]["mark-paid"].$post({
					param: { id: bill.id },
					json: { method: "cash" },
				}),
			),
			409,
			CUSTOMER_MESSAGES.billAlreadyPaid,
		);
		expectError(
			await read(
				owner.client.api.owner.bills[":id"]["mark-paid"].$post({
					param: { id: "00000000-0000-4000-8000-000000000000" },
					json: {
						method: "cash",
					},
				}),
			),
			404,
		);
	});
});

describe("undoing a cash or check payment", () => {
	it("puts the bill back to pending within two minutes, once, and the customer hears of it; never a card payment or an old one", async () => {
		const customer = await approvedCustomer(app);
		const { owner, bill } = customer;
		const undo = () =>
			read(owner.client.api.owner.bills[":id"]["undo-mark-paid"].$post({ param: { id: bill.id } }));
		expectError(await undo(), 409, CUSTOMER_MESSAGES.billUndoNotPaid);
		await read(
			owner.client.api.owner.bills[":id"]["mark-paid"].$post({
				param: { id: bill.id },
				json: { method: "cash" },
			}),
		);
		expectError(
			await read(
				customer.client.api.owner.bills[":id"]["undo-mark-paid"].$post({ param: { id: bill.id } }),
			),
			403,
		);
		// The customer's open pages hear of the undo (their bills and progress are read again).
		const stream = await openLiveStream(app.url, customer.client.cookieHeader());
		try {
			await expect.poll(() => stream.comments.includes("connected")).toBe(true);
			// The typed client: the path, its parameters and the answer's shape come from the route.
			const res = await owner.client.api.owner.bills[":id"]["undo-mark-paid"].$post({
				param: { id: bill.id },
			});
			expect(res.status).toBe(200);
			const undone = await res.json();
			expect(undone).toEqual({
				id: bill.id,
				status: "pending",
				message: CUSTOMER_MESSAGES.billPaymentUndone,
			});
			const heard = await stream.next((e) => e.data.kind === "bill.changed", 15_000);
			expect(heard.data).toMatchObject({ billId: bill.id });
		} finally {
			await stream.close();
		}
		expect((await read(customer.client.api.bills.$get())).json.bills[0]).toMatchObject({
			status: "pending",
			paymentMethod: null,
			paidAt: null,
		});
		expect((await read(customer.client.api.customer.$get())).json.customer.paidInvoice).toBe(false);
		expectError(await undo(), 409, CUSTOMER_MESSAGES.billUndoNotPaid);

		// Recorded three minutes ago: too late, the bill stays paid.
		await read(
			owner.client.api.owner.bills[":id"]["mark-paid"].$post({
				param: { id: bill.id },
				json: { method: "check" },
			}),
		);
		await app.db
			.update(bills)
			.set({ paidAt: sql`now() - interval '3 minutes'` })
			.where(eq(bills.id, bill.id));
		expectError(await undo(), 409, CUSTOMER_MESSAGES.billUndoTooLate);
		// A card payment is refunded, never undone, however recent.
		await app.db
			.update(bills)
			.set({ paidAt: sql`now()`, paymentMethod: "card" })
			.where(eq(bills.id, bill.id));
		expectError(await undo(), 409, CUSTOMER_MESSAGES.billUndoCard);
		expect((await read(customer.client.api.bills.$get())).json.bills[0].status).toBe("paid");
		expectError(
			await read(
				owner.client.api.owner.bills[":id"]["undo-mark-paid"].$post({
					param: { id: "00000000-0000-4000-8000-000000000000" },
				}),
			),
			404,
		);
	});
});

describe("the customer's picture", () => {
	it("uploads, replaces and removes it; the card shows it", async () => {
		const { owner, record } = await approvedCustomer(app);
		const url = `/api/owner/customers/${record.id}/image`;
		const first = await upload(owner.client, "PUT", url, "image", [
			{ name: "casey.png", bytes: await png() },
		]);
		expect(first.status, first.text).toBe(200);
		expect(first.json.message).toBe("Image uploaded for Casey Customer");
		expect(
			(await read(owner.client.api.owner.dashboard.$get())).json.customers[0].imageFileId,
		).toBe(first.json.imageFileId);
		expect(
			(await read(owner.client.api.files[":id"].$get({ param: { id: first.json.imageFileId } })))
				.status,
		).toBe(200);

		const second = await upload(owner.client, "PUT", url, "image", [
			{
				name: "casey.webp",
				bytes: await sharp(await png("#00f"))
					.webp()
					.toBuffer(),
				type: "image/webp",
			},
		]);
		expect(second.status, second.text).toBe(200);
		const images = await app.db.select().from(files).where(eq(files.kind, "customer_image"));
		expect(images.map((f) => f.id)).toEqual([second.json.imageFileId]);
		expect(storedFiles(`customer-images/${record.id}`)).toHaveLength(1);

		const removed = await read(
			owner.client.api.owner.customers[":id"].image.$delete({ param: { id: record.id } }),
		);
		expect(removed.json.message).toBe(CUSTOMER_MESSAGES.imageRemoved);
		expect(
			(await read(owner.client.api.owner.customers[":id"].$get({ param: { id: record.id } }))).json
				.customer.imageFileId,
		).toBeNull();
		expect(storedFiles(`customer-images/${record.id}`)).toHaveLength(0);
	});

	it("takes JPG, PNG or WebP up to 5 MB only", async () => {
		const { owner, record, ...customer } = await approvedCustomer(app);
		const url = `/api/owner/customers/${record.id}/image`;
		const big = new Uint8Array(5 * 1024 * 1024 + 1);
		big.set(await png());
		expectError(
			await upload(owner.client, "PUT", url, "image", [{ name: "big.png", bytes: big }]),
			413,
			CUSTOMER_MESSAGES.imageTooLarge,
		);
		const huge = new Uint8Array(9 * 1024 * 1024);
		expectError(
			await upload(owner.client, "PUT", url, "image", [{ name: "huge.png", bytes: huge }]),
			413,
			CUSTOMER_MESSAGES.imageTooLarge,
		);
		const gif = await sharp(await png())
			.gif()
			.toBuffer();
		expectError(
			await upload(owner.client, "PUT", url, "image", [
				{ name: "a.gif", bytes: gif, type: "image/gif" },
			]),
			400,
			CUSTOMER_MESSAGES.notAnImage,
		);
		expectError(
			await upload(owner.client, "PUT", url, "image", [
				{ name: "a.png", bytes: new TextEncoder().encode("not a picture") },
			]),
			400,
			CUSTOMER_MESSAGES.notAnImage,
		);
		expectError(
			await upload(owner.client, "PUT", url, "image", []),
			400,
			CUSTOMER_MESSAGES.notAnImage,
		);
		expectError(
			await upload(customer.client, "PUT", url, "image", [{ name: "a.png", bytes: await png() }]),
			403,
		);
		expect(await app.db.select().from(files)).toEqual([]);
	});
});

describe("installation media", () => {
	it("is seen by that customer only", async () => {
		const casey = await approvedCustomer(app);
		const { owner } = casey;
		const pat = await approvedCustomer(app, {
			owner,
			email: "pat@example.test",
			displayName: "Pat",
		});
		const url = `/api/owner/customers/${casey.record.id}/installation-media`;
		const res = await upload(owner.client, "POST", url, "media", [
			{ name: "night.png", bytes: await png() },
			{ name: "day.png", bytes: await png("#ff0") },
		]);
		expect(res.status, res.text).toBe(201);
		expect(res.json.ids).toHaveLength(2);

		const mine = await read(casey.client.api["installation-media"].$get());
		expect(mine.json.media.map((m: { id: string }) => m.id).sort()).toEqual(res.json.ids.sort());
		expect(
			(await read(casey.client.api.files[":id"].$get({ param: { id: res.json.ids[0] } }))).status,
		).toBe(200);
		expect((await read(pat.client.api["installation-media"].$get())).json.media).toEqual([]);
		expect(
			(await read(pat.client.api.files[":id"].$get({ param: { id: res.json.ids[0] } }))).status,
		).toBe(404);
		const page = await read(
			owner.client.api.owner.customers[":id"].$get({ param: { id: casey.record.id } }),
		);
		expect(page.json.installationMedia).toHaveLength(2);

		expectError(
			await upload(pat.client, "POST", url, "media", [{ name: "x.png", bytes: await png() }]),
			403,
		);
		expectError(
			await upload(owner.client, "POST", url, "media", [
				{ name: "x.txt", bytes: new TextEncoder().encode("x") },
			]),
			400,
		);
		expectError(
			await read(
				owner.client.api.owner.customers[":id"]["installation-media"][":fileId"].$delete({
					param: { id: pat.record.id, fileId: res.json.ids[0] },
				}),
			),
			404,
		);
		const removed = await read(
			owner.client.api.owner.customers[":id"]["installation-media"][":fileId"].$delete({
				param: { id: casey.record.id, fileId: res.json.ids[0] },
			}),
		);
		expect(removed.status, removed.text).toBe(200);
		expect((await read(casey.client.api["installation-media"].$get())).json.media).toHaveLength(1);
	});
});

describe("GET /api/owner/customers (search and paging)", () => {
	it("finds customers by name, e-mail, number, phone or street, a page at a time", async () => {
		const owner = await signedInOwner(app);
		const people = [
			["Alice Birch", "alice@example.test", "(330) 555-0101", "1 Maple Drive"],
			["Bob Cedar", "bob@lights.test", "330.555.0102", "2 Oak Street"],
			["Carol Birch", "carol@example.test", null, "3 Pine Road"],
			["Dan 100% Fir", "dan_fir@example.test", null, "4 Birch Lane"],
		] as const;
		for (const [i, [name, email, phone, address]] of people.entries()) {
			await app.db.insert(users).values({ id: `u${i}`, name, email });
			await app.db.insert(customers).values({
				userId: `u${i}`,
				name,
				email,
				phone,
				address,
				createdAt: new Date(Date.now() - (10 - i) * 60_000),
			});
		}
		app.readCache.clear();
		const names = async (q: string) => {
			const res = await read(owner.client.api.owner.customers.$get({ query: { q } }));
			expect(res.status, res.text).toBe(200);
			return res.json.customers.map((c: { name: string }) => c.name);
		};
		expect(await names("birch")).toEqual(["Dan 100% Fir", "Carol Birch", "Alice Birch"]);
		expect(await names("LIGHTS.TEST")).toEqual(["Bob Cedar"]);
		expect(await names("#1003")).toEqual(["Carol Birch"]);
		expect(await names("1002")).toEqual(["Bob Cedar"]);
		expect(await names("3305550101")).toEqual(["Alice Birch"]);
		expect(await names("555-0102")).toEqual(["Bob Cedar"]);
		expect(await names("(330) 555")).toEqual(["Bob Cedar", "Alice Birch"]);
		expect(await names("oak st")).toEqual(["Bob Cedar"]);
		expect(await names("100%")).toEqual(["Dan 100% Fir"]);
		expect(await names("n_f")).toEqual(["Dan 100% Fir"]);
		expect(await names("nobody")).toEqual([]);
		expect(await names("")).toHaveLength(4);

		const first = await read(
			owner.client.api.owner.customers.$get({ query: { q: "birch", limit: "2" } }),
		);
		expect(first.json.customers).toHaveLength(2);
		const next = await read(
			owner.client.api.owner.customers.$get({
				query: { q: "birch", limit: "2", cursor: first.json.nextCursor },
			}),
		);
		expect(next.json.customers.map((c: { name: string }) => c.name)).toEqual(["Alice Birch"]);
		expect(next.json.nextCursor).toBeNull();
		expectError(
			await read(owner.client.api.owner.customers.$get({ query: { q: "x".repeat(101) } })),
			400,
		);
		expectError(
			await read(owner.client.api.owner.customers.$get({ query: { cursor: "bad" } })),
			400,
		);
	});

	it("finds the few old customers a term matches behind hundreds of newer ones, newest first", async () => {
		const owner = await signedInOwner(app);
		// 600 customers, newest first g = 1..600; only the five oldest live on Spruce Court.
		await app.db.execute(sql`
			insert into users (id, name, email)
				select 'walk-' || g, 'Walker ' || g, 'w' || g || '@walk.test' from generate_series(1, 600) g`);
		await app.db.execute(sql`
			insert into customers (user_id, name, email, address, created_at)
				select 'walk-' || g, 'Walker ' || g, 'w' || g || '@walk.test',
					case when g > 595 then g || ' Spruce Court' else g || ' Elm Street' end,
					now() - (g || ' minutes')::interval
				from generate_series(1, 600) g`);
		app.readCache.clear();
		const page = async (query: { q: string; limit: string; cursor?: string }) => {
			const res = await read(owner.client.api.owner.customers.$get({ query }));
			expect(res.status, res.text).toBe(200);
			return res.json as { customers: { name: string }[]; nextCursor: string | null };
		};
		const first = await page({ q: "spruce", limit: "3" });
		expect(first.customers.map((c) => c.name)).toEqual(["Walker 596", "Walker 597", "Walker 598"]);
		const rest = await page({ q: "spruce", limit: "3", cursor: first.nextCursor! });
		expect(rest.customers.map((c) => c.name)).toEqual(["Walker 599", "Walker 600"]);
		expect(rest.nextCursor).toBeNull();
		// A broad term fills the page from the newest customers.
		const broad = await page({ q: "elm street", limit: "2" });
		expect(broad.customers.map((c) => c.name)).toEqual(["Walker 1", "Walker 2"]);
	});
});
