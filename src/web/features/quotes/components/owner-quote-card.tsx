import { useState } from "react";
import { toast } from "sonner";
import { formatDate } from "../../../../shared/dates.ts";
import { dollarsToCents, formatCents } from "../../../../shared/money.ts";
import { QUOTE_MESSAGES, type QuoteView } from "../../../../shared/quotes.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardHeader } from "../../../components/ui/card.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { useDecideQuote } from "../api.ts";
import { QuoteStatusBadge } from "./quote-status-badge.tsx";
import { ReviseQuoteDialog } from "./revise-quote-dialog.tsx";

const age = (iso: string) => {
	const days = Math.floor((Date.now() - Date.parse(iso)) / 86_400_000);
	return days <= 0 ? "today" : days === 1 ? "yesterday" : `${days} days ago`;
};

/** One quote request for the owner: details, per-service prices, and the decision buttons. */
export function OwnerQuoteCard({
	quote,
	onWebsiteApproved,
}: {
	quote: QuoteView;
	/** Called after a website quote is approved, to offer creating the customer's account. */
	onWebsiteApproved: (quote: QuoteView) => void;
}) {
	const decide = useDecideQuote();
	const [prices, setPrices] = useState<Record<string, string>>({});
	const estimate = quote.aiQuote as { explanation?: string; complexity?: string } | null;
	const unit = (line: QuoteView["services"][number]) => {
		const typed = prices[line.serviceId];
		return typed === undefined || typed === ""
			? line.unitPriceCents
			: dollarsToCents(Math.max(0, Number(typed) || 0));
	};
	const overridden = quote.services.filter((l) => unit(l) !== l.unitPriceCents);
	const total = quote.services.reduce((sum, l) => sum + unit(l) * l.quantity, 0);

	const run = (decision: Parameters<typeof decide.mutateAsync>[0]["decision"]) =>
		decide
			.mutateAsync({ source: quote.source, id: quote.id, decision })
			.then((result) => {
				if (result.source === "website" && result.status === "approved") onWebsiteApproved(quote);
				else toast.success(result.message);
			})
			.catch((error) => toast.error(errorMessage(error, QUOTE_MESSAGES.updateFailed)));

	return (
		<Card>
			<CardHeader className="gap-2">
				<div className="flex flex-wrap items-center gap-2">
					<QuoteStatusBadge status={quote.status} />
					<Badge variant={quote.source === "app" ? "primary" : "default"}>
						{quote.source === "app" ? "App" : "Website"}
					</Badge>
					{quote.expired ? <Badge variant="danger">Expired</Badge> : null}
					<span className="ml-auto text-xs text-muted-foreground">
						{age(quote.createdAt)} · valid until {formatDate(quote.validUntil)}
					</span>
				</div>
				<h2 className="text-lg font-semibold">{quote.name}</h2>
				<p className="text-sm text-muted-foreground">
					{[quote.email, quote.phone].filter(Boolean).join(" · ")}
					<br />
					{[quote.address, quote.city, quote.state, quote.zipCode].filter(Boolean).join(", ")}
				</p>
			</CardHeader>
			<CardContent className="grid gap-4">
				<table className="w-full text-sm">
					<caption className="sr-only">Services</caption>
					<thead className="text-left text-xs text-muted-foreground">
						<tr>
							<th className="pb-1 font-medium">Service</th>
							<th className="pb-1 font-medium">Qty</th>
							<th className="pb-1 text-right font-medium">Unit price ($)</th>
						</tr>
					</thead>
					<tbody>
						{quote.services.map((line) => (
							<tr key={line.serviceId} className="border-t">
								<td className="py-2 pr-2">{line.name}</td>
								<td className="py-2 pr-2">{line.quantity}</td>
								<td className="py-2 text-right">
									<Input
										aria-label={`Price for ${line.name}`}
										type="number"
										inputMode="decimal"
										min={0}
										step={0.01}
										className="ml-auto h-9 w-28 text-right"
										value={prices[line.serviceId] ?? (line.unitPriceCents / 100).toFixed(2)}
										onChange={(e) => setPrices((p) => ({ ...p, [line.serviceId]: e.target.value }))}
										disabled={quote.status === "rejected"}
									/>
								</td>
							</tr>
						))}
					</tbody>
				</table>
				<dl className="grid grid-cols-[1fr_auto] gap-y-1 text-sm">
					<dt className="text-muted-foreground">Estimate</dt>
					<dd className="font-semibold">{formatCents(quote.totalEstimateCents)}</dd>
					{quote.revisedPriceCents !== null ? (
						<>
							<dt className="text-muted-foreground">Revised price</dt>
							<dd className="font-semibold">{formatCents(quote.revisedPriceCents)}</dd>
						</>
					) : null}
					{overridden.length ? (
						<>
							<dt className="text-muted-foreground">Total with your prices</dt>
							<dd className="font-semibold text-primary">{formatCents(total)}</dd>
						</>
					) : null}
				</dl>
				{estimate?.explanation ? (
					<p className="rounded-md bg-muted p-3 text-sm">
						<span className="font-medium">
							Instant quote{estimate.complexity ? ` (${estimate.complexity} complexity)` : ""}:{" "}
						</span>
						{estimate.explanation}
					</p>
				) : null}
				{quote.notes ? (
					<p className="text-sm">
						<span className="font-medium">Notes: </span>
						{quote.notes}
					</p>
				) : null}
				{quote.ownerNotes ? (
					<p className="text-sm">
						<span className="font-medium">Your notes: </span>
						{quote.ownerNotes}
					</p>
				) : null}
				{quote.photoIds.length ? (
					<ul className="grid grid-cols-3 gap-2 sm:grid-cols-6" aria-label="Property photos">
						{quote.photoIds.map((id, index) => (
							<li key={id}>
								<a
									href={`/api/files/${id}`}
									target="_blank"
									rel="noreferrer"
									className="block aspect-square overflow-hidden rounded-md border bg-muted"
								>
									<img
										src={`/api/files/${id}`}
										alt={`${quote.name}'s property, ${index + 1} of ${quote.photoIds.length}`}
										loading="lazy"
										className="size-full object-cover"
									/>
								</a>
							</li>
						))}
					</ul>
				) : null}
				{quote.status === "pending" || quote.status === "revised" ? (
					<div className="flex flex-wrap gap-2">
						<Button
							variant="secondary"
							pending={decide.isPending}
							onClick={() =>
								run({
									action: "approve",
									unitPrices: overridden.map((l) => ({
										serviceId: l.serviceId,
										unitPriceCents: unit(l),
									})),
								})
							}
						>
							Approve
						</Button>
						<ReviseQuoteDialog
							pending={decide.isPending}
							website={quote.source === "website"}
							onRevise={(revision) => run({ action: "revise", ...revision })}
						/>
						<Button
							variant="ghost"
							className="text-destructive"
							pending={decide.isPending}
							onClick={() => run({ action: "reject" })}
						>
							Reject
						</Button>
					</div>
				) : null}
			</CardContent>
		</Card>
	);
}
