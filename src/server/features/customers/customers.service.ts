import { eq, sql } from "drizzle-orm";
import { progressPercent } from "../../../shared/customers.ts";
import type { Deps } from "../../app-env.ts";
import type { Executor } from "../../db/database.ts";
import { customers } from "../../db/schema.ts";
import type { Actor } from "../../lib/actor.ts";
import { requireApprovedQuote } from "../../lib/customer-approval.ts";

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
