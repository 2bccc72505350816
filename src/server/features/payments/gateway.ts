/** What a card was, as this server may keep it: never its number or CVC. */
export interface CardSummary {
	cardBrand: string | null;
	cardLast4: string | null;
	cardExpMonth: number | null;
	cardExpYear: number | null;
}

/** A charge the provider took or refused; `providerPaymentId` names it at the provider. */
export type ChargeResult =
	| ({ ok: true; providerPaymentId: string } & CardSummary)
	| ({ ok: false; providerPaymentId: string | null; message: string } & CardSummary);

interface ChargeRequest {
	amountCents: number;
	description: string;
	/** The payment row's id: the provider charges once per key, however often we ask. */
	idempotencyKey: string;
	/** A saved or just-made payment method: Stripe's `pm_…`, or in test mode a test card's token. */
	paymentMethodId: string;
	metadata: Record<string, string>;
	/** A charge made while the customer is away (the plan's months). */
	offSession?: boolean;
}

/** The few calls the product makes to a card provider; Stripe and the built-in test mode. */
export interface PaymentGateway {
	provider: "stripe" | "test";
	charge(request: ChargeRequest): Promise<ChargeResult>;
	refund(request: {
		providerPaymentId: string;
		amountCents: number;
		reason: string;
		idempotencyKey: string;
	}): Promise<{ providerRefundId: string }>;
}
