import type * as React from "react";
import { useId } from "react";
import { formatCardNumber, formatExpiry } from "../../../../shared/payments.ts";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { cn } from "../../../lib/utils.ts";
import { type CardErrors, type CardField, type CardValues, cardSchema } from "../card-form-api.ts";

const FORMAT: Partial<Record<CardField, (value: string) => string>> = {
	cardNumber: formatCardNumber,
	expiry: formatExpiry,
	cvc: (value) => value.replace(/\D/g, "").slice(0, 4),
};

/** One set of labels for every card form (checkout, plan, Add Customer). */
const DEFAULT_LABELS: Record<CardField, string> = {
	cardNumber: "Card Number",
	expiry: "Expiry Date (MM/YY)",
	cvc: "CVV",
	cardholderName: "Cardholder Name",
};

const INPUT_PROPS: Record<CardField, React.ComponentProps<"input">> = {
	cardNumber: {
		inputMode: "numeric",
		autoComplete: "cc-number",
		placeholder: "1234 1234 1234 1234",
		maxLength: 23,
	},
	expiry: { inputMode: "numeric", autoComplete: "cc-exp", placeholder: "MM/YY", maxLength: 5 },
	cvc: { inputMode: "numeric", autoComplete: "cc-csc", placeholder: "123", maxLength: 4 },
	cardholderName: { autoComplete: "cc-name", maxLength: 100 },
};

/**
 * A card typed by hand (test mode; with Stripe the provider's own fields take it). The number is
 * grouped by four and the expiry gets its slash as the person types; each field shows the shared
 * schema's message under it. `order` puts the fields in the order a form asks for them.
 */
export function CardFields({
	values,
	errors = {},
	onChange,
	disabled,
	labels,
	order = ["cardNumber", "expiry", "cvc", "cardholderName"],
	show = ["cardNumber", "expiry", "cvc", "cardholderName"],
}: {
	values: CardValues;
	errors?: CardErrors;
	onChange: (values: CardValues) => void;
	disabled?: boolean;
	labels?: Partial<Record<CardField, string>>;
	order?: CardField[];
	/** The fields to show (with Stripe, the name alone: its element takes the rest). */
	show?: CardField[];
}) {
	const id = useId();
	const fields = order.filter((f) => show.includes(f));
	return (
		<div className="grid grid-cols-2 gap-4">
			{fields.map((field) => {
				const label = labels?.[field] ?? DEFAULT_LABELS[field];
				const error = errors[field];
				const fieldId = `${id}-${field}`;
				const wide = field === "cardNumber" || field === "cardholderName";
				return (
					<div key={field} className={cn("grid content-start gap-2", wide && "col-span-2")}>
						<Label htmlFor={fieldId}>{label}</Label>
						<Input
							id={fieldId}
							name={field}
							type="text"
							spellCheck={false}
							disabled={disabled}
							aria-invalid={error ? true : undefined}
							aria-describedby={error ? `${fieldId}-error` : undefined}
							className={field === "cardholderName" ? undefined : "font-mono tracking-wide"}
							value={values[field]}
							onFocus={() => void cardSchema.load().catch(() => {})}
							onChange={(e) => {
								const format = FORMAT[field];
								onChange({
									...values,
									[field]: format ? format(e.target.value) : e.target.value,
								});
							}}
							{...INPUT_PROPS[field]}
						/>
						{error ? (
							<p id={`${fieldId}-error`} className="text-sm text-destructive">
								{error}
							</p>
						) : null}
					</div>
				);
			})}
		</div>
	);
}

/** The provider's refusal ("Your card was declined"), announced to screen readers. */
export function CardFailure({ message }: { message: string | null }) {
	if (!message) return null;
	return (
		<p
			role="alert"
			className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm font-medium text-destructive"
		>
			{message}
		</p>
	);
}
