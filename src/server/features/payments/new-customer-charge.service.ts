import { type Card, PAYMENT_MESSAGES } from "../../../shared/payments.ts";
import { type Actor, assertOwner } from "../../lib/actor.ts";
import { AppError } from "../../lib/errors.ts";
import type { PaymentDeps } from "./bill-settlement.ts";
import { chargeBill } from "./charge.service.ts";
import type { PaidResult, RefusedResult } from "./charge-result.ts";
import type { CardSummary } from "./gateway.ts";
import { loadGateway } from "./payment-setup.service.ts";
import { testPaymentMethod } from "./test-gateway.ts";

/**
 * Add Customer's card, charged by the owner for the new customer's first bill once the customer
 * exists. A refusal is reported, not thrown: the customer stays created and the bill pending.
 */
export async function chargeNewCustomer(options: {
	deps: PaymentDeps;
	actor: Actor;
	billId: string;
	userId: string;
	payment: { card?: Card; paymentMethodId?: string };
}): Promise<PaidResult | RefusedResult> {
	const { deps, billId, payment } = options;
	assertOwner(options.actor);
	const refused = (message: string): RefusedResult => ({
		kind: "refused",
		billId,
		paymentId: null,
		message,
	});
	const loaded = await loadGateway(deps);
	if (loaded.mode === "off") return refused(PAYMENT_MESSAGES.ownerNoProvider);
	let paymentMethodId: string;
	let card: CardSummary = {
		cardBrand: null,
		cardLast4: null,
		cardExpMonth: null,
		cardExpYear: null,
	};
	if (loaded.mode === "test") {
		if (!payment.card) return refused("Test mode takes the card's number, expiry and CVV");
		const method = testPaymentMethod(payment.card);
		if (!method.ok) return refused(method.message);
		paymentMethodId = method.token;
		card = method.summary;
	} else {
		if (!payment.paymentMethodId)
			return refused("With Stripe, the card is entered in Stripe's own card field");
		paymentMethodId = payment.paymentMethodId;
	}
	try {
		return await chargeBill({
			deps,
			loaded,
			billId,
			userId: options.userId,
			paymentMethodId,
			card,
		});
	} catch (error) {
		if (error instanceof AppError) return refused(error.message);
		throw error;
	}
}
