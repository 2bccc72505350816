import { PAYMENT_MESSAGES } from "../../../../shared/payments.ts";
import { FormField } from "../../../components/form-field.tsx";
import type { Billing, PaymentInfo } from "../payment-info-api.ts";
import { CardFields } from "./card-fields.tsx";
import { StripeCardField } from "./stripe-card-element.tsx";
import { TestModeNotice } from "./test-mode-notice.tsx";

const BILLING_LABELS: [keyof Billing, string, string][] = [
	["billingAddress", "Billing Address", "street-address"],
	["billingCity", "Billing City", "address-level2"],
	["billingState", "Billing State", "address-level1"],
	["billingZip", "Billing ZIP Code", "postal-code"],
];

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
