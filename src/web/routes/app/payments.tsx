import { Receipt } from "lucide-react";
import { useEffect } from "react";
import { useSearchParams } from "react-router";
import type { Bill } from "../../../shared/bills.ts";
import { EmptyState, LoadingState, PageHeading } from "../../components/shell/app-shell.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { mayOpen } from "../../features/auth/api.ts";
import {
	billQueries,
	paymentQueries,
	useBills,
	usePaymentSetup,
} from "../../features/payments/api.ts";
import { OutstandingBillRow, PaidBillRow } from "../../features/payments/components/bill-rows.tsx";
import { BillsBySeason } from "../../features/payments/components/bills-by-season.tsx";
import { PlanCard } from "../../features/payments/components/plan-card.tsx";
import { TestModeNotice } from "../../features/payments/components/test-mode-notice.tsx";
import { usePayAction } from "../../features/payments/pay-action-api.ts";
import { quoteQueries, useLatestQuote } from "../../features/quotes/api.ts";
import { errorMessage } from "../../lib/api-client.ts";
import { firstData } from "../../lib/first-data.ts";
import { toast } from "../../lib/toast.ts";

export function meta() {
	return [{ title: "QuickPay | Buckeye Holiday Lights" }];
}

const CHECKOUT_RESULT = {
	success: { message: "Payment received: your bill will show paid in a moment", kind: "success" },
	cancelled: { message: "Payment cancelled", kind: "info" },
} as const;

/** Back from Stripe's hosted checkout: say how it went once, then drop the query. */
function useCheckoutResult() {
	const [params, setParams] = useSearchParams();
	const result = params.get("checkout");
	useEffect(() => {
		if (result !== "success" && result !== "cancelled") return;
		const { message, kind } = CHECKOUT_RESULT[result];
		toast[kind](message, { id: `checkout-${result}` });
		setParams({}, { replace: true });
	}, [result, setParams]);
}

const newest = (a: string | null, b: string | null) => (b ?? "").localeCompare(a ?? "");

/** The bills, the plan and how to pay, from the page itself on its first load (lib/first-data.ts). */
export const clientLoader = () =>
	firstData(mayOpen("app"), (client) => [
		client.prefetchQuery(quoteQueries.latest()),
		client.prefetchQuery(billQueries.list()),
		client.prefetchQuery(paymentQueries.setup()),
		client.prefetchQuery(paymentQueries.plan()),
	]);

export default function QuickPay() {
	useCheckoutResult();
	const quote = useLatestQuote();
	const bills = useBills();
	const setup = usePaymentSetup();
	const { pay, pendingBillId } = usePayAction(setup.data);
	if (quote.isPending || bills.isPending) return <LoadingState label="Loading your bills..." />;
	if (quote.data?.status !== "approved" && !bills.data?.bills.length) {
		return (
			<>
				<PageHeading title="QuickPay" description="Your bills and payment plans." />
				<EmptyState icon={Receipt}>
					Payments are available after your quote has been approved.
				</EmptyState>
			</>
		);
	}
	if (bills.isError)
		return <EmptyState>Failed to load bills: {errorMessage(bills.error)}</EmptyState>;
	const outstanding = bills.data.bills
		.filter((b) => b.status === "pending")
		.sort((a, b) => newest(a.createdAt, b.createdAt));
	const settled: Bill[] = bills.data.bills
		.filter((b) => b.status !== "pending")
		.sort((a, b) => newest(a.paidAt ?? a.createdAt, b.paidAt ?? b.createdAt));
	return (
		<div className="grid gap-6">
			<PageHeading title="QuickPay" description="Your bills and payment plans." />
			<TestModeNotice mode={setup.data?.mode} />
			<Card>
				<CardHeader>
					<CardTitle>Outstanding bills</CardTitle>
				</CardHeader>
				<CardContent>
					{outstanding.length === 0 ? (
						<p className="text-sm text-muted-foreground">You're all paid up. Thank you!</p>
					) : (
						<BillsBySeason
							bills={outstanding}
							label="Outstanding bills"
							className="divide-y"
							row={(b) => (
								<OutstandingBillRow
									key={b.id}
									bill={b}
									onPay={() => pay(b.id)}
									pending={pendingBillId === b.id}
									disabled={!setup.data || (pendingBillId !== undefined && pendingBillId !== b.id)}
								/>
							)}
						/>
					)}
				</CardContent>
			</Card>
			{settled.length ? (
				<Card>
					<CardHeader>
						<CardTitle>Paid bills</CardTitle>
					</CardHeader>
					<CardContent>
						<BillsBySeason
							bills={settled}
							label="Paid bills"
							className="divide-y"
							row={(b) => <PaidBillRow key={b.id} bill={b} />}
						/>
					</CardContent>
				</Card>
			) : null}
			<PlanCard setup={setup.data} fallbackPriceCents={bills.data.planPriceCents} />
		</div>
	);
}
