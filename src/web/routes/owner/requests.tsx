import { Wrench } from "lucide-react";
import { EmptyState, PageHeading } from "../../components/shell/app-shell.tsx";

export function meta() {
	return [{ title: "Service Requests | Buckeye Holiday Lights" }];
}

export default function OwnerRequests() {
	return (
		<>
			<PageHeading
				title="Service Requests"
				description="Open and in-progress requests from customers."
			/>
			<EmptyState icon={Wrench}>No service requests found</EmptyState>
		</>
	);
}
