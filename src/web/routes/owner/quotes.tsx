import { FileText } from "lucide-react";
import { useState } from "react";
import { EmptyState, LoadingState, PageHeading } from "../../components/shell/app-shell.tsx";
import { Button } from "../../components/ui/button.tsx";
import { useOwnerQuotes } from "../../features/quotes/api.ts";
import { OwnerQuoteCard } from "../../features/quotes/components/owner-quote-card.tsx";
import {
	type ApprovedWebsiteQuote,
	WebsiteCustomerDialog,
} from "../../features/quotes/components/website-customer-dialog.tsx";
import { errorMessage } from "../../lib/api-client.ts";

export function meta() {
	return [{ title: "Quote Requests | Buckeye Holiday Lights" }];
}

export default function OwnerQuotes() {
	const quotes = useOwnerQuotes();
	const [approved, setApproved] = useState<ApprovedWebsiteQuote | null>(null);
	const list = quotes.data?.pages.flatMap((p) => p.quotes) ?? [];
	return (
		<>
			<PageHeading title="Quote Requests" description="Requests from the app and the website." />
			{quotes.isPending ? (
				<LoadingState label="Loading quotes..." />
			) : quotes.isError ? (
				<EmptyState icon={FileText}>Failed to load quotes: {errorMessage(quotes.error)}</EmptyState>
			) : list.length === 0 ? (
				<EmptyState icon={FileText}>No quote requests found</EmptyState>
			) : (
				// Two columns at a desk: a card a full screen wide puts its prices far from their services.
				<div className="grid items-start gap-4 xl:grid-cols-2">
					{list.map((quote) => (
						<OwnerQuoteCard
							key={`${quote.source}-${quote.id}`}
							quote={quote}
							onWebsiteApproved={setApproved}
						/>
					))}
					{quotes.hasNextPage ? (
						<Button
							variant="outline"
							className="xl:col-span-2"
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
