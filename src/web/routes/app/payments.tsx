import { CalendarDays, CreditCard, Receipt } from "lucide-react";
import { toast } from "sonner";
import type { Bill } from "../../../shared/bills.ts";
import { formatDate } from "../../../shared/dates.ts";
import { formatCents } from "../../../shared/money.ts";
import { EmptyState, LoadingState, PageHeading } from "../../components/shell/app-shell.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import {
	Card,
	CardContent,
	CardDescription,
	CardHeader,
	CardTitle,
} from "../../components/ui/card.tsx";
import { useBills } from "../../features/bills/api.ts";
import { useLatestQuote } from "../../features/quotes/api.ts";
import { errorMessage } from "../../lib/api-client.ts";

export function meta() {
	return [{ title: "QuickPay | Buckeye Holiday Lights" }];
}

/** Paying arrives with the payment provider; until it is set up, buttons say so honestly. */
const NO_PAYMENT_PROVIDER = "Add Stripe keys in Settings to accept payments.";

function BillRow({ bill }: { bill: Bill }) {
	return (
		<li className="flex items-center gap-3 py-3">
			<div className="min-w-0 flex-1">
				<p className="font-medium">{bill.description}</p>
				<p className="text-sm text-muted-foreground">
					{bill.status === "paid" && bill.paidAt
						? `Paid ${formatDate(bill.paidAt.slice(0, 10))}`
						: `Due ${formatDate(bill.dueDate)}`}
				</p>
			</div>
			<span className="font-semibold">{formatCents(bill.amountCents)}</span>
			{bill.status === "paid" ? (
				<Badge variant="success">Paid</Badge>
			) : (
				<Button size="sm" onClick={() => toast.warning(NO_PAYMENT_PROVIDER)}>
					<CreditCard aria-hidden />
					Pay
				</Button>
			)}
		</li>
	);
}

export default function QuickPay() {
	const quote = useLatestQuote();
	const bills = useBills();
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
	const outstanding = bills.data.bills.filter((b) => b.status === "pending");
	const paid = bills.data.bills.filter((b) => b.status === "paid");
	return (
		<div className="grid gap-6">
			<PageHeading title="QuickPay" description="Your bills and payment plans." />
			<Card>
				<CardHeader>
					<CardTitle>Outstanding bills</CardTitle>
				</CardHeader>
				<CardContent>
					{outstanding.length === 0 ? (
						<p className="text-sm text-muted-foreground">You're all paid up. Thank you!</p>
					) : (
						<ul className="divide-y">
							{outstanding.map((b) => (
								<BillRow key={b.id} bill={b} />
							))}
						</ul>
					)}
				</CardContent>
			</Card>
			{paid.length ? (
				<Card>
					<CardHeader>
						<CardTitle>Paid bills</CardTitle>
					</CardHeader>
					<CardContent>
						<ul className="divide-y">
							{paid.map((b) => (
								<BillRow key={b.id} bill={b} />
							))}
						</ul>
					</CardContent>
				</Card>
			) : null}
			<Card className="border-secondary/30 bg-secondary/5">
				<CardHeader>
					<CardTitle className="flex items-center gap-2">
						<CalendarDays className="size-5 text-secondary" aria-hidden />
						Plan for Next Year
					</CardTitle>
					<CardDescription>
						Spread next season's display over monthly payments and keep your spot on our install
						calendar.
					</CardDescription>
				</CardHeader>
				<CardContent className="flex flex-wrap items-center justify-between gap-3">
					<p>
						<span className="font-display text-3xl font-semibold" data-testid="plan-price">
							{formatCents(bills.data.planPriceCents)}
						</span>
						<span className="text-sm text-muted-foreground"> / month</span>
					</p>
					<Button variant="secondary" onClick={() => toast.warning(NO_PAYMENT_PROVIDER)}>
						<CalendarDays aria-hidden />
						Join the plan
					</Button>
				</CardContent>
			</Card>
		</div>
	);
}
