import { Check, Eye, Play, X } from "lucide-react";
import { useState } from "react";
import { REQUEST_MESSAGES } from "../../../../shared/requests.ts";
import type { OwnerRequest, RequestAction } from "../../../../shared/service-requests.ts";
import { EmailText, PhoneText } from "../../../components/contact-text.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent } from "../../../components/ui/card.tsx";
import {
	Dialog,
	DialogClose,
	DialogContent,
	DialogDescription,
	DialogFooter,
	DialogHeader,
	DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toast.ts";
import { useChangeRequest } from "../api.ts";
import {
	age,
	colorText,
	formatDateTime,
	PriorityBadge,
	RequestPhotos,
	RequestStatusBadge,
	requestTypeLabel,
} from "./request-parts.tsx";

const SUCCESS = {
	start: REQUEST_MESSAGES.updated,
	complete: REQUEST_MESSAGES.completed,
	cancel: REQUEST_MESSAGES.cancelled,
} as const satisfies Record<RequestAction, string>;

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
	return (
		<div className="grid grid-cols-[7rem_minmax(0,1fr)] gap-2 text-sm">
			<dt className="text-muted-foreground">{label}</dt>
			<dd className="min-w-0 wrap-anywhere">{children}</dd>
		</div>
	);
}

/** One open or in-progress request on the owner's list: View, Start, Complete (confirmed), Cancel. */
export function OwnerRequestCard({ request }: { request: OwnerRequest }) {
	const change = useChangeRequest();
	const [viewing, setViewing] = useState(false);
	const [confirming, setConfirming] = useState(false);
	const [running, setRunning] = useState<RequestAction | null>(null);
	const { customer } = request;
	const color = colorText(request);
	const place = [
		customer.address,
		customer.city,
		[customer.state, customer.zipCode].filter(Boolean).join(" "),
	]
		.filter(Boolean)
		.join(", ");

	const run = (action: RequestAction) => {
		setRunning(action);
		change.mutate(
			{ id: request.id, action },
			{
				onSuccess: () => {
					toast.success(SUCCESS[action]);
					setConfirming(false);
					setViewing(false);
				},
				onError: (error) =>
					toast.error(REQUEST_MESSAGES.updateFailed, { description: errorMessage(error) }),
				onSettled: () => setRunning(null),
			},
		);
	};

	return (
		<Card className={request.priority === "Urgent" ? "border-red-300" : undefined}>
			<CardContent className="grid grid-cols-1 gap-3 pt-5">
				<div className="flex items-start justify-between gap-2">
					<h2 className="min-w-0 wrap-anywhere font-semibold">
						{customer.name}
						{customer.idNumber ? (
							<span className="ml-1.5 text-xs font-normal text-muted-foreground">
								#{customer.idNumber}
							</span>
						) : null}
					</h2>
					<span className="flex shrink-0 gap-1.5">
						{request.priority === "Urgent" ? <PriorityBadge priority="Urgent" /> : null}
						<RequestStatusBadge status={request.status} />
					</span>
				</div>
				<p className="text-sm wrap-anywhere">
					<span className="font-medium">{requestTypeLabel(request)}</span>
					{request.priority === "Normal" ? (
						<span className="text-muted-foreground"> · Normal</span>
					) : null}
					{color ? <span className="text-muted-foreground"> · {color}</span> : null}
					<span className="text-muted-foreground"> · {age(request.createdAt)}</span>
				</p>
				{request.details ? (
					<p className="line-clamp-3 whitespace-pre-line wrap-anywhere text-sm">
						{request.details}
					</p>
				) : null}
				<RequestPhotos ids={request.photoIds} />
				<div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
					<Button variant="outline" size="sm" onClick={() => setViewing(true)}>
						<Eye aria-hidden />
						View
					</Button>
					{request.status === "open" ? (
						<Button
							variant="outline"
							size="sm"
							pending={running === "start"}
							disabled={running !== null}
							onClick={() => run("start")}
						>
							<Play aria-hidden />
							Start
						</Button>
					) : null}
					<Button size="sm" disabled={running !== null} onClick={() => setConfirming(true)}>
						<Check aria-hidden />
						Complete
					</Button>
					<Button
						variant="ghost"
						size="sm"
						className="text-destructive"
						pending={running === "cancel"}
						disabled={running !== null}
						onClick={() => run("cancel")}
					>
						<X aria-hidden />
						Cancel
					</Button>
				</div>
			</CardContent>

			<Dialog open={viewing} onOpenChange={setViewing}>
				<DialogContent className="max-h-[90dvh] overflow-y-auto">
					<DialogHeader>
						<DialogTitle>{requestTypeLabel(request)} request</DialogTitle>
						<DialogDescription>
							From {customer.name}, {formatDateTime(request.createdAt)}
						</DialogDescription>
					</DialogHeader>
					<dl className="grid gap-2">
						<Detail label="Customer">
							{customer.name}
							{customer.idNumber ? ` (#${customer.idNumber})` : ""}
						</Detail>
						<Detail label="Phone">
							{customer.phone ? (
								<a href={`tel:${customer.phone}`}>
									<PhoneText phone={customer.phone} />
								</a>
							) : (
								"Not given"
							)}
						</Detail>
						<Detail label="E-mail">
							<a href={`mailto:${customer.email}`}>
								<EmailText email={customer.email} />
							</a>
						</Detail>
						<Detail label="Address">{place || "Not given"}</Detail>
						<Detail label="Priority">
							<PriorityBadge priority={request.priority} />
						</Detail>
						<Detail label="Status">
							<RequestStatusBadge status={request.status} />
						</Detail>
						{color ? <Detail label="Colors">{color}</Detail> : null}
						<Detail label="Details">
							<span className="whitespace-pre-line">{request.details ?? "No details given"}</span>
						</Detail>
					</dl>
					<RequestPhotos ids={request.photoIds} size="lg" />
					<DialogFooter>
						<Button
							onClick={() => {
								setViewing(false);
								setConfirming(true);
							}}
						>
							Complete
						</Button>
					</DialogFooter>
				</DialogContent>
			</Dialog>

			<Dialog open={confirming} onOpenChange={setConfirming}>
				<DialogContent>
					<DialogHeader>
						<DialogTitle>Complete this request?</DialogTitle>
						<DialogDescription>
							{customer.name}'s {requestTypeLabel(request)} request is marked as completed and
							leaves the list. The customer is e-mailed.
						</DialogDescription>
					</DialogHeader>
					<DialogFooter>
						<DialogClose asChild>
							<Button variant="outline">Not yet</Button>
						</DialogClose>
						<Button pending={running === "complete"} onClick={() => run("complete")}>
							Mark as Completed
						</Button>
					</DialogFooter>
				</DialogContent>
			</Dialog>
		</Card>
	);
}
