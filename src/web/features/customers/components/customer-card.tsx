import { UserRound } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import type { CustomerCard as Card } from "../../../../shared/customers.ts";
import { formatDate } from "../../../../shared/dates.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { cn } from "../../../lib/utils.ts";

const stateVariant = { PastDue: "danger", Active: "success", Suspended: "default" } as const;
const stateLabel = { PastDue: "Past due", Active: "Active", Suspended: "Suspended" } as const;

/**
 * A customer at a glance; highlighted while a bill is pending. Opens the customer's page; `actions`
 * (e.g. adding a service request) sit below, outside the link.
 */
export function CustomerCard({ customer, actions }: { customer: Card; actions?: React.ReactNode }) {
	return (
		<div
			className={cn(
				// min-w-0: a long name or many badges shrink the card instead of widening the page.
				"min-w-0 rounded-lg border bg-card shadow-sm",
				customer.hasPendingBills && "border-amber-400 bg-amber-50",
			)}
		>
			<Link
				to={`/owner/customer/${customer.id}`}
				className="flex items-center gap-4 rounded-lg p-4 transition-colors hover:bg-muted/60"
			>
				{customer.imageFileId ? (
					<img
						src={`/api/files/${customer.imageFileId}`}
						alt=""
						className="size-14 rounded-full object-cover"
					/>
				) : (
					<span className="flex size-14 items-center justify-center rounded-full bg-muted text-muted-foreground">
						<UserRound className="size-7" aria-hidden />
					</span>
				)}
				<div className="min-w-0 flex-1">
					<div className="flex flex-wrap items-center gap-2">
						<span className="truncate font-semibold">{customer.name}</span>
						<span className="text-xs text-muted-foreground">#{customer.idNumber}</span>
					</div>
					<div className="mt-2 h-2 overflow-hidden rounded-full bg-muted" aria-hidden>
						<div
							className="h-full bg-secondary"
							style={{ width: `${customer.progressPercent}%` }}
						/>
					</div>
					<p className="mt-1 text-xs text-muted-foreground">{customer.progressPercent}% complete</p>
				</div>
				<div className="flex flex-col items-end gap-1">
					<Badge variant={stateVariant[customer.accountState]}>
						{stateLabel[customer.accountState]}
					</Badge>
					{customer.accountState !== "PastDue" && customer.billDueDate ? (
						<Badge variant="warning">Bill due {formatDate(customer.billDueDate)}</Badge>
					) : null}
					<div className="flex gap-1">
						{customer.onPlan ? (
							<Badge variant="primary" title="On the Plan for Next Year">
								Plan
							</Badge>
						) : null}
						{customer.fixCount ? <Badge variant="warning">FIX {customer.fixCount}</Badge> : null}
						{customer.colorCount ? <Badge variant="info">COLOR {customer.colorCount}</Badge> : null}
					</div>
				</div>
			</Link>
			{actions ? <div className="flex justify-end gap-2 px-4 pb-3">{actions}</div> : null}
		</div>
	);
}
