import type * as React from "react";
import { useId, useRef, useState } from "react";
import {
	type CardInput,
	cardInputSchema,
	formatCardNumber,
	formatExpiry,
} from "../../../../shared/payments.ts";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { cn } from "../../../lib/utils.ts";

export type CardValues = {
	cardNumber: string;
	expiry: string;
	cvc: string;
	cardholderName: string;
};
export type CardField = keyof CardValues;
export type CardErrors = Partial<Record<CardField, string>>;

export const EMPTY_CARD: CardValues = { cardNumber: "", expiry: "", cvc: "", cardholderName: "" };

/** The shared schema's first message for each field; none when the card can be sent. */
export function cardErrors(values: CardValues): CardErrors {
	const parsed = cardInputSchema.safeParse(values);
	if (parsed.success) return {};
	const errors: CardErrors = {};
	for (const issue of parsed.error.issues) {
		const field = issue.path[0] as CardField | undefined;
		if (field && !errors[field]) errors[field] = issue.message;
	}
	return errors;
}

/** The card as the API takes it: digits only in the number. */
export function cardInput(values: CardValues): CardInput {
	return {
		cardholderName: values.cardholderName.trim(),
		cardNumber: values.cardNumber.replace(/\D/g, ""),
		expiry: values.expiry.trim(),
		cvc: values.cvc.trim(),
	};
}

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

/**
 * A card form's state: the typed values, each field's message (shown once the person has tried to
 * send), the provider's refusal, and a guard so a second press while one is under way does nothing.
 */
export function useCardForm() {
	const [values, setValues] = useState(EMPTY_CARD);
	const [errors, setErrors] = useState<CardErrors>({});
	const [tried, setTried] = useState(false);
	const [failure, setFailure] = useState<string | null>(null);
	const sending = useRef(false);
	return {
		failure,
		/** Props for CardFields. */
		fields: (disabled: boolean) => ({
			values,
			errors,
			disabled,
			onChange: (next: CardValues) => {
				setValues(next);
				if (tried) setErrors(cardErrors(next));
			},
		}),
		/**
		 * Starts a send: the card as the API takes it, or null when a field is wrong or a send is
		 * under way. Call `settled` when the answer is in (with the refusal to show, if any).
		 */
		start(): CardInput | null {
			if (sending.current) return null;
			const found = cardErrors(values);
			setTried(true);
			setErrors(found);
			if (Object.keys(found).length) return null;
			sending.current = true;
			setFailure(null);
			return cardInput(values);
		},
		settled(refusal?: string) {
			sending.current = false;
			if (refusal) setFailure(refusal);
		},
		reset() {
			setValues(EMPTY_CARD);
			setErrors({});
			setTried(false);
			setFailure(null);
		},
	};
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
