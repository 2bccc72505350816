import { randomBytes } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { QUOTE_MESSAGES } from "../../../shared/quotes.ts";
import type { Deps } from "../../app-env.ts";
import { files, marketingQuoteRequests, profiles, quoteRequests, users } from "../../db/schema.ts";
import { conflict, notFound } from "../../lib/errors.ts";
import { createQuoteBill } from "../bills/bills.service.ts";
import { activateCustomer } from "../customers/customers.service.ts";
import { customerInviteEmail } from "../email/templates.ts";
import { getBusinessProfile } from "../settings/settings.service.ts";

/** How long the "set your password" link of a new customer stays usable. */
export const INVITE_LINK_DAYS = 7;

/**
 * Turns an approved website quote into a customer: a login for the e-mail on the request (no
 * password yet), the quote as their approved app quote with its bill, an active profile and
 * customer record, the photos moved under the customer, and an e-mail with a link to set a
 * password. Only once per quote; an e-mail that already has a login is refused.
 */
export async function createCustomerFromWebsiteQuote(options: { deps: Deps; id: string }) {
	const { deps, id } = options;
	const [quote] = await deps.db
		.select()
		.from(marketingQuoteRequests)
		.where(eq(marketingQuoteRequests.id, id));
	if (!quote) throw notFound("Quote not found");
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
		const amountCents = quote.revisedPriceCents ?? quote.totalEstimateCents;
		await deps.db.transaction(async (tx) => {
			const claimed = await tx
				.update(marketingQuoteRequests)
				.set({ customerUserId: user.id, updatedAt: sql`now()` })
				.where(
					and(eq(marketingQuoteRequests.id, id), isNull(marketingQuoteRequests.customerUserId)),
				)
				.returning({ id: marketingQuoteRequests.id });
			if (claimed.length === 0) throw conflict(QUOTE_MESSAGES.accountExists);

			await tx
				.insert(profiles)
				.values({
					userId: user.id,
					displayName: quote.name,
					phone: quote.phone,
					accountStatus: "active",
				})
				.onConflictDoUpdate({
					target: profiles.userId,
					set: { displayName: quote.name, phone: quote.phone, accountStatus: "active" },
				});
			const [appQuote] = await tx
				.insert(quoteRequests)
				.values({
					userId: user.id,
					status: "approved",
					address: quote.address,
					city: quote.city,
					state: quote.state,
					zipCode: quote.zipCode,
					phone: quote.phone,
					services: quote.services,
					totalEstimateCents: quote.totalEstimateCents,
					revisedPriceCents: quote.revisedPriceCents,
					ownerNotes: quote.ownerNotes,
					notes: quote.notes,
					aiQuote: quote.aiQuote,
					createdAt: quote.createdAt,
				})
				.returning({ id: quoteRequests.id });
			await createQuoteBill({ db: tx, userId: user.id, quoteRequestId: appQuote!.id, amountCents });
			await activateCustomer({ db: tx, userId: user.id, details: quote });
			await tx
				.update(files)
				.set({ userId: user.id, quoteRequestId: appQuote!.id })
				.where(eq(files.marketingQuoteRequestId, id));
			const business = await getBusinessProfile({ db: tx });
			await deps.mailer.enqueue(
				customerInviteEmail({
					to: email,
					name: quote.name,
					amountCents,
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
	deps.mailer.kick();
	return { userId: user.id, message: QUOTE_MESSAGES.accountCreated };
}
