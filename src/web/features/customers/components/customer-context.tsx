import { Wrench } from "lucide-react";
import { Link } from "react-router";
import type { CustomerDetail } from "../../../../shared/customers.ts";
import { formatDate } from "../../../../shared/dates.ts";
import {
	OPEN_REQUEST_STATUSES,
	REQUEST_STATUS_LABELS,
	REQUEST_TYPE_LABELS,
} from "../../../../shared/requests.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { addressLine, ContactLines } from "./customer-header.tsx";

/**
 * Beside a conversation: where the customer lives, how to call them and their open service
 * requests, with the way to their page.
 */
export function CustomerContext({ detail }: { detail: CustomerDetail }) {
	const { customer } = detail;
	const _address = addressLine(customer);
	const open = detail.serviceRequests.filter((r) =>
		(OPEN_REQUEST_STATUSES as readonly string[]).includes(r.status),
	);
	return (
		<aside
			aria-label="About this customer"
			className="grid min-w-0 content-start gap-3 rounded-lg border bg-card p-4 text-sm shadow-sm"
		>
			<ContactLines customer={customer} className="gap-1.5" />
			<div className="grid gap-2">
				<h3 className="flex items-center gap-1.5 font-semibold">
					<Wrench className="size-4 text-muted-foreground" aria-hidden />
					Open service requests
				</h3>
				{open.length === 0 ? (
					<p className="text-muted-foreground">No open service requests</p>
				) : (
					<ul className="grid gap-2">
						{open.map((r) => (
							<li key={r.id} className="grid min-w-0 gap-1 rounded-md border p-2">
								<span className="flex flex-wrap items-center gap-1.5">
									<span className="font-medium">{REQUEST_TYPE_LABELS[r.requestType]}</span>
									{r.priority === "Urgent" ? <Badge variant="danger">Urgent</Badge> : null}
									<Badge>{REQUEST_STATUS_LABELS[r.status]}</Badge>
								</span>
								{r.details ? (
									<span className="line-clamp-2 text-muted-foreground wrap-anywhere">
										{r.details}
									</span>
								) : null}
								<span className="text-xs text-muted-foreground">
									{formatDate(r.createdAt.slice(0, 10))}
								</span>
							</li>
						))}
					</ul>
				)}
			</div>
			<Link
				to={`/owner/customer/${customer.id}`}
				className="font-medium text-primary underline underline-offset-2"
			>
				Open customer page
			</Link>
		</aside>
	);
}
