import { ArrowLeft, Pencil, Save, X } from "lucide-react";
import { useEffect } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { toast } from "sonner";
import { CUSTOMER_MESSAGES } from "../../../shared/customers.ts";
import { EmptyState, LoadingState } from "../../components/shell/app-shell.tsx";
import { Button } from "../../components/ui/button.tsx";
import { CustomerConversation } from "../../features/chat/components/chat-panel.tsx";
import { useCustomerDetail } from "../../features/customers/api.ts";
import {
	AccountInfoCard,
	PropertyNotesCard,
} from "../../features/customers/components/account-info-card.tsx";
import { BillingCard } from "../../features/customers/components/billing-card.tsx";
import { useCustomerEditor } from "../../features/customers/components/customer-editor.ts";
import { CustomerImageCard } from "../../features/customers/components/customer-image-card.tsx";
import {
	CustomerQuotesCard,
	CustomerRequestsCard,
} from "../../features/customers/components/customer-quotes-card.tsx";
import { InstallationMediaCard } from "../../features/customers/components/installation-media.tsx";
import { ProgressCard } from "../../features/customers/components/progress-card.tsx";
import { CustomerPaymentsCard } from "../../features/payments/components/customer-payments-card.tsx";
import { AddRequestDialog } from "../../features/requests/components/add-request-dialog.tsx";
import { ApiError, errorMessage } from "../../lib/api-client.ts";

export function meta() {
	return [{ title: "Customer | Buckeye Holiday Lights" }];
}

/** One customer's page: each section is a component of the customers feature. */
export default function OwnerCustomer() {
	const id = useParams().id ?? "";
	const navigate = useNavigate();
	const detail = useCustomerDetail(id);
	const editor = useCustomerEditor(detail.data?.customer);
	const missing = detail.error instanceof ApiError && [400, 404].includes(detail.error.status);

	useEffect(() => {
		if (!missing) return;
		toast.error(CUSTOMER_MESSAGES.notFound);
		navigate("/owner", { replace: true });
	}, [missing, navigate]);

	if (detail.isPending) return <LoadingState label="Loading customer..." />;
	if (detail.isError)
		return <EmptyState>Failed to load the customer: {errorMessage(detail.error)}</EmptyState>;
	const { customer } = detail.data;

	return (
		<div className="grid gap-4">
			<div className="flex items-center justify-between gap-2">
				<Button asChild variant="ghost" size="sm">
					<Link to="/owner">
						<ArrowLeft aria-hidden />
						Back
					</Link>
				</Button>
				{editor.editing ? (
					<div className="flex gap-2">
						<Button variant="outline" size="sm" onClick={editor.cancel} disabled={editor.pending}>
							<X aria-hidden />
							Cancel
						</Button>
						<Button size="sm" onClick={editor.save} pending={editor.pending}>
							{editor.pending ? null : <Save aria-hidden />}
							Save
						</Button>
					</div>
				) : (
					<Button size="sm" onClick={editor.start}>
						<Pencil aria-hidden />
						Edit
					</Button>
				)}
			</div>
			<h1 className="sr-only">{customer.name}</h1>
			<div className="grid items-start gap-4 lg:grid-cols-3">
				<div className="grid gap-4">
					<CustomerImageCard customer={customer} editing={editor.editing} />
					<ProgressCard customer={customer} />
					<BillingCard detail={detail.data} />
					<CustomerPaymentsCard customerId={customer.id} />
				</div>
				<div className="grid gap-4 lg:col-span-2">
					<AccountInfoCard customer={customer} editor={editor} />
					<PropertyNotesCard customer={customer} editor={editor} />
					<CustomerQuotesCard quotes={detail.data.quotes} />
					<CustomerRequestsCard
						requests={detail.data.serviceRequests}
						action={<AddRequestDialog customer={customer} />}
					/>
					<InstallationMediaCard detail={detail.data} />
					{customer.userId ? <CustomerConversation customerUserId={customer.userId} /> : null}
				</div>
			</div>
		</div>
	);
}
