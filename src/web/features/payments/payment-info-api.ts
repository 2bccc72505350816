import { useRef, useState } from "react";
import type { PaymentSetup } from "../../../shared/payments.ts";
import { type CardErrors, cardErrors, cardInput, EMPTY_CARD } from "./card-form-api.ts";
import type { StripeCardHandle, StripeCardState } from "./components/stripe-card-element.tsx";

const EMPTY_BILLING = { billingAddress: "", billingCity: "", billingState: "", billingZip: "" };
export type Billing = typeof EMPTY_BILLING;

/** The card to charge for the first bill, as the Add Customer request carries it. */
export type NewCustomerPayment =
	| ({ card: ReturnType<typeof cardInput> } & Partial<Billing>)
	| ({ paymentMethodId: string } & Partial<Billing>);

/** What the owner typed as billing details, without the blanks. */
function billingFields(billing: Billing): Partial<Billing> {
	return Object.fromEntries(
		Object.entries(billing)
			.map(([k, v]) => [k, v.trim()])
			.filter(([, v]) => v !== ""),
	);
}

/**
 * The Add Customer form's Payment Information: the card (typed here in test mode, Stripe's own
 * field with Stripe configured) and the billing address. `payment()` gives what to send: nothing
 * unless the number, expiry, CVV and cardholder name are all there (SPEC), or an Error to show.
 */
export function usePaymentInfo(setup: PaymentSetup | undefined) {
	const [card, setCard] = useState(EMPTY_CARD);
	const [errors, setErrors] = useState<CardErrors>({});
	const [billing, setBilling] = useState(EMPTY_BILLING);
	const [stripeState, setStripeState] = useState<StripeCardState>({ complete: false, empty: true });
	const stripeCard = useRef<StripeCardHandle | null>(null);

	const payment = async (): Promise<NewCustomerPayment | undefined | Error> => {
		const mode = setup?.mode;
		const name = card.cardholderName.trim();
		if (mode === "test") {
			const all = Object.values(card).every((v) => v.trim() !== "");
			if (!all) return undefined;
			const found = await cardErrors(card);
			setErrors(found);
			const first = Object.values(found)[0];
			if (first) return new Error(first);
			return { card: cardInput(card), ...billingFields(billing) };
		}
		if (mode === "stripe") {
			if (!name || !stripeState.complete || !stripeCard.current) return undefined;
			const fields = billingFields(billing);
			try {
				const paymentMethodId = await stripeCard.current.createPaymentMethod({
					name,
					address: {
						line1: fields.billingAddress,
						city: fields.billingCity,
						state: fields.billingState,
						postal_code: fields.billingZip,
					},
				});
				return { paymentMethodId, ...fields };
			} catch (error) {
				return error instanceof Error ? error : new Error(String(error));
			}
		}
		return undefined;
	};

	const reset = () => {
		setCard(EMPTY_CARD);
		setErrors({});
		setBilling(EMPTY_BILLING);
	};

	return {
		setup,
		card,
		errors,
		billing,
		stripeCard,
		setCard: (next: typeof card) => {
			setCard(next);
			if (Object.keys(errors).length) cardErrors(next).then(setErrors, () => {});
		},
		setBilling,
		setStripeState,
		payment,
		reset,
	};
}

export type PaymentInfo = ReturnType<typeof usePaymentInfo>;
