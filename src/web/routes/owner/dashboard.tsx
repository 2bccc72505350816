import { CheckCircle2, Clock, FileText, Users, Wrench } from "lucide-react";
import { Link } from "react-router";
import { formatCents } from "../../../shared/money.ts";
import { EmptyState, LoadingState, PageHeading } from "../../components/shell/app-shell.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { useDashboard } from "../../features/customers/api.ts";
import { CustomerList } from "../../features/customers/components/customer-list.tsx";
import { QuoteStatusBadge } from "../../features/quotes/components/quote-status-badge.tsx";
import { AddRequestDialog } from "../../features/requests/components/add-request-dialog.tsx";
import { errorMessage } from "../../lib/api-client.ts";

export function meta() {
	return [{ title: "Dashboard | Buckeye Holiday Lights" }];
}

export default function Dashboard() {
	const dashboard = useDashboard();
	if (dashboard.isPending) return <LoadingState label="Loading dashboard..." />;
	if (dashboard.isError)
		return <EmptyState>Failed to load the dashboard: {errorMessage(dashboard.error)}</EmptyState>;
	const { stats, recentQuotes, customers, nextCursor } = dashboard.data;
	const tiles = [
		{ label: "Pending Quotes", value: stats.pendingQuotes, icon: Clock },
		{ label: "Approved Quotes", value: stats.approvedQuotes, icon: CheckCircle2 },
		{ label: "Active Customers", value: stats.activeCustomers, icon: Users },
		{ label: "Pending Requests", value: stats.pendingRequests, icon: Wrench },
	];
	return (
		<div className="grid gap-6">
			<PageHeading title="Dashboard" description="Your business at a glance." />
			<ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
				{tiles.map(({ label, value, icon: Icon }) => (
					<li key={label} className="rounded-lg border bg-card p-4 shadow-sm">
						<Icon className="size-5 text-primary" aria-hidden />
						<p className="mt-2 text-2xl font-semibold">{value}</p>
						<p className="text-xs text-muted-foreground">{label}</p>
					</li>
				))}
			</ul>
			<Card>
				<CardHeader className="flex-row items-center justify-between">
					<CardTitle>Recent Quote Requests</CardTitle>
					<Button asChild variant="ghost" size="sm">
						<Link to="/owner/quotes">View All</Link>
					</Button>
				</CardHeader>
				<CardContent>
					{recentQuotes.length === 0 ? (
						<EmptyState icon={FileText}>No quote requests found</EmptyState>
					) : (
						<ul className="divide-y">
							{recentQuotes.map((q) => (
								<li key={q.id} className="flex items-center gap-3 py-3 text-sm">
									<div className="min-w-0 flex-1">
										<p className="truncate font-medium">{q.name}</p>
										<p className="truncate text-muted-foreground">{q.address}</p>
									</div>
									<span className="font-semibold">
										{formatCents(q.revisedPriceCents ?? q.totalEstimateCents)}
									</span>
									<QuoteStatusBadge status={q.status} />
								</li>
							))}
						</ul>
					)}
				</CardContent>
			</Card>
			<CustomerList
				first={customers}
				firstCursor={nextCursor}
				cardActions={(c) => <AddRequestDialog customer={c} />}
			/>
		</div>
	);
}
