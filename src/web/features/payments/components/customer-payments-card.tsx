import { CalendarDays, CreditCard, Undo2 } from "lucide-react";
import type * as React from "react";
import { useState } from "react";
import { Link } from "react-router";
import { formatDate } from "../../../../shared/dates.ts";
import { formatCents } from "../../../../shared/money.ts";
import type { PaymentRecord, PaymentStatus, Plan } from "../../../../shared/payments.ts";
import { CopyButton } from "../../../components/copy-button.tsx";
import { FormField, TextareaField } from "../../../components/form-field.tsx";
import { EmptyState, LoadingState } from "../../../components/shell/app-shell.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import {
	Dialog,
	DialogContent,
	DialogDescription,
	DialogFooter,
	DialogHeader,
	DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toast.ts";
import { lazySchema } from "../../../lib/use-zod-form.ts";
import { useCustomerPayments, useRefundPayment } from "../api.ts";
import { brandName } from "../payment-method.ts";
import { dayOf } from "./bill-rows.tsx";

const refundInputSchema = lazySchema(
	() => import("../../../../shared/payments.ts"),
	"refundInputSchema",
);

/** What the refund policy (/refunds) promises about timing. */
const CARD_REFUND_TIMING = "Card refunds usually appear in 3-5 business days";

const STATUS: Record<PaymentStatus, { label: string; variant: "success" | "warning" | "danger" }> =
	{
		succeeded: { label: "Succeeded", variant: "success" },
		pending: { label: "Pending", variant: "warning" },
		failed: { label: "Failed", variant: "danger" },
	};

/** "Plan for Next Year: active, next charge Jan 15, 2026", or nothing when not on the plan. */
function planSummary(plan: Plan): string | null {
	if (plan.status !== "active") return null;
	return `Plan for Next Year: active${plan.nextChargeDate ? `, next charge ${formatDate(dayOf(plan.nextChargeDate))}` : ""}`;
}

/**
 * The owner's list of a customer's card payments (cash and checks are on the bills) with their
 * refunds, and the monthly plan when the customer is on it. A card payment that went through and
 * has money left can be refunded, all or part, with a reason.
 */
export function CustomerPaymentsCard({ customerId }: { customerId: string }) {
	const payments = useCustomerPayments(customerId);
	const [refunding, setRefunding] = useState<PaymentRecord | null>(null);
	const summary = payments.data ? planSummary(payments.data.plan) : null;
	return (
		<Card>
			<CardHeader>
				<CardTitle>Payments</CardTitle>
			</CardHeader>
			<CardContent className="grid gap-3">
				{summary ? (
					<p
						className="flex items-center gap-2 rounded-md border border-secondary/30 bg-secondary/5 p-3 text-sm font-medium"
						data-testid="customer-plan"
					>
						<CalendarDays className="size-4 shrink-0 text-secondary" aria-hidden />
						{summary}
					</p>
				) : null}
				{payments.isPending ? (
					<LoadingState label="Loading payments..." />
				) : payments.isError ? (
					<p role="alert" className="text-sm text-destructive">
						Failed to load payments: {errorMessage(payments.error)}
					</p>
				) : payments.data.payments.length === 0 ? (
					<EmptyState icon={CreditCard}>No card payments yet</EmptyState>
				) : (
					<ul className="grid gap-3" aria-label="Card payments">
						{payments.data.payments.map((p) => (
							<PaymentItem key={p.id} payment={p} onRefund={() => setRefunding(p)} />
						))}
					</ul>
				)}
				<p className="text-xs text-muted-foreground">
					{CARD_REFUND_TIMING}, per the{" "}
					<Link to="/refunds" target="_blank" className="underline underline-offset-2">
						refund policy
					</Link>
					.
				</p>
			</CardContent>
			{refunding ? (
				<RefundDialog
					customerId={customerId}
					payment={refunding}
					onClose={() => setRefunding(null)}
				/>
			) : null}
		</Card>
	);
}

/** A provider's long reference, its start and end kept: "test_pi_1a2b…9f0e". */
function shortReference(reference: string) {
	return reference.length <= 18 ? reference : `${reference.slice(0, 10)}…${reference.slice(-6)}`;
}

