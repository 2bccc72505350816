import { ArrowLeft, Lock, Receipt } from "lucide-react";
import type * as React from "react";
import { Link, useNavigate, useParams } from "react-router";
import { formatDate } from "../../../shared/dates.ts";
import { formatCents } from "../../../shared/money.ts";
import { EmptyState, LoadingState, PageHeading } from "../../components/shell/app-shell.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { mayOpen } from "../../features/auth/api.ts";
import {
	billQueries,
	paymentQueries,
	useBills,
	usePayBill,
	usePaymentSetup,
} from "../../features/payments/api.ts";
import { useCardForm } from "../../features/payments/card-form-api.ts";
import { CardFailure, CardFields } from "../../features/payments/components/card-fields.tsx";
import {
	TestModeBadge,
	TestModeNotice,
} from "../../features/payments/components/test-mode-notice.tsx";
import { useNoProviderMessage } from "../../features/payments/pay-action-api.ts";
import { errorMessage } from "../../lib/api-client.ts";
import { firstData } from "../../lib/first-data.ts";
import { toast } from "../../lib/toast.ts";

export function meta() {
	return [{ title: "Checkout | Buckeye Holiday Lights" }];
}

/** The bill and how cards are taken, from the page itself on its first load (lib/first-data.ts). */
export const clientLoader = () =>
	firstData(mayOpen("app"), (client) => [
		client.prefetchQuery(billQueries.list()),
		client.prefetchQuery(paymentQueries.setup()),
	]);

function BackToQuickPay() {
	return (
		<Button asChild variant="ghost" size="sm" className="justify-self-start">
			<Link to="/app/payments">
				<ArrowLeft aria-hidden />
				Back to QuickPay
			</Link>
		</Button>
	);
}

/**
 * The test-mode checkout: one bill, its amount from the server, and a card typed by hand. The
 * server charges it with its own test provider; a decline leaves the bill pending and the fields
 * as typed. One payment at a time: a second press while the first is under way does nothing.
 */
export default function Checkout() {
	const billId = useParams().billId ?? "";
	const navigate = useNavigate();
	const bills = useBills();
	const setup = usePaymentSetup();
	const payBill = usePayBill();
	const noProvider = useNoProviderMessage(setup.data);
	const form = useCardForm();

	if (bills.isPending || setup.isPending) return <LoadingState label="Loading checkout..." />;
	if (bills.isError)
		return <EmptyState>Failed to load the bill: {errorMessage(bills.error)}</EmptyState>;
	const bill = bills.data.bills.find((b) => b.id === billId);
	// Paid a moment ago, the bill is no longer pending: leave that to the navigation under way.
	const done = payBill.isSuccess;

	if (!bill || (bill.status !== "pending" && !done)) {
		return (
			<div className="grid gap-4">
				<BackToQuickPay />
				<EmptyState icon={Receipt}>
					{bill ? "This bill is already paid." : "This bill was not found."}
				</EmptyState>
			</div>
		);
	}
	if (setup.data && setup.data.mode !== "test") {
		return (
			<div className="grid gap-4">
				<BackToQuickPay />
				<EmptyState icon={Lock}>
					{setup.data.mode === "off"
						? noProvider()
						: "Card payments go through our payment provider's secure checkout: use Pay on QuickPay."}
				</EmptyState>
			</div>
		);
	}

	const amount = formatCents(bill.amountCents);
	const busy = payBill.isPending || done;

	const submit = async (event: React.FormEvent<HTMLFormElement>) => {
		event.preventDefault();
		if (busy) return;
		const card = await form.start();
		if (!card) return;
		payBill.mutate(
			{ billId: bill.id, card },
			{
				onSuccess: (result) => {
					if (result.kind === "redirect") return void window.location.assign(result.url);
					toast.success(result.message);
					navigate("/app/payments", { replace: true });
				},
				onError: (error) => form.settled(errorMessage(error)),
			},
		);
	};

	return (
		<div className="mx-auto grid w-full max-w-lg gap-4">
			<BackToQuickPay />
			<PageHeading title="Checkout">
				<TestModeBadge className="mt-1.5" />
			</PageHeading>
			<Card>
				<CardHeader>
					<CardTitle className="text-base">Your bill</CardTitle>
				</CardHeader>
				<CardContent className="flex flex-wrap items-end justify-between gap-3">
					<div className="min-w-0">
						<p className="font-medium break-words" data-testid="checkout-description">
							{bill.description}
						</p>
						<p className="text-sm text-muted-foreground">Due {formatDate(bill.dueDate)}</p>
					</div>
					<p className="font-display text-3xl font-semibold" data-testid="checkout-amount">
						{amount}
					</p>
				</CardContent>
			</Card>
			<TestModeNotice mode="test" />
			<Card>
				<CardHeader>
					<CardTitle className="text-base">Card details</CardTitle>
				</CardHeader>
				<CardContent>
					<form noValidate className="grid gap-5" aria-label="Card details" onSubmit={submit}>
						<CardFields {...form.fields(busy)} />
						<CardFailure message={form.failure} />
						<Button type="submit" size="lg" pending={busy} className="w-full">
							{busy ? "Processing..." : `Pay ${amount}`}
						</Button>
						<p className="flex items-center justify-center gap-1.5 text-xs text-muted-foreground">
							<Lock className="size-3" aria-hidden />
							The amount comes from your bill; your card number is never stored.
						</p>
					</form>
				</CardContent>
			</Card>
		</div>
	);
}
