import { PAYMENT_METHODS } from "./bills.ts";
import { dollarsToCents } from "./money.ts";
import { tooLong, z } from "./zod.ts";

/** Who processed a card payment: Stripe, or the built-in test mode. */
export const PAYMENT_PROVIDERS = ["stripe", "test"] as const;

/** The monthly plan of a customer who joined it: on, or ended. */
export const PLAN_STATUSES = ["active", "cancelled"] as const;

/** A card payment attempt: waiting for the provider, taken, or refused. */
export const PAYMENT_STATUSES = ["pending", "succeeded", "failed"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * How this server takes cards now: through Stripe (keys saved in Settings or set in the
 * environment), in the built-in test mode (no keys; the owner can switch it off), or not at all.
 */
const PAYMENT_MODES = ["stripe", "test", "off"] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

export const PAYMENT_MESSAGES = {
	testMode: "Test mode",
	testModeHint: "No real card is charged. Use 4242 4242 4242 4242 with any future date and CVC.",
	ownerNoProvider: "Add Stripe keys in Settings to accept payments.",
	customerNoProvider: (phone: string) =>
		`Online payment is not available yet: please call ${phone}`,
	declined: "Your card was declined",
	insufficientFunds: "Your card has insufficient funds",
	liveCardInTestMode:
		"This looks like a real card: in test mode only test cards are accepted (4242 4242 4242 4242 succeeds)",
	cardNumberInvalid: "Your card number is invalid",
	cardsAtStripe: "Card details are typed into Stripe's checkout, not sent here",
	cardNumberRequired: "Enter your card number",
	expiryInvalid: "Enter the expiry date as MM/YY",
	expired: "Your card has expired",
	cvcInvalid: "Your card's security code (CVC) is 3 or 4 digits",
	nameRequired: "Enter the name on the card",
	billAlreadyPaid: "This bill is already paid",
	billRefunded: "This bill was refunded and cannot be paid again",
	billNotFound: "Bill not found",
	paymentInProgress: "A payment for this bill is already under way",
	paid: (amount: string) => `Payment of ${amount} received. Thank you!`,
	refundTooMuch: (left: string) => `At most ${left} of this payment is left to refund`,
	refundNotCard: "Only a card payment that went through can be refunded",
	refunded: (amount: string) => `Refunded ${amount}`,
	refundReasonRequired: "Enter the reason for the refund",
	paymentNotFound: "Payment not found",
	planJoined: "You're on the Plan for Next Year",
	planCancelled: "Your plan is cancelled: no more monthly charges",
	planAlreadyActive: "You're already on the plan",
	planNotActive: "You're not on the plan",
	paymentResultSuccess: (amount: string) => `Payment of ${amount} processed successfully!`,
	paymentResultFailed: (error: string) => `Note: Payment failed - ${error}`,
} as const;

/** Luhn's check digit test, which every real card number passes. */
function passesLuhn(digits: string): boolean {
	let sum = 0;
	for (let i = 0; i < digits.length; i++) {
		let d = digits.charCodeAt(digits.length - 1 - i) - 48;
		if (i % 2 === 1) {
			d *= 2;
			if (d > 9) d -= 9;
		}
		sum += d;
	}
	return sum % 10 === 0;
}

/** "4242 4242 4242 4242" as a person types it: digits grouped by four. */
export function formatCardNumber(value: string): string {
	return value
		.replace(/\D/g, "")
		.slice(0, 19)
		.replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** "1228" or "12/28" as typed to "12/28". */
export function formatExpiry(value: string): string {
	const digits = value.replace(/\D/g, "").slice(0, 4);
	return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** A card's brand from its first digits (the names Stripe uses). */
export function cardBrand(digits: string): string {
	if (/^4/.test(digits)) return "visa";
	if (/^(5[1-5]|2[2-7])/.test(digits)) return "mastercard";
	if (/^3[47]/.test(digits)) return "amex";
	if (/^6(011|5)/.test(digits)) return "discover";
	return "unknown";
}

/** The month a card expires in, as typed ("MM/YY"), still to come at `now`. */
function notExpired(month: number, year: number, now = new Date()) {
	const y = now.getUTCFullYear();
	const m = now.getUTCMonth() + 1;
	return year > y || (year === y && month >= m);
}

/**
 * A card as typed into the test-mode checkout or the Add Customer form. Only test mode ever sends
 * it to this server (with Stripe the provider's own fields take it); it is never stored or logged:
 * the server keeps the brand, the last four digits and the expiry.
 */
export const cardInputSchema = z
	.strictObject({
		cardholderName: z
			.string(PAYMENT_MESSAGES.nameRequired)
			.trim()
			.min(1, PAYMENT_MESSAGES.nameRequired)
			.max(100, "The name on the card is too long"),
		cardNumber: z
			.string(PAYMENT_MESSAGES.cardNumberRequired)
			.transform((v) => v.replace(/[\s-]/g, ""))
			.pipe(
				z
					.string()
					.min(1, PAYMENT_MESSAGES.cardNumberRequired)
					.regex(/^\d{12,19}$/, PAYMENT_MESSAGES.cardNumberInvalid)
					.refine(passesLuhn, PAYMENT_MESSAGES.cardNumberInvalid),
			),
		expiry: z
			.string(PAYMENT_MESSAGES.expiryInvalid)
			.trim()
			.regex(/^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/, PAYMENT_MESSAGES.expiryInvalid),
		cvc: z
			.string(PAYMENT_MESSAGES.cvcInvalid)
			.trim()
			.regex(/^\d{3,4}$/, PAYMENT_MESSAGES.cvcInvalid),
	})
	.transform((card, ctx) => {
		const [, mm, yy] = /^(\d{2})\s*\/\s*(\d{2})$/.exec(card.expiry)!;
		const expMonth = Number(mm);
		const expYear = 2000 + Number(yy);
		if (!notExpired(expMonth, expYear)) {
			ctx.addIssue({ code: "custom", message: PAYMENT_MESSAGES.expired, path: ["expiry"] });
			return z.NEVER;
		}
		return { ...card, expMonth, expYear };
	});
export type CardInput = z.input<typeof cardInputSchema>;
export type Card = z.output<typeof cardInputSchema>;

/** Where the card is billed (the Add Customer form's billing fields), all optional. */
export const billingAddressSchema = z.strictObject({
	billingAddress: z.string().trim().max(300, tooLong("Billing address", 300)).optional(),
	billingCity: z.string().trim().max(100, tooLong("Billing city", 100)).optional(),
	billingState: z.string().trim().max(50, tooLong("Billing state", 50)).optional(),
	billingZip: z.string().trim().max(20, tooLong("Billing ZIP code", 20)).optional(),
});

/** What a payment page needs to know: how cards are taken, and Stripe's publishable key. */
export const paymentSetupSchema = z.object({
	mode: z.enum(PAYMENT_MODES),
	publishableKey: z.string().nullable(),
	/** The business phone, for "please call" when payments are off. */
	phone: z.string(),
});
export type PaymentSetup = z.infer<typeof paymentSetupSchema>;

/**
 * Pay a bill. Test mode: the card typed into the in-app checkout. Stripe: no card (the answer
 * carries the hosted checkout's address to go to).
 */
export const payBillSchema = z.strictObject({ card: cardInputSchema.optional() });

const cardSummary = {
	cardBrand: z.string().nullable(),
	cardLast4: z.string().nullable(),
};

export const payBillResultSchema = z.discriminatedUnion("kind", [
	z.object({
		kind: z.literal("paid"),
		billId: z.uuid(),
		paymentId: z.uuid(),
		amountCents: z.number().int(),
		...cardSummary,
		message: z.string(),
	}),
	z.object({ kind: z.literal("redirect"), url: z.string() }),
]);
export type PayBillResult = z.infer<typeof payBillResultSchema>;

/** A paid bill's receipt, as the customer sees and prints it. */
export const receiptSchema = z.object({
	billId: z.uuid(),
	receiptNumber: z.string(),
	description: z.string(),
	amountCents: z.number().int(),
	refundedCents: z.number().int(),
	paidAt: z.string(),
	method: z.enum(PAYMENT_METHODS),
	...cardSummary,
	provider: z.enum(PAYMENT_PROVIDERS).nullable(),
	business: z.object({ name: z.string(), phone: z.string(), email: z.string() }),
	customerName: z.string(),
});
export type Receipt = z.infer<typeof receiptSchema>;

/** A card payment as the owner's customer page lists it. */
export const paymentRecordSchema = z.object({
	id: z.uuid(),
	billId: z.uuid(),
	billDescription: z.string(),
	provider: z.enum(PAYMENT_PROVIDERS),
	providerPaymentId: z.string().nullable(),
	status: z.enum(PAYMENT_STATUSES),
	amountCents: z.number().int(),
	refundedCents: z.number().int(),
	...cardSummary,
	failureMessage: z.string().nullable(),
	createdAt: z.string(),
});
export type PaymentRecord = z.infer<typeof paymentRecordSchema>;

/** Refund all or part of a card payment; the amount in dollars as typed, the whole rest when absent. */
export const refundInputSchema = z.strictObject({
	amountDollars: z
		.number("Enter the amount to refund")
		.positive("Enter an amount above $0.00")
		.max(1_000_000, "That is more than $1,000,000.00, the most one bill can be")
		// In whole cents: $0.001 is no refund at all.
		.refine((dollars) => dollarsToCents(dollars) >= 1, "Enter an amount of at least $0.01")
		.optional(),
	reason: z
		.string(PAYMENT_MESSAGES.refundReasonRequired)
		.trim()
		.min(1, PAYMENT_MESSAGES.refundReasonRequired)
		.max(500, "The reason is too long"),
});
export type RefundInput = z.input<typeof refundInputSchema>;

/** The monthly Plan for Next Year, as the customer and the owner see it. */
export const planSchema = z.object({
	status: z.enum([...PLAN_STATUSES, "none"]),
	priceCents: z.number().int(),
	nextChargeDate: z.string().nullable(),
	...cardSummary,
	startedAt: z.string().nullable(),
});
export type Plan = z.infer<typeof planSchema>;

export const joinPlanSchema = z.strictObject({ card: cardInputSchema.optional() });
