import { FileText } from "lucide-react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { QUOTE_IN_PROGRESS_MESSAGE } from "../../../shared/quote-request.ts";
import { EmptyState, LoadingState, PageHeading } from "../../components/shell/app-shell.tsx";
import { Button } from "../../components/ui/button.tsx";
import { mayOpen } from "../../features/auth/api.ts";
import { quoteQueries, useLatestQuote } from "../../features/quotes/api.ts";
import { CustomerQuoteForm } from "../../features/quotes/components/customer-quote-form.tsx";
import { renewalQueries, useMyRenewal } from "../../features/renewals/api.ts";
import { firstData } from "../../lib/first-data.ts";

export function meta() {
	return [{ title: "Request a Quote | Buckeye Holiday Lights" }];
}

/** The latest quote and the renewal offer, from the page itself on its first load (lib/first-data.ts). */
export const clientLoader = () =>
	firstData(mayOpen("app"), (client) => [
		client.prefetchQuery(quoteQueries.latest()),
		client.prefetchQuery(renewalQueries.mine()),
	]);

/** `?from=renewal` (Change My Design): the form opens with last season's design filled in. */
export default function QuoteRequest() {
	const navigate = useNavigate();
	const [params] = useSearchParams();
	const latest = useLatestQuote();
	const renewal = useMyRenewal();
	if (latest.isPending || renewal.isPending) return <LoadingState />;
	const offer = renewal.data?.offer;
	const quote = latest.data;
	// Last season's approved quote is done once next season's offer is out and not taken.
	const pastSeason = quote?.status === "approved" && !!offer && offer.state !== "accepted";
	const inProgress = quote && quote.status !== "rejected" && !pastSeason;
	const lastSeason =
		params.get("from") === "renewal" && offer && offer.state !== "accepted"
			? {
					lines: offer.lines,
					place: pastSeason
						? {
								address: quote.address,
								city: quote.city ?? "",
								state: quote.state ?? "OH",
								zipCode: quote.zipCode ?? "",
							}
						: {},
				}
			: undefined;
	return (
		<>
			<PageHeading
				title="Request a Quote"
				description={
					lastSeason
						? `Last season's design is filled in: change what you like for ${offer!.seasonId}, and we will send you a new quote.`
						: "Choose your services and tell us about your property."
				}
			/>
			{inProgress ? (
				<EmptyState icon={FileText}>
					<p>{QUOTE_IN_PROGRESS_MESSAGE}</p>
					<Button asChild variant="outline" className="mt-4">
						<Link to="/app">See your quote</Link>
					</Button>
				</EmptyState>
			) : (
				<CustomerQuoteForm lastSeason={lastSeason} onSubmitted={() => navigate("/app")} />
			)}
		</>
	);
}
