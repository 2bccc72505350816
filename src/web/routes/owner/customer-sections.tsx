import type * as React from "react";
import type { CustomerDetail } from "../../../shared/customers.ts";
import { CustomerConversation } from "../../features/chat/components/chat-panel.tsx";
import {
	CustomerQuotesCard,
	CustomerRequestsCard,
} from "../../features/customers/components/customer-quotes-card.tsx";
import { InstallationMediaCard } from "../../features/customers/components/installation-media.tsx";
import { BillingCard } from "../../features/payments/components/billing-card.tsx";
import { CustomerPaymentsCard } from "../../features/payments/components/customer-payments-card.tsx";
import { AddRequestDialog } from "../../features/requests/components/add-request-dialog.tsx";
import { CustomerBinsCard } from "../../features/storage/components/customer-bins-card.tsx";

/** Two cards side by side on a desk, one above the other on a phone. */
function TwoColumns({
	children: [first, second],
}: {
	children: [React.ReactNode, React.ReactNode];
}) {
	return (
		<div className="grid items-start gap-4 lg:grid-cols-2">
			<div className="min-w-0">{first}</div>
			<div className="min-w-0">{second}</div>
		</div>
	);
}

/** The customer page's tabs after the Overview. */
export type LaterSection = "billing" | "requests" | "photos" | "storage" | "messages";

/**
 * The content of one of the customer page's later tabs. This module loads when one of them is
 * first opened (or about to be: a pointer over the tabs), not with the page.
 */
export function CustomerSection({
	section,
	detail,
}: {
	section: LaterSection;
	detail: CustomerDetail;
}) {
	const { customer } = detail;
	switch (section) {
		case "billing":
			return (
				<TwoColumns>
					<BillingCard detail={detail} />
					<CustomerPaymentsCard customerId={customer.id} />
				</TwoColumns>
			);
		case "requests":
			return (
				<TwoColumns>
					<CustomerRequestsCard
						requests={detail.serviceRequests}
						action={<AddRequestDialog customer={customer} />}
					/>
					<CustomerQuotesCard quotes={detail.quotes} />
				</TwoColumns>
			);
		case "photos":
			return <InstallationMediaCard detail={detail} />;
		case "storage":
			return <CustomerBinsCard customerId={customer.id} />;
		case "messages":
			return <CustomerConversation customerUserId={customer.userId} />;
	}
}
