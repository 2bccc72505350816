import { and, eq, sql } from "drizzle-orm";
import { progressPercent } from "../../../shared/customers.ts";
import { APPROVAL_REQUIRED_MESSAGE } from "../../../shared/quotes.ts";
import type { Deps } from "../../app-env.ts";
import type { Executor } from "../../db/database.ts";
import { customers, profiles, quoteRequests, users } from "../../db/schema.ts";
import type { Actor } from "../../lib/actor.ts";
import { forbidden } from "../../lib/errors.ts";
import type { EventBus } from "../../lib/events.ts";

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

/** The acting customer signs the contract of their approved quote: agreed_to_services becomes true. */
export async function signContract(options: {
	deps: Pick<Deps, "db" | "events">;
	actor: Actor;
}): Promise<{ agreedToServices: boolean }> {
	const { deps, actor } = options;
	return deps.events.transaction(async (tx) => {
		await requireApprovedQuote({ db: tx, actor });
		const [row] = await tx
			.update(customers)
			.set({ agreedToServices: true, updatedAt: sql`now()` })
			.where(eq(customers.userId, actor.id))
			.returning({ id: customers.id });
		if (row) await deps.events.publish(tx, { kind: "customer.changed", userId: actor.id });
		return { agreedToServices: Boolean(row) };
	});
}

/** The acting customer's own record, or null before their first approved quote. */
export async function getMyCustomer(options: { db: Executor; actor: Actor }) {
	const [row] = await options.db
		.select({
			idNumber: customers.idNumber,
			serviceType: customers.serviceType,
			agreedToServices: customers.agreedToServices,
			paidInvoice: customers.paidInvoice,
			installCompleted: customers.installCompleted,
			takedownCompleted: customers.takedownCompleted,
		})
		.from(customers)
		.where(eq(customers.userId, options.actor.id));
	return row ? { ...row, progressPercent: progressPercent(row) } : null;
}
