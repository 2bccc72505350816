import { eq } from "drizzle-orm";
import { progressPercent } from "../../../shared/customers.ts";
import type { Executor } from "../../db/database.ts";
import { customers } from "../../db/schema.ts";
import type { Actor } from "../../lib/actor.ts";

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
