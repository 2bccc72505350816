import { eq } from "drizzle-orm";
import type { PgInsertValue, PgTable } from "drizzle-orm/pg-core";
import { expect } from "vitest";
import {
	bills,
	chatMessages,
	customers,
	marketingQuoteRequests,
	profiles,
	quoteRequests,
	serviceOptions,
	serviceRequests,
} from "../../src/server/db/schema.ts";
import { BILL_DUE_DAYS } from "../../src/server/features/bills/bills.service.ts";
import { countInConversation } from "../../src/server/features/chat/chat.service.ts";
import { addDays, businessDate } from "../../src/shared/dates.ts";
import type { QuoteLine } from "../../src/shared/quotes.ts";
import { type Account, signedInCustomer, signedInOwner } from "./accounts.ts";
import { read } from "./http-client.ts";
import type { TestApp } from "./test-app.ts";

/** Inserts one row behind the server's back, so clears the answers it keeps, as its own writes do. */
async function inserted<T extends PgTable>(
	app: TestApp,
	table: T,
	values: PgInsertValue<T>,
): Promise<T["$inferSelect"]> {
	const [row] = (await app.db.insert(table).values(values).returning()) as T["$inferSelect"][];
	app.readCache.clear();
	return row!;
}

/** Lines from the seeded catalogue: a house outline and two medium trees ($650.00). */
export async function sampleLines(app: TestApp): Promise<QuoteLine[]> {
	const services = await app.db.select().from(serviceOptions);
	const byName = (name: string) => services.find((s) => s.name === name)!;
	const outline = byName("House Outline");
	const trees = byName("Medium Trees");
	return [
		{
			serviceId: outline.id,
			name: outline.name,
			description: outline.description,
			unitPriceCents: outline.basePriceCents,
			quantity: 1,
		},
		{
			serviceId: trees.id,
			name: trees.name,
			description: trees.description,
			unitPriceCents: trees.basePriceCents,
			quantity: 2,
		},
	];
}

/** A customer's quote request from the app, pending unless told otherwise: $650.00 in Canton. */
export async function appQuote(
	app: TestApp,
	values: { userId: string } & Partial<typeof quoteRequests.$inferInsert>,
) {
	return inserted(app, quoteRequests, {
		address: "100 Market Ave N",
		city: "Canton",
		state: "OH",
		services: await sampleLines(app),
		totalEstimateCents: 65000,
		...values,
	});
}

/** A visitor's quote request from the public site, pending unless told otherwise: $650.00. */
export async function websiteQuote(
	app: TestApp,
	values: Partial<typeof marketingQuoteRequests.$inferInsert> = {},
) {
	return inserted(app, marketingQuoteRequests, {
		name: "Wendy Web",
		email: "wendy@example.test",
		address: "1 Main St",
		city: "Akron",
		services: await sampleLines(app),
		totalEstimateCents: 65000,
		...values,
	});
}

/**
 * A signed-in customer whose app quote the owner approved through the API, so everything approval
 * makes is there: the approved quote, its pending bill, the active profile and customer record, and
 * the e-mail to the customer. Pass `owner` when the install has one already (a second owner cannot
 * sign up without an invite); otherwise the first owner is made too.
 */
export async function approvedCustomer(
	app: TestApp,
	options: {
		owner?: Account;
		email?: string;
		displayName?: string;
		quote?: Partial<typeof quoteRequests.$inferInsert>;
	} = {},
) {
	const owner = options.owner ?? (await signedInOwner(app));
	const customer = await signedInCustomer(app, {
		email: options.email,
		displayName: options.displayName,
	});
	const { id } = await appQuote(app, { ...options.quote, userId: customer.userId });
	const res = await read(
		owner.client.api.owner.quotes[":source"][":id"].approve.$post({
			param: { source: "app", id },
			json: {},
		}),
	);
	expect(res.status, res.text).toBe(200);
	const [quote] = await app.db.select().from(quoteRequests).where(eq(quoteRequests.id, id));
	const [bill] = await app.db.select().from(bills).where(eq(bills.quoteRequestId, id));
	const [record] = await app.db
		.select()
		.from(customers)
		.where(eq(customers.userId, customer.userId));
	return { ...customer, owner, quote: quote!, bill: bill!, record: record! };
}

/** What a customer sends to sign their contract: consent and their typed full name. */
export const SIGNATURE = { consent: true, fullName: "Casey Customer" } as const;

