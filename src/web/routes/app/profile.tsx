import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { LoadingState, PageHeading } from "../../components/shell/app-shell.tsx";
import { Button } from "../../components/ui/button.tsx";
import { mayOpen, setView, useMe, useRefreshMe } from "../../features/auth/api.ts";
import { EditProfileCard } from "../../features/auth/components/edit-profile-card.tsx";
import { SignOutButton } from "../../features/auth/components/sign-out-button.tsx";
import { contractQueries } from "../../features/contracts/api.ts";
import { MyContractsCard } from "../../features/contracts/components/contract-card.tsx";
import { customerQueries, useMyCustomer } from "../../features/customers/api.ts";
import { notificationQueries } from "../../features/notifications/api.ts";
import { NotificationsCard } from "../../features/notifications/components/notifications-card.tsx";
import { quoteQueries, useApprovedQuote } from "../../features/quotes/api.ts";
import { ApprovedServiceCard } from "../../features/quotes/components/approved-service-card.tsx";
import { errorMessage } from "../../lib/api-client.ts";
import { firstData } from "../../lib/first-data.ts";
import { toast } from "../../lib/toast.ts";

export function meta() {
	return [{ title: "Profile | Buckeye Holiday Lights" }];
}

/** The profile's cards, from the page itself on its first load (lib/first-data.ts). */
export const clientLoader = () =>
	firstData(mayOpen("app"), (client) => [
		client.prefetchQuery(quoteQueries.approved()),
		client.prefetchQuery(customerQueries.myRecord()),
		client.prefetchQuery(contractQueries.mine()),
		client.prefetchQuery(notificationQueries.preferences),
		client.prefetchQuery(notificationQueries.pushKey),
	]);

export default function Profile() {
	const { data: user } = useMe();
	const quote = useApprovedQuote();
	const customer = useMyCustomer();
	const refreshMe = useRefreshMe();
	const navigate = useNavigate();
	const fixRole = useMutation({
		mutationFn: () => setView("customer"),
		onSuccess: async () => {
			await refreshMe();
			toast.success("Your account now opens in the customer app");
			navigate("/app");
		},
		onError: (error) => toast.error(`Failed to fix role: ${errorMessage(error)}`),
	});
	if (!user) return null;
	return (
		<div className="grid gap-5">
			<PageHeading title="Profile" />
			{quote.isPending || customer.isPending ? (
				<LoadingState />
			) : (
				<ApprovedServiceCard quote={quote.data ?? null} progress={customer.data ?? null} />
			)}
			{quote.data ? <MyContractsCard /> : null}
			<EditProfileCard user={user} />
			<NotificationsCard />
			<div className="flex flex-wrap gap-3">
				{user.role === "owner" ? (
					<Button variant="secondary" pending={fixRole.isPending} onClick={() => fixRole.mutate()}>
						Fix Role to Customer
					</Button>
				) : null}
				<SignOutButton />
			</div>
		</div>
	);
}
