import { ArrowRight, CheckCircle2, Clock, FileText, UserPlus, Users, Wrench } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { formatCents } from "../../../shared/money.ts";
import type { QuoteView } from "../../../shared/quotes.ts";
import { EmptyState, LoadingState, PageHeading } from "../../components/shell/app-shell.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { mayOpen } from "../../features/auth/api.ts";
import { customerQueries, useDashboard } from "../../features/customers/api.ts";
import { CustomerList } from "../../features/customers/components/customer-list.tsx";
import { quoteQueries, useQuoteCounts } from "../../features/quotes/api.ts";
import { QuoteStatusBadge } from "../../features/quotes/components/quote-status-badge.tsx";
import { renewalQueries } from "../../features/renewals/api.ts";
import { RenewalsCard } from "../../features/renewals/components/renewals-card.tsx";
import { AddRequestDialog } from "../../features/requests/components/add-request-dialog.tsx";
import { storageQueries } from "../../features/storage/api.ts";
import { StorageAlertsCard } from "../../features/storage/components/storage-alerts-card.tsx";
import { errorMessage } from "../../lib/api-client.ts";
import { firstData } from "../../lib/first-data.ts";

export function meta() {
	return [{ title: "Dashboard | Buckeye Holiday Lights" }];
}

/**
 * Where a recent quote opens: its filter of the quote list, expanded. An approved app quote has
 * left the list for its customer's page (its card below): its row opens nothing.
 */
const quoteLink = (q: QuoteView) =>
	q.status === "approved" && q.source === "app"
		? null
		: `/owner/quotes?status=${q.status}&open=${q.source}-${q.id}`;

/** Approved website quotes whose customer has no account yet: one line to their list. */
function WebsiteLeadsLine() {
	const counts = useQuoteCounts();
	const waiting = counts.data?.approved ?? 0;
	if (waiting === 0) return null;
	return (
		<Link
			to="/owner/quotes?status=approved"
			className="flex items-center gap-3 rounded-lg border border-amber-400 bg-amber-50 p-4 text-sm font-medium text-amber-950 transition-colors hover:bg-amber-100"
		>
			<UserPlus className="size-5 shrink-0" aria-hidden />
			<span className="flex-1">
				{waiting === 1
					? "1 approved website quote has no customer account yet"
					: `${waiting} approved website quotes have no customer account yet`}
			</span>
			<ArrowRight className="size-4 shrink-0" aria-hidden />
		</Link>
	);
}

/** The dashboard's cards, from the page itself on its first load (lib/first-data.ts). */
export const clientLoader = () =>
	firstData(mayOpen("owner"), (client) => [
		client.prefetchQuery(customerQueries.ownerDashboard()),
		client.prefetchQuery(quoteQueries.counts()),
		client.prefetchQuery(renewalQueries.pipeline()),
		client.prefetchQuery(storageQueries.alerts()),
	]);

export default function Dashboard() {
	const dashboard = useDashboard();
	if (dashboard.isPending) return <LoadingState label="Loading dashboard..." />;
	if (dashboard.isError)
		return <EmptyState>Failed to load the dashboard: {errorMessage(dashboard.error)}</EmptyState>;
	const { stats, recentQuotes, customers, nextCursor } = dashboard.data;
	const tiles = [
		{
			label: "Pending Quotes",
			value: stats.pendingQuotes,
			icon: Clock,
			to: "/owner/quotes?status=pending",
		},
		// Approved quotes are their customers' now: the list below.
		{
			label: "Approved Quotes",
			value: stats.approvedQuotes,
			icon: CheckCircle2,
			to: "#customers-heading",
		},
		{
			label: "Active Customers",
			value: stats.activeCustomers,
			icon: Users,
			to: "#customers-heading",
		},
		{
			label: "Pending Requests",
			value: stats.pendingRequests,
			icon: Wrench,
			to: "/owner/requests",
		},
	];
	return (
		// grid-cols-1 (minmax(0, 1fr)): a long name truncates instead of widening the page.
		<div className="later-cards grid grid-cols-1 gap-6">
			<PageHeading title="Dashboard" description="Your business at a glance." />
			<ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
				{tiles.map(({ label, value, icon: Icon, to }) => (
					<li key={label} className="min-w-0">
						<TileLink
							to={to}
							className="block h-full rounded-lg border bg-card p-4 shadow-sm transition-colors hover:border-primary/50 hover:bg-muted/60"
						>
							<Icon className="size-5 text-primary" aria-hidden />
							<p className="mt-2 text-2xl font-semibold">{value}</p>
							<p className="text-xs text-muted-foreground">{label}</p>
						</TileLink>
					</li>
				))}
			</ul>
			<WebsiteLeadsLine />
			<RenewalsCard />
			<StorageAlertsCard />
			<Card>
				<CardHeader className="flex-row items-center justify-between">
					<CardTitle>Upcoming Installs</CardTitle>
					<Button asChild variant="ghost" size="sm">
						<Link to="/owner/schedule">Open Schedule</Link>
					</Button>
				</CardHeader>
				<CardContent className="text-sm text-muted-foreground">
					Each day's booked installs against your crews' capacity, closed days and holds.
				</CardContent>
			</Card>
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
								<li key={q.id}>
									<TileLink
										to={quoteLink(q)}
										className="-mx-2 flex items-center gap-3 rounded-md px-2 py-3 text-sm transition-colors [&[href]]:hover:bg-muted/60"
									>
										<div className="min-w-0 flex-1">
											<p className="truncate font-medium">{q.name}</p>
											<p className="truncate text-muted-foreground">
												{[q.address, q.city].filter(Boolean).join(", ")}
											</p>
										</div>
										<span className="font-semibold">
											{formatCents(q.revisedPriceCents ?? q.totalEstimateCents)}
										</span>
										<QuoteStatusBadge status={q.status} />
									</TileLink>
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

/** A route link, a plain anchor for a place on this page (#...), or no link at all (null). */
function TileLink({
	to,
	className,
	children,
}: {
	to: string | null;
	className: string;
	children: React.ReactNode;
}) {
	if (to === null) return <div className={className}>{children}</div>;
	return to.startsWith("#") ? (
		<a href={to} className={className}>
			{children}
		</a>
	) : (
		<Link to={to} className={className}>
			{children}
		</Link>
	);
}
