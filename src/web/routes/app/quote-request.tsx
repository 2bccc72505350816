import { FileText } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { QUOTE_IN_PROGRESS_MESSAGE } from "../../../shared/quote-request.ts";
import { EmptyState, LoadingState, PageHeading } from "../../components/shell/app-shell.tsx";
import { Button } from "../../components/ui/button.tsx";
import { useLatestQuote } from "../../features/quotes/api.ts";
import { CustomerQuoteForm } from "../../features/quotes/components/customer-quote-form.tsx";

export function meta() {
	return [{ title: "Request a Quote | Buckeye Holiday Lights" }];
}

export default function QuoteRequest() {
	const navigate = useNavigate();
	const latest = useLatestQuote();
	if (latest.isPending) return <LoadingState />;
	const inProgress = latest.data && latest.data.status !== "rejected";
	return (
		<>
			<PageHeading
				title="Request a Quote"
				description="Choose your services and tell us about your property."
			/>
			{inProgress ? (
				<EmptyState icon={FileText}>
					<p>{QUOTE_IN_PROGRESS_MESSAGE}</p>
					<Button asChild variant="outline" className="mt-4">
						<Link to="/app">See your quote</Link>
					</Button>
				</EmptyState>
			) : (
				<CustomerQuoteForm onSubmitted={() => navigate("/app")} />
			)}
		</>
	);
}
