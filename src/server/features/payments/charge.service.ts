import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { formatCents } from "../../../shared/money.ts";
import { type Card, PAYMENT_MESSAGES, type PayBillResult } from "../../../shared/payments.ts";
import { payments } from "../../db/schema.ts";
import type { Actor } from "../../lib/actor.ts";
import { requireApprovedQuote } from "../../lib/customer-approval.ts";
import { badRequest } from "../../lib/errors.ts";
import { insertPayment, lockPayableBill, type PaymentDeps, settleBill } from "./bill-settlement.ts";
import type { PaidResult, RefusedResult } from "./charge-result.ts";
import { startCheckout } from "./checkout.service.ts";
import type { CardSummary } from "./gateway.ts";
import {
	cardRefused,
	type LoadedGateway,
	loadGateway,
	paymentsOff,
} from "./payment-setup.service.ts";
import { testGateway, testPaymentMethod } from "./test-gateway.ts";

/**
 * The customer pays one of their bills. Test mode: the typed card is charged here (only the
 * provider's test cards; the amount is the bill's). Stripe: the answer is the hosted checkout to go
 * to; the bill is paid when Stripe's signed webhook says so. A refused card is 402.
 */
export async function payBill(options: {
	deps: PaymentDeps;
	actor: Actor;
	billId: string;
	card?: Card;
}): Promise<PayBillResult> {
	const { deps, actor, billId, card } = options;
	// The route's middleware (approvedQuoteOnly) answers this before the body is read; the rule is
	// the service's own, whoever calls it.
	await requireApprovedQuote({ db: deps.db, actor });
	const loaded = await loadGateway(deps);
	if (loaded.mode === "off") throw await paymentsOff(deps);
	if (loaded.mode === "stripe") {
		if (card) throw badRequest(PAYMENT_MESSAGES.cardsAtStripe);
		return startCheckout({ deps, gateway: loaded.gateway, actor, billId });
	}
	if (!card) throw badRequest(PAYMENT_MESSAGES.cardNumberRequired);
	const result = await chargeTestCard({ deps, actor, billId, card });
	if (result.kind === "refused") throw cardRefused(result.message);
	return result;
}

/** Test mode answers at once, so the whole payment is one transaction under the bill's lock. */
async function chargeTestCard(options: {
	deps: PaymentDeps;
	actor: Actor;
	billId: string;
	card: Card;
}): Promise<PaidResult | RefusedResult> {
	const { deps, billId } = options;
	const method = testPaymentMethod(options.card);
	return deps.events.transaction(async (tx) => {
		const { bill, payer } = await lockPayableBill(tx, billId, options.actor.id);
		if (!method.ok)
			return { kind: "refused" as const, billId, paymentId: null, message: method.message };
		const paymentId = randomUUID();
		const answer = await testGateway.charge({
			amountCents: bill.amountCents,
			description: bill.description,
			idempotencyKey: paymentId,
			paymentMethodId: method.token,
			metadata: {},
		});
		await insertPayment(tx, {
			id: paymentId,
			billId: bill.id,
			userId: bill.userId,
			provider: "test",
			providerPaymentId: answer.providerPaymentId,
			status: answer.ok ? "succeeded" : "failed",
			failureMessage: answer.ok ? null : answer.message,
			amountCents: bill.amountCents,
			...method.summary,
		});
		if (!answer.ok) {
			await deps.events.publish(tx, { kind: "bill.changed", billId: bill.id, userId: bill.userId });
			return { kind: "refused" as const, billId, paymentId, message: answer.message };
		}
		await settleBill({ deps, tx, bill, payer, card: method.summary, testMode: true });
		return paidResult({ billId, paymentId, amountCents: bill.amountCents, card: method.summary });
	});
}

const paidResult = (options: {
	billId: string;
	paymentId: string;
	amountCents: number;
	card: Pick<CardSummary, "cardBrand" | "cardLast4">;
}): PaidResult => ({
	kind: "paid",
	billId: options.billId,
	paymentId: options.paymentId,
	amountCents: options.amountCents,
	cardBrand: options.card.cardBrand,
	cardLast4: options.card.cardLast4,
	message: PAYMENT_MESSAGES.paid(formatCents(options.amountCents)),
});

/**
 * Charges a pending bill of `userId` with a saved or just-entered payment method, once (Add
 * Customer's card, the plan's monthly charge): a pending payment row is written under the bill's
 * lock first (its unique index allows one per bill), the provider is asked with that row's id as
 * the idempotency key, and the answer settles the bill or records the refusal. A second attempt
 * while one is under way gets 409; one after it, the bill's new state.
 */
export async function chargeBill(options: {
	deps: PaymentDeps;
	loaded: Exclude<LoadedGateway, { mode: "off" }>;
	billId: string;
	userId: string;
	paymentMethodId: string;
	card: CardSummary;
	offSession?: boolean;
}): Promise<PaidResult | RefusedResult> {
	const { deps, loaded } = options;
	const paymentId = randomUUID();
	const { bill, payer } = await deps.events.transaction(async (tx) => {
		const locked = await lockPayableBill(tx, options.billId, options.userId);
		await insertPayment(tx, {
			id: paymentId,
			billId: locked.bill.id,
			userId: locked.bill.userId,
			provider: loaded.gateway.provider,
			amountCents: locked.bill.amountCents,
			...options.card,
		});
		return locked;
	});
	let result: Awaited<ReturnType<typeof loaded.gateway.charge>>;
	try {
		result = await loaded.gateway.charge({
			amountCents: bill.amountCents,
			description: bill.description,
			idempotencyKey: paymentId,
			paymentMethodId: options.paymentMethodId,
			metadata: { billId: bill.id, paymentId },
			offSession: options.offSession,
		});
	} catch (error) {
		deps.logger.error({ err: error, paymentId }, "card charge failed");
		result = {
			ok: false,
			providerPaymentId: null,
			message: "The card could not be charged right now: please try again",
			cardBrand: null,
			cardLast4: null,
			cardExpMonth: null,
			cardExpYear: null,
		};
	}
	// The provider's card details, when it gave them, else what was typed (test mode).
	const card: CardSummary = {
		cardBrand: result.cardBrand ?? options.card.cardBrand,
		cardLast4: result.cardLast4 ?? options.card.cardLast4,
		cardExpMonth: result.cardExpMonth ?? options.card.cardExpMonth,
		cardExpYear: result.cardExpYear ?? options.card.cardExpYear,
	};
	return deps.events.transaction(async (tx) => {
		await tx
			.update(payments)
			.set({
				status: result.ok ? "succeeded" : "failed",
				providerPaymentId: result.providerPaymentId,
				failureMessage: result.ok ? null : result.message,
				...card,
				updatedAt: sql`now()`,
			})
			.where(eq(payments.id, paymentId));
		if (!result.ok) {
			await deps.events.publish(tx, { kind: "bill.changed", billId: bill.id, userId: bill.userId });
			return { kind: "refused" as const, billId: bill.id, paymentId, message: result.message };
		}
		// Settling pays the bill only while it is pending: the pending payment row kept it so.
		await settleBill({ deps, tx, bill, payer, card, testMode: loaded.mode === "test" });
		return paidResult({ billId: bill.id, paymentId, amountCents: bill.amountCents, card });
	});
}
