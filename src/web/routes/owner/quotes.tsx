import { FileText } from "lucide-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import {
	OWNER_QUOTE_FILTERS,
	type OwnerQuoteFilter,
	type QuoteCounts,
} from "../../../shared/quotes.ts";
import { EmptyState, LoadingState, PageHeading } from "../../components/shell/app-shell.tsx";
import { Button } from "../../components/ui/button.tsx";
import { mayOpen } from "../../features/auth/api.ts";
import { quoteQueries, useOwnerQuotes, useQuoteCounts } from "../../features/quotes/api.ts";
import {
	OwnerQuoteCard,
	QUOTE_ROW_COLUMNS,
} from "../../features/quotes/components/owner-quote-card.tsx";
import {
	type ApprovedWebsiteQuote,
	WebsiteCustomerDialog,
} from "../../features/quotes/components/website-customer-dialog.tsx";
import { errorMessage } from "../../lib/api-client.ts";
import { firstData } from "../../lib/first-data.ts";
import { cn } from "../../lib/utils.ts";

export function meta() {
	return [{ title: "Quote Requests | Buckeye Holiday Lights" }];
}

const FILTER_LABELS = {
	all: "All",
	pending: "Pending",
	revised: "Revised",
	approved: "Approved, no account",
	rejected: "Rejected",
} as const satisfies Record<OwnerQuoteFilter, string>;

/** What an empty filter says under SPEC's 'No quote requests found'. */
const EMPTY_HINTS = {
	all: "New requests from the app and the website appear here.",
	pending: "No request is waiting for your decision.",
	revised: "No revised quote is waiting for its customer.",
	approved: "Every approved website quote has its customer account.",
	rejected: "No quote has been rejected.",
} as const satisfies Record<OwnerQuoteFilter, string>;

const isFilter = (value: string | null): value is OwnerQuoteFilter =>
	(OWNER_QUOTE_FILTERS as readonly (string | null)[]).includes(value);

/** The list the address asks for (`?status=`), All when it names none. */
const filterOf = (params: URLSearchParams): OwnerQuoteFilter => {
	const asked = params.get("status");
	return isFilter(asked) ? asked : "all";
};

/** The filter links, each with its count; the chosen one is in the address (?status=...). */
function QuoteFilters({ current, counts }: { current: OwnerQuoteFilter; counts?: QuoteCounts }) {
	return (
		<nav aria-label="Quote filters" className="mb-4">
			<ul className="flex flex-wrap gap-2">
				{OWNER_QUOTE_FILTERS.map((filter) => (
					<li key={filter}>
						<Link
							to={filter === "all" ? "/owner/quotes" : `/owner/quotes?status=${filter}`}
							aria-current={filter === current ? "page" : undefined}
							className={cn(
								"inline-flex h-9 items-center gap-2 rounded-full border bg-card px-3 text-sm font-medium transition-colors hover:bg-muted",
								filter === current &&
									"border-primary bg-primary text-primary-foreground hover:bg-primary/90",
							)}
						>
							{FILTER_LABELS[filter]}
							<span
								className={cn(
									"rounded-full bg-muted px-1.5 text-xs tabular-nums text-muted-foreground",
									filter === current && "bg-primary-foreground/20 text-primary-foreground",
								)}
							>
								{counts ? counts[filter] : "…"}
							</span>
						</Link>
					</li>
				))}
			</ul>
		</nav>
	);
}

/** The list the address asks for and the counts, from the page itself on its first load (lib/first-data.ts). */
export const clientLoader = ({ request }: { request: Request }) =>
	firstData(mayOpen("owner"), (client) => [
		client.prefetchInfiniteQuery(
			quoteQueries.ownerList(filterOf(new URL(request.url).searchParams)),
		),
		client.prefetchQuery(quoteQueries.counts()),
	]);

export default function OwnerQuotes() {
	const [params] = useSearchParams();
	const status = filterOf(params);
	const quotes = useOwnerQuotes(status);
	const counts = useQuoteCounts();
	const [approved, setApproved] = useState<ApprovedWebsiteQuote | null>(null);
	const list = quotes.data?.pages.flatMap((p) => p.quotes) ?? [];
	return (
		<>
			<PageHeading title="Quote Requests" description="Requests from the app and the website." />
			<QuoteFilters current={status} counts={counts.data} />
			{quotes.isPending ? (
				<LoadingState label="Loading quotes..." />
			) : quotes.isError ? (
				<EmptyState icon={FileText}>Failed to load quotes: {errorMessage(quotes.error)}</EmptyState>
			) : list.length === 0 ? (
				<EmptyState icon={FileText}>
					<p>No quote requests found</p>
					<p className="mt-1 text-xs">{EMPTY_HINTS[status]}</p>
				</EmptyState>
			) : (
				<div className="grid grid-cols-1 gap-2">
					<div
						aria-hidden
						className={cn(
							"hidden px-4 text-xs font-medium text-muted-foreground md:grid",
							QUOTE_ROW_COLUMNS,
						)}
					>
						<span>Name</span>
						<span>Town</span>
						<span className="text-right">Total</span>
						<span>Asked</span>
						<span className="text-right">Source and status</span>
					</div>
					<ul className="grid grid-cols-1 gap-2" aria-label="Quotes">
						{list.map((quote) => (
							<OwnerQuoteCard
								key={`${quote.source}-${quote.id}`}
								quote={quote}
								onWebsiteApproved={setApproved}
								defaultOpen={params.get("open") === `${quote.source}-${quote.id}`}
							/>
						))}
					</ul>
					{quotes.hasNextPage ? (
						<Button
							variant="outline"
							pending={quotes.isFetchingNextPage}
							onClick={() => quotes.fetchNextPage()}
						>
							Load more
						</Button>
					) : null}
				</div>
			)}
			<WebsiteCustomerDialog quote={approved} onClose={() => setApproved(null)} />
		</>
	);
}
