import { Wrench } from "lucide-react";
import { REQUEST_MESSAGES } from "../../../shared/requests.ts";
import { EmptyState, LoadingState, PageHeading } from "../../components/shell/app-shell.tsx";
import { Button } from "../../components/ui/button.tsx";
import { mayOpen } from "../../features/auth/api.ts";
import { requestQueries, useOwnerRequests } from "../../features/requests/api.ts";
import { OwnerRequestCard } from "../../features/requests/components/owner-request-card.tsx";
import { errorMessage } from "../../lib/api-client.ts";
import { firstData } from "../../lib/first-data.ts";

export function meta() {
	return [{ title: "Service Requests | Buckeye Holiday Lights" }];
}

/** The open requests, from the page itself on its first load (lib/first-data.ts). */
export const clientLoader = () =>
	firstData(mayOpen("owner"), (client) => [
		client.prefetchInfiniteQuery(requestQueries.ownerOpen()),
	]);

export default function OwnerRequests() {
	const requests = useOwnerRequests();
	const list = requests.data?.pages.flatMap((p) => p.requests) ?? [];
	return (
		<>
			<PageHeading
				title="Service Requests"
				description="Open and in-progress requests from customers, urgent first."
			/>
			{requests.isPending ? (
				<LoadingState label="Loading service requests..." />
			) : requests.isError ? (
				<EmptyState icon={Wrench}>
					{REQUEST_MESSAGES.loadFailed}: {errorMessage(requests.error)}
				</EmptyState>
			) : list.length === 0 ? (
				<EmptyState icon={Wrench}>{REQUEST_MESSAGES.empty}</EmptyState>
			) : (
				<ul
					className="grid grid-cols-1 items-start gap-4 xl:grid-cols-2"
					aria-label="Service requests"
				>
					{list.map((request) => (
						<li key={request.id} className="min-w-0">
							<OwnerRequestCard request={request} />
						</li>
					))}
					{requests.hasNextPage ? (
						<li className="grid xl:col-span-2">
							<Button
								variant="outline"
								pending={requests.isFetchingNextPage}
								onClick={() => requests.fetchNextPage()}
							>
								Load more
							</Button>
						</li>
					) : null}
				</ul>
			)}
		</>
	);
}
