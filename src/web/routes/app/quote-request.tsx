import { FileText } from "lucide-react";
import { EmptyState, PageHeading } from "../../components/shell/app-shell.tsx";

export function meta() {
	return [{ title: "Request a Quote | Buckeye Holiday Lights" }];
}

export default function QuoteRequest() {
	return (
		<>
			<PageHeading
				title="Request a Quote"
				description="Choose your services and tell us about your property."
			/>
			<EmptyState icon={FileText}>
				Online quote requests open shortly. Call us in the meantime and we will prepare your quote.
			</EmptyState>
		</>
	);
}
