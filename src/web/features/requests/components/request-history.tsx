import { ClipboardList } from "lucide-react";
import { formatCents } from "../../../../shared/money.ts";
import { REQUEST_MESSAGES } from "../../../../shared/requests.ts";
import type { RequestView } from "../../../../shared/service-requests.ts";
import { EmptyState, LoadingState } from "../../../components/shell/app-shell.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent } from "../../../components/ui/card.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toast.ts";
import { useCancelMyRequest, useMyRequests } from "../api.ts";
import {
	colorText,
	formatDateTime,
	PriorityBadge,
	RequestPhotos,
	RequestStatusBadge,
	requestTypeLabel,
} from "./request-parts.tsx";

function HistoryItem({ request }: { request: RequestView }) {
	const cancel = useCancelMyRequest();
	const color = colorText(request);
	return (
		<Card>
			<CardContent className="grid gap-3 pt-5">
				<div className="flex flex-wrap items-center gap-2">
					<h3 className="font-semibold">{requestTypeLabel(request)}</h3>
					<PriorityBadge priority={request.priority} />
					<span className="ml-auto">
						<RequestStatusBadge status={request.status} />
					</span>
				</div>
				{color ? (
					<p className="text-sm wrap-anywhere">
						<span className="text-muted-foreground">Colors:</span> {color}
					</p>
				) : null}
				{request.details ? (
					<p className="whitespace-pre-line wrap-anywhere text-sm">{request.details}</p>
				) : null}
				<RequestPhotos ids={request.photoIds} />
				{request.fee ? (
					<p className="text-sm text-muted-foreground">
						Color change fee {formatCents(request.fee.amountCents)} ·{" "}
						{request.fee.status === "paid" ? "paid" : "in QuickPay"}
					</p>
				) : null}
				<div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
					<span>
						Sent {formatDateTime(request.createdAt)}
						{request.updatedAt !== request.createdAt
							? ` · updated ${formatDateTime(request.updatedAt)}`
							: ""}
					</span>
					{request.status === "open" ? (
						<Button
							variant="outline"
							size="sm"
							pending={cancel.isPending}
							onClick={() =>
								cancel.mutate(request.id, {
									onSuccess: () => toast.success(REQUEST_MESSAGES.cancelled),
									onError: (error) =>
										toast.error(REQUEST_MESSAGES.updateFailed, {
											description: errorMessage(error),
										}),
								})
							}
						>
							Cancel Request
						</Button>
					) : null}
				</div>
			</CardContent>
		</Card>
	);
}

/** The customer's real requests, newest first. */
export function RequestHistory() {
	const history = useMyRequests();
	if (history.isPending) return <LoadingState label="Loading requests..." />;
	if (history.isError)
		return (
			<EmptyState icon={ClipboardList}>
				{REQUEST_MESSAGES.loadFailed}: {errorMessage(history.error)}
			</EmptyState>
		);
	const requests = history.data.pages.flatMap((p) => p.requests);
	if (requests.length === 0)
		return <EmptyState icon={ClipboardList}>{REQUEST_MESSAGES.empty}</EmptyState>;
	return (
		<ul className="grid grid-cols-1 gap-3" aria-label="Request history">
			{requests.map((r) => (
				<li key={r.id} className="min-w-0">
					<HistoryItem request={r} />
				</li>
			))}
			{history.hasNextPage ? (
				<li className="grid">
					<Button
						variant="outline"
						pending={history.isFetchingNextPage}
						onClick={() => history.fetchNextPage()}
					>
						Load more
					</Button>
				</li>
			) : null}
		</ul>
	);
}
