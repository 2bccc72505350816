import { and, eq, sql } from "drizzle-orm";
import { APPROVAL_REQUIRED_MESSAGE } from "../../shared/quotes.ts";
import type { Executor } from "../db/database.ts";
import { customers, profiles, quoteRequests, users } from "../db/schema.ts";
import type { Actor } from "./actor.ts";
import { forbidden } from "./errors.ts";
import type { EventBus } from "./events.ts";

/*
 * What a quote's approval changes, read and written by several features: the approval (quotes),
 * Add Customer and website customers (customers) make a login an active customer; the guards
 * (auth), service requests and payments ask whether the customer has an approved quote. It lives
 * here, below the features, so none of them has to import another one that imports it back.
 */

/**
 * A login becomes an active customer (its quote was approved): the profile turns active and the
 * customer record is created, or linked and activated. Contact and property details fill in only
 * where the record has none yet. Pass the transaction of the approval.
 */
export async function activateCustomer(options: {
	db: Executor;
	events: EventBus;
	userId: string;
	details: {
		phone?: string | null;
		address?: string | null;
		city?: string | null;
		state?: string | null;
		zipCode?: string | null;
	};
}) {
	const { db, userId } = options;
	const [user] = await db
		.select({ name: users.name, email: users.email })
		.from(users)
		.where(eq(users.id, userId));
	if (!user) throw new Error(`No user ${userId}`);
	await db
		.update(profiles)
		.set({ accountStatus: "active", updatedAt: sql`now()` })
		.where(eq(profiles.userId, userId));
	const d = options.details;
	const [row] = await db
		.insert(customers)
		.values({
			userId,
			name: user.name,
			email: user.email,
			phone: d.phone ?? null,
			address: d.address ?? null,
			city: d.city ?? null,
			state: d.state ?? null,
			zipCode: d.zipCode ?? null,
			status: "active",
		})
		.onConflictDoUpdate({
			target: customers.userId,
			set: {
				status: "active",
				phone: sql`coalesce(${customers.phone}, excluded.phone)`,
				address: sql`coalesce(${customers.address}, excluded.address)`,
				city: sql`coalesce(${customers.city}, excluded.city)`,
				state: sql`coalesce(${customers.state}, excluded.state)`,
				zipCode: sql`coalesce(${customers.zipCode}, excluded.zip_code)`,
				updatedAt: sql`now()`,
			},
		})
		.returning({ id: customers.id, idNumber: customers.idNumber });
	await options.events.publish(db, { kind: "profile.changed", userId });
	return row!;
}

/**
 * The gate of everything that follows approval (payments, service requests, the contract): the
 * acting customer's approved quote, or 403 with SPEC's message.
 */
export async function requireApprovedQuote(options: { db: Executor; actor: Actor }) {
	const [row] = await options.db
		.select({ id: quoteRequests.id })
		.from(quoteRequests)
		.where(and(eq(quoteRequests.userId, options.actor.id), eq(quoteRequests.status, "approved")))
		.limit(1);
	if (!row) throw forbidden(APPROVAL_REQUIRED_MESSAGE);
	return row.id;
}
