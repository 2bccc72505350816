import type { PayBillResult } from "../../../shared/payments.ts";

/**
 * What every way of charging a bill answers: paid (the bill is settled), the checkout to go to
 * (Stripe's hosted page; the webhook settles the bill), or refused (nothing was charged and the
 * bill stays pending). The customer's Pay answers the first two as they are and a refusal as 402;
 * Add Customer and the plan's monthly charge report a refusal without failing.
 */
export type ChargeResult =
	| PayBillResult
	| { kind: "refused"; billId: string; paymentId: string | null; message: string };

export type PaidResult = Extract<ChargeResult, { kind: "paid" }>;
export type RefusedResult = Extract<ChargeResult, { kind: "refused" }>;
