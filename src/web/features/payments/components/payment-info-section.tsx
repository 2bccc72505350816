import { useRef, useState } from "react";
import { PAYMENT_MESSAGES, type PaymentSetup } from "../../../../shared/payments.ts";
import { FormField } from "../../../components/form-field.tsx";
import { type CardErrors, CardFields, cardErrors, cardInput, EMPTY_CARD } from "./card-fields.tsx";
import {
	StripeCardField,
	type StripeCardHandle,
	type StripeCardState,
} from "./stripe-card-element.tsx";
import { TestModeNotice } from "./test-mode-notice.tsx";

const EMPTY_BILLING = { billingAddress: "", billingCity: "", billingState: "", billingZip: "" };
type Billing = typeof EMPTY_BILLING;

const BILLING_LABELS: [keyof Billing, string, string][] = [
	["billingAddress", "Billing Address", "street-address"],
	["billingCity", "Billing City", "address-level2"],
	["billingState", "Billing State", "address-level1"],
	["billingZip", "Billing ZIP Code", "postal-code"],
];

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
			const found = cardErrors(card);
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
			if (Object.keys(errors).length) setErrors(cardErrors(next));
		},
		setBilling,
		setStripeState,
		payment,
		reset,
	};
}

export type PaymentInfo = ReturnType<typeof usePaymentInfo>;

export function PaymentInfoFields({ info, disabled }: { info: PaymentInfo; disabled?: boolean }) {
	const mode = info.setup?.mode;
	return (
		<div className="grid gap-4">
			<TestModeNotice mode={mode} />
			{mode === "off" ? (
				<p className="rounded-md border border-dashed p-3 text-sm text-muted-foreground">
					{PAYMENT_MESSAGES.ownerNoProvider}
				</p>
			) : null}
			{mode === "stripe" && info.setup?.publishableKey ? (
				<div className="grid gap-4">
					<CardFields
						values={info.card}
						errors={info.errors}
						onChange={info.setCard}
						disabled={disabled}
						show={["cardholderName"]}
						labels={{ cardholderName: "Cardholder Name" }}
					/>
					<StripeCardField
						publishableKey={info.setup.publishableKey}
						handleRef={info.stripeCard}
						onChange={info.setStripeState}
						disabled={disabled}
					/>
				</div>
			) : mode === "test" ? (
				<CardFields
					values={info.card}
					errors={info.errors}
					onChange={info.setCard}
					disabled={disabled}
					order={["cardholderName", "cardNumber", "expiry", "cvc"]}
				/>
			) : null}
			{mode && mode !== "off" ? (
				<div className="grid gap-4 sm:grid-cols-2">
					{BILLING_LABELS.map(([key, label, autoComplete]) => (
						<div key={key} className={key === "billingAddress" ? "sm:col-span-2" : undefined}>
							<FormField
								label={label}
								autoComplete={`billing ${autoComplete}`}
								value={info.billing[key]}
								disabled={disabled}
								onChange={(e) => {
									const value = e.target.value;
									info.setBilling((b) => ({ ...b, [key]: value }));
								}}
							/>
						</div>
					))}
				</div>
			) : null}
		</div>
	);
}
