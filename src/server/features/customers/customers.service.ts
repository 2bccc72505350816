import { eq, sql } from "drizzle-orm";
import { progressPercent } from "../../../shared/customers.ts";
import type { Executor } from "../../db/database.ts";
import { customers, users } from "../../db/schema.ts";

/**
 * Creates the customer record of a login, or links and activates the one that exists.
 * Contact and property details fill in only where the record has none yet.
 */
export async function activateCustomer(options: {
	db: Executor;
	userId: string;
	details: {
		phone?: string | null;
		address?: string | null;
		city?: string | null;
		state?: string | null;
		zipCode?: string | null;
	};
}) {
	const [user] = await options.db
		.select({ name: users.name, email: users.email })
		.from(users)
		.where(eq(users.id, options.userId));
	if (!user) throw new Error(`No user ${options.userId}`);
	const d = options.details;
	const [row] = await options.db
		.insert(customers)
		.values({
			userId: options.userId,
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
	return row!;
}

/** The customer signs the contract of their approved quote: agreed_to_services becomes true. */
export async function signContract(options: { db: Executor; userId: string }) {
	const [row] = await options.db
		.update(customers)
		.set({ agreedToServices: true, updatedAt: sql`now()` })
		.where(eq(customers.userId, options.userId))
		.returning({ id: customers.id });
	return Boolean(row);
}

/** The signed-in customer's own record, or null before their first approved quote. */
export async function getMyCustomer(options: { db: Executor; userId: string }) {
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
		.where(eq(customers.userId, options.userId));
	return row ? { ...row, progressPercent: progressPercent(row) } : null;
}
