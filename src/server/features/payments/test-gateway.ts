import { randomUUID } from "node:crypto";
import { type Card, cardBrand, PAYMENT_MESSAGES } from "../../../shared/payments.ts";
import type { CardSummary, ChargeResult, PaymentGateway } from "./gateway.ts";

/**
 * The card provider's published test cards, under the names Stripe gives their payment methods.
 * Test mode accepts these and nothing else: any other number may be a real card.
 */
const TEST_CARDS: Record<string, { token: string; outcome: "succeeded" | "declined" | "funds" }> = {
	"4242424242424242": { token: "pm_card_visa", outcome: "succeeded" },
	"4000000000000002": { token: "pm_card_chargeDeclined", outcome: "declined" },
	"4000000000009995": { token: "pm_card_chargeDeclinedInsufficientFunds", outcome: "funds" },
};
const BY_TOKEN = new Map(Object.values(TEST_CARDS).map((c) => [c.token, c]));

/**
 * A typed test card as a payment method: its token and what may be kept of it. A number that is
 * not one of the test cards is refused (402) before anything is recorded: it may be a real card.
 */
export function testPaymentMethod(card: Card):
	| { ok: true; token: string; summary: CardSummary }
	| {
			ok: false;
			message: string;
	  } {
	const known = TEST_CARDS[card.cardNumber];
	if (!known) return { ok: false, message: PAYMENT_MESSAGES.liveCardInTestMode };
	return {
		ok: true,
		token: known.token,
		summary: {
			cardBrand: cardBrand(card.cardNumber),
			cardLast4: card.cardNumber.slice(-4),
			cardExpMonth: card.expMonth,
			cardExpYear: card.expYear,
		},
	};
}

/** Why a test card's token is refused, as the provider would say it; null when it is charged. */
export function testRefusal(token: string): string | null {
	const card = BY_TOKEN.get(token);
	if (!card) return PAYMENT_MESSAGES.liveCardInTestMode;
	if (card.outcome === "funds") return PAYMENT_MESSAGES.insufficientFunds;
	if (card.outcome === "declined") return PAYMENT_MESSAGES.declined;
	return null;
}

/**
 * The built-in test mode: answers at once, as the provider would for its test cards. It holds
 * nothing: the outcome follows from the token alone, so a retried charge gives the same answer.
 */
export const testGateway = {
	provider: "test",
	async charge(request): Promise<ChargeResult> {
		const summary = { cardBrand: null, cardLast4: null, cardExpMonth: null, cardExpYear: null };
		const refusal = testRefusal(request.paymentMethodId);
		const providerPaymentId = BY_TOKEN.has(request.paymentMethodId)
			? `test_pi_${request.idempotencyKey}`
			: null;
		if (refusal === null) return { ok: true, providerPaymentId: providerPaymentId!, ...summary };
		return { ok: false, providerPaymentId, message: refusal, ...summary };
	},
	async refund() {
		return { providerRefundId: `test_re_${randomUUID()}` };
	},
} satisfies PaymentGateway;
