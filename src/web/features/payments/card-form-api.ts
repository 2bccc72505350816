import { useRef, useState } from "react";
import type { CardInput } from "../../../shared/payments.ts";
import { lazySchema } from "../../lib/use-zod-form.ts";

export type CardValues = {
	cardNumber: string;
	expiry: string;
	cvc: string;
	cardholderName: string;
};
export type CardField = keyof CardValues;
export type CardErrors = Partial<Record<CardField, string>>;

export const EMPTY_CARD: CardValues = { cardNumber: "", expiry: "", cvc: "", cardholderName: "" };

/** The card's schema, loaded when a card field is first focused (CardFields) or a card is sent. */
export const cardSchema = lazySchema(
	() => import("../../../shared/payments.ts"),
	"cardInputSchema",
);

/** The shared schema's first message for each field; none when the card can be sent. */
export async function cardErrors(values: CardValues): Promise<CardErrors> {
	const parsed = (await cardSchema.load()).safeParse(values);
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
				if (tried) cardErrors(next).then(setErrors, () => {});
			},
		}),
		/**
		 * Starts a send: the card as the API takes it, or null when a field is wrong or a send is
		 * under way. Call `settled` when the answer is in (with the refusal to show, if any).
		 */
		async start(): Promise<CardInput | null> {
			if (sending.current) return null;
			sending.current = true;
			const found = await cardErrors(values).catch(() => null);
			setTried(true);
			if (found) setErrors(found);
			if (!found || Object.keys(found).length) {
				sending.current = false;
				return null;
			}
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
