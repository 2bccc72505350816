import { PAYMENT_MESSAGES, type PaymentMode } from "../../../shared/payments.ts";
import type { Deps } from "../../app-env.ts";
import { AppError } from "../../lib/errors.ts";
import { getBusinessProfile, getPaymentKeys } from "../settings/settings.service.ts";
import { stripeGateway } from "./stripe-gateway.ts";
import { testGateway } from "./test-gateway.ts";

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

export interface ChargeRequest {
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

/** How cards are taken now, with the gateway that takes them (none when payments are off). */
export type PaymentSetup =
	| { mode: "stripe"; gateway: ReturnType<typeof stripeGateway>; publishableKey: string | null }
	| { mode: "test"; gateway: typeof testGateway; publishableKey: null }
	| { mode: "off"; gateway: null; publishableKey: null };

/**
 * Stripe when a secret key is saved in Settings or set in the environment; otherwise the labelled
 * test mode, unless the owner switched it off.
 */
export async function paymentSetup(
	deps: Pick<Deps, "db" | "env" | "secrets" | "logger">,
): Promise<PaymentSetup> {
	const keys = await getPaymentKeys(deps);
	if (keys.secretKey)
		return {
			mode: "stripe",
			gateway: stripeGateway({
				secretKey: keys.secretKey,
				webhookSecret: keys.webhookSecret,
				apiUrl: deps.env.STRIPE_API_URL,
			}),
			publishableKey: keys.publishableKey ?? null,
		};
	if (keys.testMode) return { mode: "test", gateway: testGateway, publishableKey: null };
	return { mode: "off", gateway: null, publishableKey: null };
}

/** 503 with the business phone, for a customer asking to pay while payments are off. */
export async function paymentsOff(deps: Pick<Deps, "db">): Promise<AppError> {
	const business = await getBusinessProfile(deps);
	return new AppError(503, PAYMENT_MESSAGES.customerNoProvider(business.phone), "payments_off");
}

/** A refused card: 402 with the provider's reason; nothing was charged. */
export const cardRefused = (message: string) => new AppError(402, message, "card_refused");

export type { PaymentMode };