function PaymentItem({ payment, onRefund }: { payment: PaymentRecord; onRefund: () => void }) {
	const status = STATUS[payment.status];
	const left = payment.amountCents - payment.refundedCents;
	const fullyRefunded = payment.refundedCents > 0 && left <= 0;
	return (
		<li className="grid grid-cols-1 gap-2 rounded-md border p-3 text-sm" data-testid="card-payment">
			<div className="flex items-start justify-between gap-2">
				<div className="min-w-0">
					<p className="font-medium wrap-anywhere">{payment.billDescription}</p>
					<p className="text-muted-foreground">
						{formatDate(dayOf(payment.createdAt))} · Card
						{payment.cardLast4
							? ` · ${brandName(payment.cardBrand)} •••• ${payment.cardLast4}`
							: ""}
					</p>
				</div>
				<div className="shrink-0 text-right">
					<p className="font-semibold tabular-nums">{formatCents(payment.amountCents)}</p>
					<Badge variant={fullyRefunded ? "default" : status.variant}>
						{fullyRefunded ? "Refunded" : status.label}
					</Badge>
				</div>
			</div>
			{payment.refundedCents > 0 ? (
				<p className="text-muted-foreground">
					Refunded {formatCents(payment.refundedCents)}
					{left > 0 ? ` · ${formatCents(left)} left` : ""}
				</p>
			) : null}
			{payment.failureMessage ? (
				<p className="text-destructive wrap-anywhere">{payment.failureMessage}</p>
			) : null}
			<div className="flex flex-wrap items-center justify-between gap-2">
				<p className="flex min-w-0 items-center gap-1 font-mono text-xs text-muted-foreground">
					{payment.provider === "test" ? "Test mode" : "Stripe"}
					{payment.providerPaymentId ? (
						<>
							{" · "}
							<span title={payment.providerPaymentId} data-testid="payment-reference">
								{shortReference(payment.providerPaymentId)}
							</span>
							<CopyButton text={payment.providerPaymentId} label="Copy payment reference" />
						</>
					) : null}
				</p>
				{payment.status === "succeeded" && left > 0 ? (
					<Button size="sm" variant="outline" onClick={onRefund}>
						<Undo2 aria-hidden />
						Refund
					</Button>
				) : null}
			</div>
		</li>
	);
}

function RefundDialog({
	customerId,
	payment,
	onClose,
}: {
	customerId: string;
	payment: PaymentRecord;
	onClose: () => void;
}) {
	const refund = useRefundPayment(customerId);
	const leftCents = payment.amountCents - payment.refundedCents;
	const leftText = (leftCents / 100).toFixed(2);
	const [amount, setAmount] = useState(leftText);
	const [reason, setReason] = useState("");
	const [error, setError] = useState<string | null>(null);

	const submit = async (event: React.FormEvent<HTMLFormElement>) => {
		event.preventDefault();
		if (refund.isPending) return;
		const dollars = amount.trim() === "" ? Number.NaN : Number(amount);
		const parsed = (await refundInputSchema.load()).safeParse({
			// The whole rest is sent as no amount: the server refunds exactly what is left.
			amountDollars: amount.trim() === leftText ? undefined : dollars,
			reason,
		});
		if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Check the form");
		if (Math.round(dollars * 100) > leftCents)
			return setError(`At most ${formatCents(leftCents)} of this payment is left to refund`);
		setError(null);
		refund.mutate(
			{ paymentId: payment.id, input: parsed.data },
			{
				onSuccess: (result) => {
					toast.success(result.message);
					onClose();
				},
				onError: (err) => setError(errorMessage(err)),
			},
		);
	};

	return (
		<Dialog open onOpenChange={(open) => !open && !refund.isPending && onClose()}>
			<DialogContent>
				<DialogHeader>
					<DialogTitle>Refund payment</DialogTitle>
					<DialogDescription>
						{payment.billDescription}: {formatCents(payment.amountCents)} paid
						{payment.refundedCents > 0 ? `, ${formatCents(payment.refundedCents)} refunded` : ""}.
						Up to {formatCents(leftCents)} can be refunded.
					</DialogDescription>
				</DialogHeader>
				<form noValidate className="grid gap-4" onSubmit={submit} aria-label="Refund payment">
					<FormField
						label="Refund Amount ($)"
						type="number"
						inputMode="decimal"
						min={0.01}
						max={leftCents / 100}
						step={0.01}
						value={amount}
						onChange={(e) => setAmount(e.target.value)}
						disabled={refund.isPending}
						hint="Defaults to everything left of this payment."
					/>
					<TextareaField
						label="Reason"
						required
						rows={3}
						maxLength={500}
						value={reason}
						onChange={(e) => setReason(e.target.value)}
						disabled={refund.isPending}
					/>
					{error ? (
						<p role="alert" className="text-sm text-destructive">
							{error}
						</p>
					) : null}
					<p className="text-xs text-muted-foreground">{CARD_REFUND_TIMING}.</p>
					<DialogFooter>
						<Button type="button" variant="outline" disabled={refund.isPending} onClick={onClose}>
							Cancel
						</Button>
						<Button type="submit" variant="destructive" pending={refund.isPending}>
							{refund.isPending ? "Refunding..." : "Refund"}
						</Button>
					</DialogFooter>
				</form>
			</DialogContent>
		</Dialog>
	);
}
