import { Lightbulb, Sparkles } from "lucide-react";
import { Link } from "react-router";
import type { ServiceType } from "../../../shared/customers.ts";
import { LoadingState } from "../../components/shell/app-shell.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import {
	Card,
	CardContent,
	CardDescription,
	CardHeader,
	CardTitle,
} from "../../components/ui/card.tsx";
import { ProgressBar } from "../../components/ui/progress.tsx";
import { authQueries, mayOpen, useMe } from "../../features/auth/api.ts";
import { ConfirmEmailNotice } from "../../features/auth/components/confirm-email-notice.tsx";
import { bookingQueries } from "../../features/bookings/api.ts";
import { HomeBookingCard } from "../../features/bookings/components/home-booking-card.tsx";
import { chatQueries } from "../../features/chat/api.ts";
import { CustomerChatPanel } from "../../features/chat/components/chat-panel.tsx";
import { contractQueries } from "../../features/contracts/api.ts";
import { ContractCard } from "../../features/contracts/components/contract-card.tsx";
import { MySeasonTimeline } from "../../features/contracts/components/season-timeline.tsx";
import { customerQueries, useMyCustomer } from "../../features/customers/api.ts";
import { MyInstallationPhotos } from "../../features/customers/components/installation-media.tsx";
import { notificationQueries } from "../../features/notifications/api.ts";
import { quoteQueries, useLatestQuote } from "../../features/quotes/api.ts";
import { CustomerQuoteStatus } from "../../features/quotes/components/customer-quote-status.tsx";
import { renewalQueries } from "../../features/renewals/api.ts";
import { RenewCard } from "../../features/renewals/components/renew-card.tsx";
import { requestQueries, useMyRequests } from "../../features/requests/api.ts";
import { storageQueries } from "../../features/storage/api.ts";
import { MyStorageCard } from "../../features/storage/components/my-storage-card.tsx";
import { firstData } from "../../lib/first-data.ts";

export function meta() {
	return [{ title: "Home | Buckeye Holiday Lights" }];
}

const BULBS = ["#f5b83d", "#ef4444", "#22c55e", "#f5b83d", "#38bdf8", "#ef4444"].map(
	(color, id) => ({ id, color }),
);

const SERVICE_TYPE = {
	installation: "Installation",
	maintenance: "Maintenance",
	removal: "Removal",
} as const satisfies Record<ServiceType, string>;

/** Everything Home shows, from the page itself on its first load (lib/first-data.ts). */
export const clientLoader = () =>
	firstData(mayOpen("app"), (client) => [
		client.prefetchQuery(quoteQueries.latest()),
		client.prefetchQuery(customerQueries.myRecord()),
		client.prefetchInfiniteQuery(requestQueries.history()),
		client.prefetchQuery(renewalQueries.mine()),
		client.prefetchQuery(contractQueries.mine()),
		client.prefetchQuery(contractQueries.myTimeline()),
		client.prefetchQuery(bookingQueries.myBookings()),
		client.prefetchQuery(storageQueries.mine()),
		client.prefetchQuery(customerQueries.myInstallationMedia()),
		client.prefetchQuery(notificationQueries.pushKey),
		client
			.ensureQueryData(authQueries.me())
			.then(({ user }) =>
				user?.role === "customer"
					? client.prefetchInfiniteQuery(chatQueries.messages(user.id, "customer"))
					: undefined,
			),
	]);

export default function CustomerHome() {
	const { data: user } = useMe();
	const quote = useLatestQuote();
	const customer = useMyCustomer();
	const requests = useMyRequests();
	if (quote.isPending || customer.isPending) return <LoadingState />;
	const latest = quote.data ?? null;
	const record = customer.data ?? null;
	const approved = latest?.status === "approved";
	// Active while one of my requests is open or in progress.
	const active = requests.data?.pages[0]?.active ?? false;
	return (
		// At a desk the cards sit two by two under the full-width banner.
		<div className="later-cards grid gap-5 lg:grid-cols-2 lg:items-start">
			<section className="relative overflow-hidden rounded-xl bg-night p-5 text-night-foreground shadow-md lg:col-span-2">
				<div
					className="pointer-events-none absolute inset-x-0 top-3 flex justify-around"
					aria-hidden
				>
					{BULBS.map(({ id, color }) => (
						<span
							key={id}
							className="h-4 w-2.5 rounded-full"
							style={{ background: color, boxShadow: `0 0 12px ${color}` }}
						/>
					))}
				</div>
				<h1 className="mt-6 font-display text-2xl wrap-anywhere">Welcome, {user?.displayName}</h1>
				<p className="mt-1 text-sm text-night-foreground/80">
					{SERVICE_TYPE[record?.serviceType ?? "installation"]} · {record?.progressPercent ?? 0}%
					complete
				</p>
				<ProgressBar className="mt-3" value={record?.progressPercent ?? 0} />
			</section>

			<ConfirmEmailNotice />
			<RenewCard />

			{!latest && !record?.installCompleted ? (
				<Card>
					<CardHeader>
						<CardTitle>Let's light up your home</CardTitle>
						<CardDescription>
							Tell us about your property and the lights you would like. You get an instant
							estimate, and we confirm your quote within 24 hours.
						</CardDescription>
					</CardHeader>
					<CardContent>
						<Button asChild>
							<Link to="/app/quote-request">
								<Sparkles aria-hidden />
								Get Serviced
							</Link>
						</Button>
					</CardContent>
				</Card>
			) : null}

			{latest ? (
				<CustomerQuoteStatus
					quote={latest}
					done={{
						signed: Boolean(record?.agreedToServices),
						paid: Boolean(record?.paidInvoice),
					}}
				/>
			) : null}
			{latest ? <MySeasonTimeline /> : null}
			{approved ? <ContractCard /> : null}
			{approved && record?.agreedToServices ? <HomeBookingCard /> : null}
			{approved ? <MyStorageCard /> : null}
			<MyInstallationPhotos />
			<CustomerChatPanel />

			<Card>
				<CardHeader>
					<div className="flex items-center justify-between gap-2">
						<CardTitle className="flex items-center gap-2">
							<Lightbulb className="size-5 text-accent" aria-hidden /> Service requests
						</CardTitle>
						<Badge variant={active ? "success" : "default"}>{active ? "Active" : "Inactive"}</Badge>
					</div>
					<CardDescription>
						{approved
							? "A light out or something not right? Tell us and we'll fix it."
							: "This is available after your quote has been approved."}
					</CardDescription>
				</CardHeader>
				{approved ? (
					<CardContent>
						<Button asChild variant="outline">
							<Link to="/app/requests">Report Light Out / Issue</Link>
						</Button>
					</CardContent>
				) : null}
			</Card>
		</div>
	);
}
