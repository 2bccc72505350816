import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PaymentMethod } from "../../../shared/bills.ts";
import type { CardInput, RefundInput } from "../../../shared/payments.ts";
import { client, readJson } from "../../lib/api-client.ts";
import { customerKeys, useRefreshCustomer } from "../../lib/customer-keys.ts";
import { useIdempotencyKey } from "../../lib/idempotency.ts";
import { useSubmitMutation } from "../../lib/submit-mutation.ts";

/**
 * Query keys of bills. ["bills"] is the signed-in customer's own bills and the monthly "Plan for
 * Next Year" price (the cache holds one account's data: signing out clears it). A live
 * `bill.changed` event naming the signed-in user's id refetches exactly `billQueries.mine`; in the
 * owner's app a bill shows only on customer cards and pages (`customerKeys`).
 */
export const billQueries = {
	mine: ["bills"] as const,
	list: () =>
		queryOptions({ queryKey: billQueries.mine, queryFn: () => readJson(client.bills.$get()) }),
};

/** My bills and the monthly "Plan for Next Year" price. */
export function useBills() {
	return useQuery(billQueries.list());
}

/**
 * Query keys of payments. ["payments", "setup"] is how cards are taken now (Stripe, test mode or
 * not at all), refetched when Settings change. ["plan"] is the signed-in customer's monthly plan,
 * refetched on `bill.changed` and `customer.changed` naming them. A receipt lives under the bills
 * (["bills", id, "receipt"]), so whatever refetches the bills refetches it too. The owner's list of
 * a customer's card payments lives under the customer's page (["owner", "customer", id,
 * "payments"]), which every change to that customer refetches.
 */
export const paymentQueries = {
	setupKey: ["payments", "setup"] as const,
	planKey: ["plan"] as const,
	setup: () =>
		queryOptions({
			queryKey: paymentQueries.setupKey,
			queryFn: () => readJson(client.payments.setup.$get()),
			staleTime: 60_000,
		}),
	plan: () =>
		queryOptions({
			queryKey: paymentQueries.planKey,
			queryFn: () => readJson(client.plan.$get()),
		}),
	receipt: (billId: string) =>
		queryOptions({
			queryKey: [...billQueries.mine, billId, "receipt"] as const,
			queryFn: () => readJson(client.bills[":id"].receipt.$get({ param: { id: billId } })),
		}),
	customerPayments: (customerId: string) =>
		queryOptions({
			queryKey: [...customerKeys.ownerDetails, customerId, "payments"] as const,
			queryFn: () =>
				readJson(client.owner.customers[":id"].payments.$get({ param: { id: customerId } })),
		}),
};

/** How this server takes cards: "stripe", "test" or "off", with the phone to call when off. */
export function usePaymentSetup() {
	return useQuery(paymentQueries.setup());
}

/** My Plan for Next Year: none, active (with the next charge) or cancelled. */
export function usePlan() {
	return useQuery(paymentQueries.plan());
}

/** A paid or refunded bill's receipt, fetched when `enabled` (the receipt dialog is open). */
export function useReceipt(billId: string, enabled: boolean) {
	return useQuery({ ...paymentQueries.receipt(billId), enabled });
}

/**
 * Pays one of my bills: test mode with the card typed in, Stripe without one (the answer is the
 * hosted checkout's address). The bills refetch either way: a decline leaves the bill pending.
 */
export function usePayBill() {
	const queryClient = useQueryClient();
	const idempotency = useIdempotencyKey();
	return useSubmitMutation({
		mutationFn: ({ billId, card }: { billId: string; card?: CardInput }) =>
			readJson(
				client.bills[":id"].pay.$post(
					{ param: { id: billId }, json: card ? { card } : {} },
					{ headers: idempotency.headers() },
				),
			),
		onSuccess: idempotency.succeeded,
		onSettled: () => queryClient.invalidateQueries({ queryKey: billQueries.mine }),
	});
}

/** Joins the monthly plan (test mode: charges the first month now; Stripe: a redirect). */
export function useJoinPlan() {
	const queryClient = useQueryClient();
	const idempotency = useIdempotencyKey();
	return useSubmitMutation({
		mutationFn: (card?: CardInput) =>
			readJson(
				client.plan.$post({ json: card ? { card } : {} }, { headers: idempotency.headers() }),
			),
		onSuccess: idempotency.succeeded,
		onSettled: () =>
			Promise.all([
				queryClient.invalidateQueries({ queryKey: paymentQueries.planKey }),
				queryClient.invalidateQueries({ queryKey: billQueries.mine }),
			]),
	});
}

/** Cancels my plan: no more monthly charges. */
export function useCancelPlan() {
	const queryClient = useQueryClient();
	return useSubmitMutation({
		mutationFn: () => readJson(client.plan.$delete()),
		onSettled: () => queryClient.invalidateQueries({ queryKey: paymentQueries.planKey }),
	});
}

/** The owner's view of one customer's card payments and plan. */
export function useCustomerPayments(customerId: string) {
	return useQuery(paymentQueries.customerPayments(customerId));
}

/** The owner refunds all or part of a card payment; the customer's page and cards refetch. */
export function useRefundPayment(customerId: string) {
	const refresh = useRefreshCustomer(customerId);
	return useSubmitMutation({
		mutationFn: ({ paymentId, input }: { paymentId: string; input: RefundInput }) =>
			readJson(
				client.owner.payments[":id"].refund.$post({ param: { id: paymentId }, json: input }),
			),
		onSettled: refresh,
	});
}

/** The owner records a pending bill as paid in cash or by check; the customer's page refetches. */
export function useMarkBillPaid(customerId: string) {
	const refresh = useRefreshCustomer(customerId);
	return useSubmitMutation({
		mutationFn: ({ billId, method }: { billId: string; method: Exclude<PaymentMethod, "card"> }) =>
			readJson(
				client.owner.bills[":id"]["mark-paid"].$post({ param: { id: billId }, json: { method } }),
			),
		onSuccess: refresh,
	});
}

/** Takes back a cash or check payment just recorded (the server allows it for two minutes). */
export function useUndoMarkBillPaid(customerId: string) {
	const refresh = useRefreshCustomer(customerId);
	return useSubmitMutation({
		mutationFn: (billId: string) =>
			readJson(client.owner.bills[":id"]["undo-mark-paid"].$post({ param: { id: billId } })),
		onSuccess: refresh,
	});
}
