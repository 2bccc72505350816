import { ChevronDown, UserPlus } from "lucide-react";
import { useId, useState } from "react";
import { formatDate } from "../../../../shared/dates.ts";
import { dollarsToCents, formatCents } from "../../../../shared/money.ts";
import { QUOTE_MESSAGES, type QuoteView } from "../../../../shared/quotes.ts";
import { PriceAdjustmentRows } from "../../../components/price-adjustment-rows.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toast.ts";
import { cn } from "../../../lib/utils.ts";
import { useDecideQuote } from "../api.ts";
import { QuoteStatusBadge } from "./quote-status-badge.tsx";
import { ReviseQuoteDialog } from "./revise-quote-dialog.tsx";

const age = (iso: string) => {
	const days = Math.floor((Date.now() - Date.parse(iso)) / 86_400_000);
	return days <= 0 ? "today" : days === 1 ? "yesterday" : `${days} days ago`;
};

/** The columns of a quote's summary row at a desk; the list's header row uses the same. */
export const QUOTE_ROW_COLUMNS =
	"md:grid-cols-[minmax(0,1.5fr)_minmax(0,1fr)_6.5rem_6.5rem_12rem_1rem] md:gap-x-4";

/**
 * One quote request for the owner: a summary row (name, town, total, age, source, status) that
 * opens its details in place: contact, per-service prices, the instant quote folded, photos, and
 * the decision buttons; an approved website quote whose customer has no account yet offers
 * 'Create customer account'.
 */
export function OwnerQuoteCard({
	quote,
	onWebsiteApproved,
	defaultOpen = false,
}: {
	quote: QuoteView;
	/** Called after a website quote is approved, or to create its customer's account later. */
	onWebsiteApproved: (quote: QuoteView) => void;
	/** Shown with its details open (the quote a dashboard link points at). */
	defaultOpen?: boolean;
}) {
	const [open, setOpen] = useState(defaultOpen);
	const detailsId = useId();
	const town = quote.city ?? quote.address;
	const shownTotal = quote.revisedPriceCents ?? quote.totalEstimateCents;
	return (
		<li className="min-w-0 rounded-lg border bg-card shadow-sm">
			<button
				type="button"
				aria-expanded={open}
				aria-controls={detailsId}
				onClick={() => setOpen((o) => !o)}
				className={cn(
					"grid w-full grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-2 rounded-lg p-4 text-left transition-colors hover:bg-muted/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
					QUOTE_ROW_COLUMNS,
				)}
			>
				<span className="min-w-0">
					<span className="block truncate font-semibold">{quote.name}</span>
					<span className="block truncate text-xs text-muted-foreground md:hidden">
						{town} · {age(quote.createdAt)}
					</span>
				</span>
				<span className="hidden truncate text-sm text-muted-foreground md:block">{town}</span>
				<span className="text-right font-semibold tabular-nums">{formatCents(shownTotal)}</span>
				<span className="hidden text-sm text-muted-foreground md:block">
					{age(quote.createdAt)}
				</span>
				<span className="col-span-2 flex flex-wrap items-center gap-1 md:col-span-1 md:justify-end">
					<Badge variant={quote.source === "app" ? "primary" : "default"}>
						{quote.source === "app" ? "App" : "Website"}
					</Badge>
					<QuoteStatusBadge status={quote.status} />
					{quote.expired ? <Badge variant="danger">Expired</Badge> : null}
				</span>
				<ChevronDown
					className={cn(
						"hidden size-4 text-muted-foreground transition-transform md:block",
						open && "rotate-180",
					)}
					aria-hidden
				/>
			</button>
			{open ? (
				<div id={detailsId} className="min-w-0 border-t p-4">
					<QuoteDetails quote={quote} onWebsiteApproved={onWebsiteApproved} />
				</div>
			) : null}
		</li>
	);
}

function QuoteDetails({
	quote,
	onWebsiteApproved,
}: {
	quote: QuoteView;
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
		// At most a reading width: a full-width table puts the prices far from their services.
		// grid-cols-1 (minmax(0, 1fr)): long names, addresses and e-mails wrap inside it.
		<div className="grid max-w-3xl grid-cols-1 gap-4 wrap-anywhere">
			<div className="grid gap-1 text-sm">
				<p className="text-muted-foreground">
					{[quote.email, quote.phone].filter(Boolean).join(" · ")}
					<br />
					{[quote.address, quote.city, quote.state, quote.zipCode].filter(Boolean).join(", ")}
				</p>
				<p className="text-xs text-muted-foreground">
					Asked {age(quote.createdAt)} · valid until {formatDate(quote.validUntil)}
				</p>
			</div>
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
							{/* The container breaks anywhere; a quantity stays whole. */}
							<td className="py-2 pr-2 whitespace-nowrap tabular-nums">{line.quantity}</td>
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
				<details className="group rounded-md bg-muted p-3 text-sm">
					<summary className="cursor-pointer font-medium">
						Show how this was priced
						{estimate.complexity ? ` (${estimate.complexity} complexity)` : ""}
					</summary>
					{quote.adjustments.length ? (
						<ul className="mt-2 grid gap-1" aria-label="From the services to the price">
							<PriceAdjustmentRows
								adjustments={quote.adjustments}
								className="flex justify-between gap-3"
							/>
						</ul>
					) : null}
					<p className="mt-2">
						<span className="font-medium">Instant quote: </span>
						{estimate.explanation}
					</p>
				</details>
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
			{quote.source === "website" && quote.status === "approved" ? (
				<div className="flex flex-wrap items-center gap-3">
					<p className="text-sm text-muted-foreground">Approved; no customer account yet.</p>
					<Button onClick={() => onWebsiteApproved(quote)}>
						<UserPlus aria-hidden />
						Create customer account
					</Button>
				</div>
			) : null}
		</div>
	);
}
