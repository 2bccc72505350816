import { PartyPopper, X } from "lucide-react";
import { Link } from "react-router";
import { formatDate } from "../../../../shared/dates.ts";
import { formatCents } from "../../../../shared/money.ts";
import type { QuoteView } from "../../../../shared/quotes.ts";
import { PriceAdjustmentRows } from "../../../components/price-adjustment-rows.tsx";
import { Button } from "../../../components/ui/button.tsx";
import {
	Card,
	CardContent,
	CardDescription,
	CardHeader,
	CardTitle,
} from "../../../components/ui/card.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toast.ts";
import { useCustomerQuoteActions } from "../api.ts";
import { QuoteStatusBadge } from "./quote-status-badge.tsx";

/** What the approval banner still asks: signing, paying, both, or nothing once both are done. */
function nextSteps(done: { signed: boolean; paid: boolean }): string | null {
	if (!done.signed && !done.paid) return "Sign your contract below and find your bill in QuickPay.";
	if (!done.signed) return "Sign your contract below.";
	if (!done.paid) return "Find your bill in QuickPay.";
	return null;
}

/**
 * The customer's latest quote: waiting, revised (accept or decline), approved or declined. `done`:
 * whether the contract is signed and the bill paid (the approval banner asks only what is left).
 */
export function CustomerQuoteStatus({
	quote,
	done = { signed: false, paid: false },
}: {
	quote: QuoteView;
	done?: { signed: boolean; paid: boolean };
}) {
	const steps = nextSteps(done);
	const { respond, dismiss } = useCustomerQuoteActions();
	const price = quote.revisedPriceCents ?? quote.totalEstimateCents;
	const answer = (action: "accept" | "decline") =>
		respond
			.mutateAsync({ id: quote.id, action })
			.then((r) =>
				toast.success(
					action === "accept" ? "Quote accepted! Your bill is in QuickPay." : r.message,
				),
			)
			.catch((e) => toast.error(errorMessage(e)));

	return (
		<div className="grid gap-4">
			{quote.status === "approved" && !quote.approvalNotificationSeen && steps ? (
				<div
					className="relative flex items-start gap-3 rounded-lg bg-secondary p-4 text-secondary-foreground"
					role="status"
				>
					<PartyPopper className="mt-0.5 size-5 shrink-0" aria-hidden />
					<p className="min-w-0 pr-6 text-sm">
						<strong>Welcome aboard!</strong> Your quote is approved. {steps}
					</p>
					<button
						type="button"
						aria-label="Dismiss"
						className="absolute top-3 right-3 opacity-80 hover:opacity-100"
						onClick={() => dismiss.mutate({ id: quote.id, flag: "approvalNotificationSeen" })}
					>
						<X className="size-4" aria-hidden />
					</button>
				</div>
			) : null}
			{quote.status === "approved" && quote.quoteDetailsDismissed ? null : (
				<Card>
					<CardHeader>
						<div className="flex flex-wrap items-center justify-between gap-2">
							<CardTitle>Your quote</CardTitle>
							<QuoteStatusBadge status={quote.status} />
						</div>
						<CardDescription>
							{quote.status === "pending"
								? `We're reviewing your request and will get back to you within 24 hours. Valid until ${formatDate(quote.validUntil)}.`
								: quote.status === "revised"
									? "We updated your quote. Please review the new price."
									: quote.status === "approved"
										? "Approved. Here are the details of your display."
										: "This quote was declined. You can request a new one any time."}
						</CardDescription>
					</CardHeader>
					<CardContent className="grid gap-3 text-sm">
						<ul className="divide-y">
							{quote.services.map((l) => (
								<li key={l.serviceId} className="flex justify-between gap-3 py-2">
									<span className="min-w-0 wrap-anywhere">
										{l.name} × {l.quantity}
									</span>
									<span className="shrink-0 tabular-nums">
										{formatCents(l.unitPriceCents * l.quantity)}
									</span>
								</li>
							))}
							<PriceAdjustmentRows
								adjustments={quote.adjustments}
								className="flex justify-between gap-3 py-2"
							/>
						</ul>
						<p className="flex flex-wrap justify-between gap-x-3 text-base font-semibold">
							<span>{quote.revisedPriceCents !== null ? "Revised price" : "Estimate"}</span>
							<span className="tabular-nums">{formatCents(price)}</span>
						</p>
						{quote.ownerNotes ? (
							<p className="rounded-md bg-muted p-3 whitespace-pre-line wrap-anywhere">
								<span className="font-medium">From us: </span>
								{quote.ownerNotes}
							</p>
						) : null}
						{quote.status === "revised" ? (
							<div className="flex gap-2">
								<Button pending={respond.isPending} onClick={() => answer("accept")}>
									Accept
								</Button>
								<Button
									variant="outline"
									pending={respond.isPending}
									onClick={() => answer("decline")}
								>
									Decline
								</Button>
							</div>
						) : null}
						{quote.status === "rejected" ? (
							<Button asChild className="justify-self-start">
								<Link to="/app/quote-request">Request a new quote</Link>
							</Button>
						) : null}
						{quote.status === "approved" ? (
							<Button
								variant="ghost"
								size="sm"
								className="justify-self-start"
								onClick={() => dismiss.mutate({ id: quote.id, flag: "quoteDetailsDismissed" })}
							>
								Hide details
							</Button>
						) : null}
					</CardContent>
				</Card>
			)}
		</div>
	);
}
