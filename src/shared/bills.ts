import { z } from "./zod.ts";

/** A refunded bill was paid by card and all of it given back. */
export const BILL_STATUSES = ["pending", "paid", "refunded"] as const;
export type BillStatus = (typeof BILL_STATUSES)[number];

/** How a paid bill was settled: by card online, or by cash or check recorded by the owner. */
export const PAYMENT_METHODS = ["card", "cash", "check"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** A bill as its customer sees it; amounts in cents, `dueDate` a business-calendar date. */
const billSchema = z.object({
	id: z.uuid(),
	description: z.string(),
	amountCents: z.number().int(),
	dueDate: z.string(),
	status: z.enum(BILL_STATUSES),
	paidAt: z.string().nullable(),
	/** How it was paid: card, cash or check; null while pending. */
	paymentMethod: z.enum(PAYMENT_METHODS).nullable(),
	/** What was given back of a card payment (all of it when the status is refunded). */
	refundedCents: z.number().int(),
	/** The card that paid it, when a card did. */
	cardBrand: z.string().nullable(),
	cardLast4: z.string().nullable(),
	/** The season it belongs to, "2026-27". */
	seasonId: z.string(),
	createdAt: z.string(),
});
export type Bill = z.infer<typeof billSchema>;

/** The customer's bills (pending first, newest first) and the monthly Plan for Next Year price. */
export const myBillsSchema = z.object({
	bills: z.array(billSchema),
	planPriceCents: z.number().int(),
});
export type MyBills = z.infer<typeof myBillsSchema>;
