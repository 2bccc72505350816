import type { Deps } from "../../app-env.ts";
import { leads } from "../../db/schema.ts";
import { newLeadEmail } from "../email/templates.ts";
import { getBusinessProfile } from "../settings/settings.service.ts";

/** Saves a contact-form message and, in the same transaction, queues the business's notice. */
export async function createLead(options: {
	deps: Pick<Deps, "mailer" | "events">;
	input: {
		fullName: string;
		email: string;
		phone: string | null;
		city: string | null;
		message: string | null;
	};
}): Promise<{ id: string }> {
	const { deps, input } = options;
	const id = await deps.events.transaction(async (tx) => {
		const [row] = await tx
			.insert(leads)
			.values({
				fullName: input.fullName,
				email: input.email,
				phone: input.phone,
				city: input.city,
				message: input.message,
			})
			.returning({ id: leads.id });
		const business = await getBusinessProfile({ db: tx });
		await deps.mailer.enqueue(newLeadEmail({ business, lead: input }), tx);
		await deps.events.publish(tx, { kind: "lead.created", leadId: row!.id });
		return row!.id;
	});
	return { id };
}
