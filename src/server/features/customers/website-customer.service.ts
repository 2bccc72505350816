import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { QUOTE_MESSAGES } from "../../../shared/quotes.ts";
import type { Deps } from "../../app-env.ts";
import { profiles, users } from "../../db/schema.ts";
import { type Actor, assertOwner } from "../../lib/actor.ts";
import { activateCustomer } from "../../lib/customer-approval.ts";
import { conflict } from "../../lib/errors.ts";
import { createQuoteBill } from "../bills/bills.service.ts";
import { customerInviteEmail } from "../email/templates.ts";
import { getWebsiteQuote, moveWebsiteQuoteToAccount } from "../quotes/quotes.service.ts";
import { getBusinessProfile } from "../settings/settings.service.ts";

/** How long the "set your password" link of a new customer stays usable. */
const INVITE_LINK_DAYS = 7;

/**
 * The owner turns an approved website quote into a customer: a login for the e-mail on the
 * request (no password yet), the quote as their approved app quote with its bill, an active
 * profile and customer record, the photos moved under the customer, and an e-mail with a link to
 * set a password. Only once per quote; an e-mail that already has a login is refused.
 */
export async function createCustomerFromWebsiteQuote(options: {
	deps: Deps;
	actor: Actor;
	id: string;
}) {
	const { deps, actor, id } = options;
	assertOwner(actor);
	const quote = await getWebsiteQuote({ db: deps.db, id });
	if (quote.status !== "approved") throw conflict(QUOTE_MESSAGES.approveFirst);
	if (quote.customerUserId) throw conflict(QUOTE_MESSAGES.accountExists);
	const email = quote.email.toLowerCase();
	const [existing] = await deps.db
		.select({ id: users.id })
		.from(users)
		.where(eq(users.email, email));
	if (existing) throw conflict(QUOTE_MESSAGES.emailTaken);

	const auth = await deps.auth.$context;
	const user = await auth.internalAdapter.createUser({
		email,
		name: quote.name,
		// Confirmed when the password is set from the e-mailed link (auth.ts: onPasswordReset).
		emailVerified: false,
	});
	try {
		// The same kind of one-use link as a password reset (better-auth keeps it hashed), valid longer.
		const token = randomBytes(24).toString("base64url");
		await auth.internalAdapter.createVerificationValue({
			value: user.id,
			identifier: `reset-password:${token}`,
			expiresAt: new Date(Date.now() + INVITE_LINK_DAYS * 86_400_000),
		});
		await deps.events.transaction(async (tx) => {
			const moved = await moveWebsiteQuoteToAccount({
				tx,
				events: deps.events,
				id,
				userId: user.id,
			});
			await tx
				.insert(profiles)
				.values({ userId: user.id, displayName: quote.name, phone: quote.phone })
				.onConflictDoUpdate({
					target: profiles.userId,
					set: { displayName: quote.name, phone: quote.phone },
				});
			await createQuoteBill({
				db: tx,
				events: deps.events,
				userId: user.id,
				quoteRequestId: moved.quoteId,
				amountCents: moved.amountCents,
			});
			await activateCustomer({ db: tx, events: deps.events, userId: user.id, details: quote });
			const business = await getBusinessProfile({ db: tx });
			await deps.mailer.enqueue(
				customerInviteEmail({
					to: email,
					amountCents: moved.amountCents,
					url: `${deps.env.APP_URL}/auth/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`,
					business,
				}),
				tx,
			);
		});
	} catch (error) {
		await deps.db.delete(users).where(eq(users.id, user.id));
		throw error;
	}
	return { userId: user.id, message: QUOTE_MESSAGES.accountCreated };
}
