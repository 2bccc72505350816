import { PAYMENT_MESSAGES, type PaymentSetup } from "../../../shared/payments.ts";
import type { Deps } from "../../app-env.ts";
import { AppError } from "../../lib/errors.ts";
import { SITE_TAG } from "../../lib/read-cache.ts";
import { getBusinessProfile, getPaymentKeys } from "../settings/settings.service.ts";
import { stripeGateway } from "./stripe-gateway.ts";
import { testGateway } from "./test-gateway.ts";

/** How cards are taken now, with the gateway that takes them (none when payments are off). */
export type LoadedGateway =
	| { mode: "stripe"; gateway: ReturnType<typeof stripeGateway>; publishableKey: string | null }
	| { mode: "test"; gateway: typeof testGateway; publishableKey: null }
	| { mode: "off"; gateway: null; publishableKey: null };

type StripeOptions = Parameters<typeof stripeGateway>[0];
let lastStripe: { options: StripeOptions; gateway: ReturnType<typeof stripeGateway> } | undefined;

/** One Stripe client for as long as the keys stay the same, not one per request. */
function stripeFor(options: StripeOptions) {
	const last = lastStripe;
	if (
		last &&
		last.options.secretKey === options.secretKey &&
		last.options.webhookSecret === options.webhookSecret &&
		last.options.apiUrl === options.apiUrl
	)
		return last.gateway;
	lastStripe = { options, gateway: stripeGateway(options) };
	return lastStripe.gateway;
}

/**
 * Stripe when a secret key is saved in Settings or set in the environment; otherwise the labelled
 * test mode, unless the owner switched it off. The keys come through the read cache: saving
 * Settings drops them on every instance (`settings.changed`).
 */
export async function loadGateway(
	deps: Pick<Deps, "db" | "env" | "secrets" | "logger" | "readCache">,
): Promise<LoadedGateway> {
	const keys = await deps.readCache.read("payment-keys", [SITE_TAG], () => getPaymentKeys(deps));
	if (keys.secretKey)
		return {
			mode: "stripe",
			gateway: stripeFor({
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

/**
 * What a payment page needs: how cards are taken now, Stripe's publishable key, and the phone to
 * call when payments are off. The same for every signed-in person (the route caches it).
 */
export async function getPaymentSetup(
	deps: Pick<Deps, "db" | "env" | "secrets" | "logger" | "readCache">,
): Promise<PaymentSetup> {
	const [loaded, business] = await Promise.all([loadGateway(deps), getBusinessProfile(deps)]);
	return { mode: loaded.mode, publishableKey: loaded.publishableKey, phone: business.phone };
}
