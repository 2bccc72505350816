import { UserRound } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import type { CustomerCard as Card } from "../../../../shared/customers.ts";
import { formatDate } from "../../../../shared/dates.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { cn } from "../../../lib/utils.ts";

const nextLabel = (step: Card["nextStep"]) => {
	if (!step) return null;
	switch (step.kind) {
		case "bill":
			return `Bill due ${formatDate(step.date ?? "")}`;
		case "contract":
			return "Contract to sign";
		case "install":
			return "Installation next";
		case "takedown":
			return "Takedown next";
	}
};

const stateVariant = { PastDue: "danger", Active: "success", Suspended: "default" } as const;
const stateLabel = { PastDue: "Past due", Active: "Active", Suspended: "Suspended" } as const;

/**
 * A customer at a glance: town and the next thing due, state and badges; highlighted while a bill
 * is pending. Opens the customer's page; `actions`
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
						className="size-14 shrink-0 rounded-full object-cover"
					/>
				) : (
					<span className="flex size-14 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
						<UserRound className="size-7" aria-hidden />
					</span>
				)}
				<div className="min-w-0 flex-1">
					<div className="flex min-w-0 items-baseline gap-2">
						<span className="min-w-0 truncate font-semibold">{customer.name}</span>
						<span className="shrink-0 text-xs text-muted-foreground">#{customer.idNumber}</span>
					</div>
					<p className="truncate text-xs text-muted-foreground">
						{[customer.city, nextLabel(customer.nextStep)].filter(Boolean).join(" · ") || "\u00a0"}
					</p>
					{/* The badges wrap under the name: several never widen the card or the page. */}
					<div className="mt-1.5 flex flex-wrap gap-1">
						<Badge variant={stateVariant[customer.accountState]}>
							{stateLabel[customer.accountState]}
						</Badge>
						{customer.onPlan ? (
							<Badge variant="primary" title="On the Plan for Next Year">
								Plan
							</Badge>
						) : null}
						{customer.fixCount ? <Badge variant="warning">FIX {customer.fixCount}</Badge> : null}
						{customer.colorCount ? <Badge variant="info">COLOR {customer.colorCount}</Badge> : null}
					</div>
					<div className="mt-2 h-2 overflow-hidden rounded-full bg-muted" aria-hidden>
						<div
							className="h-full bg-secondary"
							style={{ width: `${customer.progressPercent}%` }}
						/>
					</div>
					<p className="mt-1 text-xs text-muted-foreground">{customer.progressPercent}% complete</p>
				</div>
			</Link>
			{actions ? <div className="flex justify-end gap-2 px-4 pb-3">{actions}</div> : null}
		</div>
	);
}
