import { FileText, Wrench } from "lucide-react";
import type { CustomerDetail } from "../../../../shared/customers.ts";
import { formatDate } from "../../../../shared/dates.ts";
import { formatCents } from "../../../../shared/money.ts";
import { REQUEST_STATUS_LABELS, REQUEST_TYPE_LABELS } from "../../../../shared/requests.ts";
import { PriceAdjustmentRows } from "../../../components/price-adjustment-rows.tsx";
import { EmptyState } from "../../../components/shell/app-shell.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { QuoteStatusBadge } from "../../quotes/components/quote-status-badge.tsx";

const day = (iso: string) => formatDate(iso.slice(0, 10));

/** The customer's quotes, newest first, with their lines, total and photos. */
export function CustomerQuotesCard({ quotes }: { quotes: CustomerDetail["quotes"] }) {
	return (
		<Card>
			<CardHeader>
				<CardTitle>Quotes</CardTitle>
			</CardHeader>
			<CardContent>
				{quotes.length === 0 ? (
					<EmptyState icon={FileText}>No quote requests found</EmptyState>
				) : (
					<ul className="grid grid-cols-1 gap-4 wrap-anywhere">
						{quotes.map((q) => (
							<li key={q.id} className="grid gap-2 rounded-md border p-3 text-sm">
								<div className="flex flex-wrap items-center justify-between gap-2">
									<span className="text-muted-foreground">{day(q.createdAt)}</span>
									<QuoteStatusBadge status={q.status} />
								</div>
								<ul className="grid gap-1">
									{q.services.map((l) => (
										<li key={l.serviceId} className="flex min-w-0 justify-between gap-2">
											<span className="min-w-0">
												{l.name}
												{l.quantity > 1 ? ` × ${l.quantity}` : ""}
											</span>
											<span className="tabular-nums">
												{formatCents(l.unitPriceCents * l.quantity)}
											</span>
										</li>
									))}
									<PriceAdjustmentRows
										adjustments={q.adjustments}
										className="flex min-w-0 justify-between gap-2"
									/>
								</ul>
								<p className="flex justify-between border-t pt-2 font-semibold">
									<span>Total</span>
									<span>{formatCents(q.revisedPriceCents ?? q.totalEstimateCents)}</span>
								</p>
								{q.photoIds.length > 0 ? (
									<ul className="grid grid-cols-4 gap-2 sm:grid-cols-6" aria-label="Quote photos">
										{q.photoIds.map((id, i) => (
											<li key={id}>
												<a href={`/api/files/${id}`} target="_blank" rel="noreferrer">
													<img
														src={`/api/files/${id}`}
														alt={`The property, ${i + 1} of ${q.photoIds.length}`}
														className="aspect-square w-full rounded-md object-cover"
													/>
												</a>
											</li>
										))}
									</ul>
								) : null}
							</li>
						))}
					</ul>
				)}
			</CardContent>
		</Card>
	);
}

/** The customer's service requests, newest first (read-only here). */
export function CustomerRequestsCard({
	requests,
	action,
}: {
	requests: CustomerDetail["serviceRequests"];
	/** A button beside the title (adding a request for this customer). */
	action?: React.ReactNode;
}) {
	return (
		<Card>
			<CardHeader className="flex-row items-center justify-between gap-2">
				<CardTitle>Service Requests</CardTitle>
				{action}
			</CardHeader>
			<CardContent>
				{requests.length === 0 ? (
					<EmptyState icon={Wrench}>No service requests found</EmptyState>
				) : (
					<ul className="grid grid-cols-1 divide-y text-sm wrap-anywhere">
						{requests.map((r) => (
							<li key={r.id} className="grid gap-1 py-3">
								<div className="flex flex-wrap items-center gap-2">
									<span className="font-medium">{REQUEST_TYPE_LABELS[r.requestType]}</span>
									{r.priority === "Urgent" ? <Badge variant="danger">Urgent</Badge> : null}
									<Badge>{REQUEST_STATUS_LABELS[r.status]}</Badge>
									<span className="ml-auto text-muted-foreground">{day(r.createdAt)}</span>
								</div>
								{r.details ? <p className="text-muted-foreground">{r.details}</p> : null}
								{r.requestedColorScheme ? <p>Colors: {r.requestedColorScheme}</p> : null}
							</li>
						))}
					</ul>
				)}
			</CardContent>
		</Card>
	);
}
