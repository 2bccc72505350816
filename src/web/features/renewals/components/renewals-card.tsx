import { RefreshCw, Send } from "lucide-react";
import { Link } from "react-router";
import { addDays, businessDate, formatDate } from "../../../../shared/dates.ts";
import { formatCents } from "../../../../shared/money.ts";
import {
	RENEWAL_STATE_LABELS,
	RENEWAL_STATES,
	type RenewalRow,
} from "../../../../shared/renewals.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import {
	Card,
	CardContent,
	CardDescription,
	CardHeader,
	CardTitle,
} from "../../../components/ui/card.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toast.ts";
import { useExtendRenewal, useRenewalPipeline, useSendRenewals } from "../api.ts";

const BADGE = {
	offered: "primary",
	accepted: "success",
	declined: "danger",
	expired: "warning",
	not_offered: "default",
} as const;

function ExtendButton({ row }: { row: RenewalRow }) {
	const extend = useExtendRenewal();
	if (!row.offerId || (row.state !== "offered" && row.state !== "expired")) return null;
	const today = businessDate(new Date());
	const from = row.expiresOn && row.expiresOn > today ? row.expiresOn : today;
	const expiresOn = addDays(from, 14);
	return (
		<Button
			size="sm"
			variant="outline"
			pending={extend.isPending}
			onClick={() =>
				extend
					.mutateAsync({ id: row.offerId!, expiresOn })
					.then(() =>
						toast.success(`${row.customerName}'s offer holds until ${formatDate(expiresOn)}`),
					)
					.catch((e) => toast.error(errorMessage(e)))
			}
		>
			Extend 2 Weeks
		</Button>
	);
}

/** Dashboard → Renewals: the season's pipeline, its rate and revenue, and each customer's state. */
export function RenewalsCard() {
	const pipeline = useRenewalPipeline();
	const send = useSendRenewals();
	const data = pipeline.data;
	return (
		<Card>
			<CardHeader>
				<CardTitle className="flex items-center gap-2">
					<RefreshCw className="size-5 text-primary" aria-hidden /> Renewals
					{data ? <span className="text-muted-foreground">{data.seasonId}</span> : null}
				</CardTitle>
				<CardDescription>
					{data
						? `Last season's (${data.fromSeasonId}) finished installs. Offers open ${formatDate(data.opensOn)} and hold until ${formatDate(data.validUntil)}, ${data.discountPct}% off.`
						: "Last season's customers and their offers for the next."}
				</CardDescription>
			</CardHeader>
			<CardContent className="grid gap-4">
				{pipeline.isPending ? (
					<p role="status" className="text-sm text-muted-foreground">
						Loading renewals…
					</p>
				) : pipeline.isError || !data ? (
					<p role="alert" className="text-sm text-destructive">
						Failed to load renewals: {errorMessage(pipeline.error)}
					</p>
				) : (
					<>
						<dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
							<div className="rounded-lg bg-muted p-3">
								<dt className="text-xs text-muted-foreground">Renewal rate</dt>
								<dd className="text-2xl font-semibold tabular-nums">
									{data.ratePct === null ? "—" : `${data.ratePct}%`}
								</dd>
							</div>
							<div className="rounded-lg bg-muted p-3">
								<dt className="text-xs text-muted-foreground">Renewed revenue</dt>
								<dd className="text-2xl font-semibold tabular-nums">
									{formatCents(data.renewedCents)}
								</dd>
							</div>
							{RENEWAL_STATES.map((s) => (
								<div key={s} className="rounded-lg border p-3">
									<dt className="text-xs text-muted-foreground">{RENEWAL_STATE_LABELS[s]}</dt>
									<dd className="text-xl font-semibold tabular-nums">{data.counts[s] ?? 0}</dd>
								</div>
							))}
						</dl>
						<Button
							className="justify-self-start"
							pending={send.isPending}
							onClick={() =>
								send
									.mutateAsync(undefined)
									.then((r) => toast.success(r.message))
									.catch((e) => toast.error(errorMessage(e)))
							}
						>
							<Send aria-hidden /> Send Renewal Offers
						</Button>
						{data.rows.length === 0 ? (
							<p className="text-sm text-muted-foreground">
								No customer finished an install in {data.fromSeasonId} yet: offers go to them once
								their install is done.
							</p>
						) : (
							<ul className="divide-y rounded-lg border" aria-label="Renewals by customer">
								{data.rows.map((r) => (
									<li
										key={r.customerId}
										className="flex flex-wrap items-center gap-x-3 gap-y-1 p-3 text-sm"
									>
										<Link
											to={`/owner/customer/${r.customerId}`}
											className="min-w-0 flex-1 font-medium wrap-anywhere underline-offset-2 hover:underline"
										>
											{r.customerName}
										</Link>
										<Badge variant={BADGE[r.state]}>{RENEWAL_STATE_LABELS[r.state]}</Badge>
										{r.priceCents !== null ? (
											<span className="tabular-nums">{formatCents(r.priceCents)}</span>
										) : null}
										{r.expiresOn && (r.state === "offered" || r.state === "expired") ? (
											<span className="text-muted-foreground">until {formatDate(r.expiresOn)}</span>
										) : null}
										{r.declineReason ? (
											<span className="basis-full text-muted-foreground wrap-anywhere">
												“{r.declineReason}”
											</span>
										) : null}
										<ExtendButton row={r} />
									</li>
								))}
							</ul>
						)}
						{data.more ? (
							<p className="text-xs text-muted-foreground">Showing the first 500 customers.</p>
						) : null}
					</>
				)}
			</CardContent>
		</Card>
	);
}
