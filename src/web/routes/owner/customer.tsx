import { ArrowLeft } from "lucide-react";
import { Link, useParams } from "react-router";
import { LoadingState, PageHeading } from "../../components/shell/app-shell.tsx";
import { Button } from "../../components/ui/button.tsx";
import { useChatCustomer } from "../../features/chat/api.ts";
import { CustomerConversation } from "../../features/chat/components/chat-panel.tsx";

export function meta() {
	return [{ title: "Customer | Buckeye Holiday Lights" }];
}

export default function OwnerCustomer() {
	const { id = "" } = useParams();
	const customer = useChatCustomer(id);
	return (
		<>
			<Button asChild variant="ghost" size="sm" className="mb-4">
				<Link to="/owner">
					<ArrowLeft aria-hidden />
					Back
				</Link>
			</Button>
			{customer.isPending ? (
				<LoadingState />
			) : customer.data ? (
				<div className="grid max-w-3xl gap-6">
					<PageHeading title={customer.data.name} />
					<CustomerConversation customerUserId={customer.data.customerUserId} />
				</div>
			) : (
				<>
					<PageHeading title="Customer" />
					<p className="text-sm text-muted-foreground">Customer not found</p>
				</>
			)}
		</>
	);
}