/** A pending $650.00 installation bill due in 30 days; a paid one is paid now unless told. */
export async function bill(
	app: TestApp,
	values: { userId: string } & Partial<typeof bills.$inferInsert>,
) {
	return inserted(app, bills, {
		description: "Holiday lighting installation",
		dueDate: addDays(businessDate(), BILL_DUE_DAYS),
		amountCents: 65000,
		...(values.status === "paid" ? { paidAt: new Date(), paymentMethod: "cash" as const } : {}),
		...values,
	});
}

/** An open, normal-priority request to fix the lights; a colour change is to Multicolor. */
export async function serviceRequest(
	app: TestApp,
	values: { userId: string } & Partial<typeof serviceRequests.$inferInsert>,
) {
	return inserted(app, serviceRequests, {
		requestType: "Fix",
		details: "The porch lights are out",
		...(values.requestType === "ChangeColor" ? { requestedColorScheme: "Multicolor" } : {}),
		...values,
	});
}

/**
 * A text message in a customer's conversation, from the customer unless told otherwise; the sender's
 * name is their display name.
 */
export async function chatMessage(
	app: TestApp,
	values: { customerUserId: string } & Partial<typeof chatMessages.$inferInsert>,
) {
	const senderUserId =
		values.senderUserId === undefined ? values.customerUserId : values.senderUserId;
	let senderName = values.senderName;
	let senderRole = values.senderRole;
	if (senderUserId && (!senderName || !senderRole)) {
		const [profile] = await app.db
			.select({ displayName: profiles.displayName, role: profiles.role })
			.from(profiles)
			.where(eq(profiles.userId, senderUserId));
		senderName ??= profile?.displayName;
		senderRole ??= senderUserId === values.customerUserId ? "customer" : "owner";
	}
	const message = await inserted(app, chatMessages, {
		content: "Hello! When can you put the lights up?",
		...values,
		senderUserId,
		senderName: senderName ?? "Casey Customer",
		senderRole: senderRole ?? "customer",
	});
	// The conversation row the product keeps beside its messages (newest message, unread counts).
	await countInConversation(app.db, message);
	return message;
}

/**
 * Add Customer as the owner sends it: Dana Porch at 12 Elm Street with a house outline at $450.00,
 * the card section as given (`payment`). Answers the raw response.
 */
export async function addCustomerWithPayment(
	app: TestApp,
	owner: Account,
	options: { email: string; payment: unknown },
) {
	const [outline] = await sampleLines(app);
	const form = new FormData();
	form.append(
		"data",
		JSON.stringify({
			name: "Dana Porch",
			email: options.email,
			password: "porch-lights-1",
			address: "12 Elm Street",
			city: "Canton",
			services: [{ serviceId: outline!.serviceId, quantity: 1, unitPriceCents: 45000 }],
			payment: options.payment,
		}),
	);
	// Raw: the card section goes as given, valid or not.
	return owner.client.request("POST", "/api/owner/customers", form);
}

/**
 * A customer with an approved quote and a signed contract, booked by the owner for `day` in the
 * 2026-27 Prime window (tests set the clock before it, e.g. to September 1, 2026). `house` sets the
 * record's address fields first.
 */
export async function bookedCustomer(
	app: TestApp,
	options: {
		owner?: Account;
		email?: string;
		displayName?: string;
		day: string;
		house?: Partial<
			Pick<typeof customers.$inferInsert, "address" | "city" | "state" | "zipCode" | "phone">
		>;
	},
) {
	const customer = await approvedCustomer(app, options);
	const signed = await read(customer.client.api.contract.sign.$post({ json: SIGNATURE }));
	expect(signed.status, signed.text).toBe(200);
	if (options.house) {
		await app.db.update(customers).set(options.house).where(eq(customers.id, customer.record.id));
		app.readCache.clear();
	}
	const windows = await read(customer.client.api.bookings.$get());
	const prime = windows.json.windows.find(
		(w: { name: string; seasonId: string }) => w.name === "Prime" && w.seasonId === "2026-27",
	)!;
	const booked = await read(
		customer.owner.client.api.owner.bookings.$post({
			json: { customerId: customer.record.id, windowId: prime.id, day: options.day },
		}),
	);
	expect(booked.status, booked.text).toBe(201);
	return { ...customer, bookingId: booked.json.id as string };
}
