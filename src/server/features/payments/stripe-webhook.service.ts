import { eq, sql } from "drizzle-orm";
import { businessDate } from "../../../shared/dates.ts";
import { bills, paymentEvents, payments, planSubscriptions } from "../../db/schema.ts";
import { badRequest } from "../../lib/errors.ts";
import { getPricing } from "../settings/settings.service.ts";
import type { PaymentDeps } from "./bill-settlement.ts";
import { completeCheckout, expireCheckout } from "./checkout.service.ts";
import { loadGateway } from "./payment-setup.service.ts";
import { insertPlanBill, monthOf, nextMonth } from "./plan.service.ts";

type StripeObject = Record<string, unknown> & {
	id: string;
	mode?: string;
	payment_status?: string;
	payment_intent?: string | { id: string } | null;
	subscription?: string | { id: string } | null;
	metadata?: Record<string, string> | null;
	amount_total?: number | null;
	amount_paid?: number;
	period_start?: number;
	parent?: {
		subscription_details?: {
			subscription?: string | { id: string } | null;
			metadata?: Record<string, string> | null;
		} | null;
	} | null;
};

const idOf = (value: string | { id: string } | null | undefined) =>
	typeof value === "string" ? value : (value?.id ?? null);

/**
 * Stripe's webhook: the event is trusted only when Stripe signed this exact body with the webhook
 * secret, recently (the SDK's check, five minutes' tolerance). Each event is handled once: its id
 * is recorded in the same transaction as its effect, so a delivery again changes nothing.
 */
export async function handleStripeWebhook(options: {
	deps: PaymentDeps;
	rawBody: string;
	signature: string | undefined;
}) {
	const { deps } = options;
	const loaded = await loadGateway(deps);
	if (loaded.mode !== "stripe") throw badRequest("Stripe is not set up in Settings");
	const event = await loaded.gateway.verifyEvent(options.rawBody, options.signature);
	const object = event.data.object as unknown as StripeObject;
	// What the effect needs from Stripe is fetched before the transaction.
	const paidCheckout =
		(event.type === "checkout.session.completed" ||
			event.type === "checkout.session.async_payment_succeeded") &&
		object.mode === "payment" &&
		object.payment_status === "paid";
	const intentId = paidCheckout ? idOf(object.payment_intent) : null;
	const intent = intentId ? await loaded.gateway.paymentIntent(intentId) : null;

	const handled = await deps.events.transaction(async (tx) => {
		const [fresh] = await tx
			.insert(paymentEvents)
			.values({ id: event.id, type: event.type })
			.onConflictDoNothing()
			.returning({ id: paymentEvents.id });
		if (!fresh) return false;
		const paymentId = object.metadata?.paymentId;
		if (paidCheckout && intent && paymentId) {
			await completeCheckout({ deps, tx, paymentId, intent });
		} else if (event.type === "checkout.session.expired" && paymentId) {
			await expireCheckout({ deps, tx, paymentId });
		} else if (event.type === "checkout.session.completed" && object.mode === "subscription") {
			const userId = object.metadata?.userId;
			const subscriptionId = idOf(object.subscription);
			if (userId && subscriptionId) {
				const values = {
					status: "active" as const,
					provider: "stripe" as const,
					providerSubscriptionId: subscriptionId,
					priceCents: object.amount_total || (await getPricing({ db: tx })).planPriceCents,
					nextChargeDate: nextMonth(businessDate()),
					cancelledAt: null,
					updatedAt: sql`now()`,
				};
				await tx
					.insert(planSubscriptions)
					.values({ userId, ...values })
					.onConflictDoUpdate({ target: planSubscriptions.userId, set: values });
				await deps.events.publish(tx, { kind: "customer.changed", userId });
			}
		} else if (event.type === "invoice.paid") {
			const subscriptionId =
				idOf(object.parent?.subscription_details?.subscription) ?? idOf(object.subscription);
			const [plan] = subscriptionId
				? await tx
						.select()
						.from(planSubscriptions)
						.where(eq(planSubscriptions.providerSubscriptionId, subscriptionId))
				: [];
			if (plan && object.amount_paid) {
				const month = businessDate(new Date((object.period_start ?? Date.now() / 1000) * 1000));
				const bill = await insertPlanBill(tx, {
					userId: plan.userId,
					month,
					amountCents: object.amount_paid,
				});
				if (bill) {
					await tx
						.update(bills)
						.set({ status: "paid", paidAt: sql`now()`, paymentMethod: "card" })
						.where(eq(bills.id, bill.id));
					await tx.insert(payments).values({
						billId: bill.id,
						userId: plan.userId,
						provider: "stripe",
						providerPaymentId: object.id,
						status: "succeeded",
						amountCents: object.amount_paid,
						cardBrand: plan.cardBrand,
						cardLast4: plan.cardLast4,
					});
					await deps.events.publish(tx, {
						kind: "bill.changed",
						billId: bill.id,
						userId: plan.userId,
					});
				}
				await tx
					.update(planSubscriptions)
					.set({ nextChargeDate: nextMonth(monthOf(month)), updatedAt: sql`now()` })
					.where(eq(planSubscriptions.userId, plan.userId));
			}
		} else if (event.type === "customer.subscription.deleted") {
			const [plan] = await tx
				.update(planSubscriptions)
				.set({ status: "cancelled", cancelledAt: sql`now()`, updatedAt: sql`now()` })
				.where(eq(planSubscriptions.providerSubscriptionId, object.id))
				.returning({ userId: planSubscriptions.userId });
			if (plan) await deps.events.publish(tx, { kind: "customer.changed", userId: plan.userId });
		}
		return true;
	});
	return { received: true, duplicate: !handled };
}
