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
				<>
					<div className="min-w-0">
						<BillingCard detail={detail} />
					</div>
					<div className="min-w-0">
						<CustomerPaymentsCard customerId={customer.id} />
					</div>
				</>
			);
		case "requests":
			return (
				<>
					<div className="min-w-0">
						<CustomerRequestsCard
							requests={detail.serviceRequests}
							action={<AddRequestDialog customer={customer} />}
						/>
					</div>
					<div className="min-w-0">
						<CustomerQuotesCard quotes={detail.quotes} />
					</div>
				</>
			);
		case "photos":
			return <InstallationMediaCard detail={detail} />;
		case "storage":
			return <CustomerBinsCard customerId={customer.id} />;
		case "messages":
			return <CustomerConversation customerUserId={customer.userId} />;
	}
}
