import Stripe from "stripe";
import { badRequest } from "../../lib/errors.ts";
import type { CardSummary, ChargeResult, PaymentGateway } from "./gateway.ts";

/** Stripe's answer for a refused card, kept as it says it ("Your card was declined."). */
function refusal(error: unknown): string | null {
	if (error instanceof Stripe.errors.StripeCardError) return error.message.replace(/\.$/, "");
	return null;
}

type Charge = {
	payment_method_details?: {
		card?: { brand?: string; last4?: string; exp_month?: number; exp_year?: number } | null;
	} | null;
};

/** The card of a PaymentIntent whose `latest_charge` was expanded. */
function cardOf(intent: { latest_charge?: string | Charge | null }): CardSummary {
	const card =
		typeof intent.latest_charge === "object"
			? intent.latest_charge?.payment_method_details?.card
			: null;
	return {
		cardBrand: card?.brand ?? null,
		cardLast4: card?.last4 ?? null,
		cardExpMonth: card?.exp_month ?? null,
		cardExpYear: card?.exp_year ?? null,
	};
}

/**
 * Stripe through its official SDK. `apiUrl` (STRIPE_API_URL) points it at another address, which
 * the tests use for a local stand-in of the few calls made here; in production it is unset.
 */
export function stripeGateway(options: {
	secretKey: string;
	webhookSecret: string | undefined;
	apiUrl?: string;
}) {
	const url = options.apiUrl ? new URL(options.apiUrl) : undefined;
	const stripe = new Stripe(options.secretKey, {
		maxNetworkRetries: 2,
		timeout: 20_000,
		telemetry: false,
		...(url && {
			host: url.hostname,
			port: url.port,
			protocol: url.protocol.replace(":", "") as "http" | "https",
		}),
	});
	return {
		provider: "stripe" as const,
		stripe,

		/** A PaymentIntent confirmed at once with a payment method made by Stripe's own card fields. */
		async charge(request): Promise<ChargeResult> {
			try {
				const intent = await stripe.paymentIntents.create(
					{
						amount: request.amountCents,
						currency: "usd",
						description: request.description,
						payment_method: request.paymentMethodId,
						confirm: true,
						off_session: request.offSession || undefined,
						automatic_payment_methods: { enabled: true, allow_redirects: "never" },
						metadata: request.metadata,
						expand: ["latest_charge"],
					},
					{ idempotencyKey: request.idempotencyKey },
				);
				const card = cardOf(intent as never);
				if (intent.status === "succeeded")
					return { ok: true, providerPaymentId: intent.id, ...card };
				return {
					ok: false,
					providerPaymentId: intent.id,
					message: "Your card needs another step: please try another card",
					...card,
				};
			} catch (error) {
				const message = refusal(error);
				if (!message) throw error;
				const intentId = (error as { raw?: { payment_intent?: { id?: string } } }).raw
					?.payment_intent?.id;
				return {
					ok: false,
					providerPaymentId: intentId ?? null,
					message,
					cardBrand: null,
					cardLast4: null,
					cardExpMonth: null,
					cardExpYear: null,
				};
			}
		},

		async refund(request) {
			const refund = await stripe.refunds.create(
				{
					payment_intent: request.providerPaymentId,
					amount: request.amountCents,
					reason: "requested_by_customer",
					metadata: { reason: request.reason.slice(0, 500) },
				},
				{ idempotencyKey: request.idempotencyKey },
			);
			return { providerRefundId: refund.id };
		},

		/** Stripe's hosted checkout for one bill; the webhook reports when it is paid. */
		async checkout(request: {
			amountCents: number;
			description: string;
			email: string;
			paymentId: string;
			billId: string;
			successUrl: string;
			cancelUrl: string;
			/** When the session ends (a deposit's hold); Stripe's 24 hours when null. */
			expiresAt?: Date | null;
		}) {
			const metadata = { billId: request.billId, paymentId: request.paymentId };
			const session = await stripe.checkout.sessions.create(
				{
					mode: "payment",
					customer_email: request.email || undefined,
					client_reference_id: request.billId,
					line_items: [
						{
							quantity: 1,
							price_data: {
								currency: "usd",
								unit_amount: request.amountCents,
								product_data: { name: request.description },
							},
						},
					],
					metadata,
					payment_intent_data: { metadata },
					success_url: request.successUrl,
					cancel_url: request.cancelUrl,
					...(request.expiresAt
						? { expires_at: Math.floor(request.expiresAt.getTime() / 1000) }
						: {}),
				},
				{ idempotencyKey: `checkout-${request.paymentId}` },
			);
			if (!session.url) throw new Error("Stripe returned a checkout session without a URL");
			return { id: session.id, url: session.url };
		},

		/** Stripe's hosted checkout for the monthly plan (a subscription). */
		async planCheckout(request: {
			priceCents: number;
			email: string;
			userId: string;
			successUrl: string;
			cancelUrl: string;
		}) {
			const metadata = { userId: request.userId, plan: "next-year" };
			const session = await stripe.checkout.sessions.create({
				mode: "subscription",
				customer_email: request.email || undefined,
				client_reference_id: request.userId,
				line_items: [
					{
						quantity: 1,
						price_data: {
							currency: "usd",
							unit_amount: request.priceCents,
							recurring: { interval: "month" },
							product_data: { name: "Plan for Next Year" },
						},
					},
				],
				metadata,
				subscription_data: { metadata },
				success_url: request.successUrl,
				cancel_url: request.cancelUrl,
			});
			if (!session.url) throw new Error("Stripe returned a checkout session without a URL");
			return { url: session.url };
		},

		async cancelSubscription(id: string) {
			await stripe.subscriptions.cancel(id);
		},

		/** The PaymentIntent with its card, once a checkout is paid. */
		async paymentIntent(id: string) {
			const intent = await stripe.paymentIntents.retrieve(id, { expand: ["latest_charge"] });
			return { id: intent.id, status: intent.status, ...cardOf(intent as never) };
		},

		/** A webhook's event, only if Stripe signed this very body with our secret (and lately). */
		async verifyEvent(rawBody: string, signature: string | undefined) {
			if (!options.webhookSecret)
				throw badRequest("The webhook signing secret is not set in Settings");
			if (!signature) throw badRequest("Missing Stripe-Signature header");
			try {
				return await stripe.webhooks.constructEventAsync(rawBody, signature, options.webhookSecret);
			} catch {
				throw badRequest("Invalid webhook signature");
			}
		},
	} satisfies PaymentGateway & Record<string, unknown>;
}
