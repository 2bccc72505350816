import { FileText } from "lucide-react";
import { EmptyState, PageHeading } from "../../components/shell/app-shell.tsx";

export function meta() {
	return [{ title: "Quote Requests | Buckeye Holiday Lights" }];
}

export default function OwnerQuotes() {
	return (
		<>
			<PageHeading title="Quote Requests" description="Requests from the app and the website." />
			<EmptyState icon={FileText}>No quote requests found</EmptyState>
		</>
	);
}
