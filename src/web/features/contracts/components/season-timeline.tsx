import { Check } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { formatDate } from "../../../../shared/dates.ts";
import type {
	SeasonTimeline as Timeline,
	TimelineEntry,
} from "../../../../shared/season-timeline.ts";
import { Button } from "../../../components/ui/button.tsx";
import {
	Card,
	CardContent,
	CardDescription,
	CardHeader,
	CardTitle,
} from "../../../components/ui/card.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { cn } from "../../../lib/utils.ts";
import { useCustomerTimeline, useMyTimeline } from "../api.ts";
import { CONTRACT_CARD_ID, OPEN_CONTRACT_EVENT } from "./contract-card.tsx";
import { dayOf } from "./terms-text.tsx";

/** A step's date: a business date as it is, an instant as its business date. */
const when = (at: string) => (/^\d{4}-\d{2}-\d{2}$/.test(at) ? formatDate(at) : dayOf(at));

function ActionButton({ action }: { action: NonNullable<TimelineEntry["action"]> }) {
	const navigate = useNavigate();
	const go = () => {
		switch (action.kind) {
			case "sign":
				window.dispatchEvent(new Event(OPEN_CONTRACT_EVENT));
				document.getElementById(CONTRACT_CARD_ID)?.scrollIntoView({ behavior: "smooth" });
				return;
			case "pay_deposit":
				return navigate(
					action.billId ? `/app/payments/checkout/${action.billId}` : "/app/payments",
				);
			case "book_install":
			case "book_takedown":
				return navigate("/app/booking");
			case "report_issue":
				return navigate("/app/requests");
			case "request_quote":
				return navigate("/app/quote-request");
		}
	};
	return (
		<Button size="sm" className="mt-2 justify-self-start" onClick={go}>
			{action.label}
		</Button>
	);
}

function Steps({ timeline, forOwner }: { timeline: Timeline; forOwner: boolean }) {
	return (
		<ol className="grid gap-0" aria-label={`Season ${timeline.seasonId}`}>
			{timeline.steps.map((s, i) => {
				const last = i === timeline.steps.length - 1;
				return (
					<li
						key={s.step}
						aria-current={s.state === "current" ? "step" : undefined}
						className="relative grid grid-cols-[1.75rem_1fr] gap-3 pb-4 last:pb-0"
					>
						{last ? null : (
							<span
								aria-hidden
								className={cn(
									"absolute left-[0.8125rem] top-7 bottom-0 w-0.5",
									s.state === "done" ? "bg-success" : "bg-border",
								)}
							/>
						)}
						<span
							aria-hidden
							className={cn(
								"z-10 flex size-7 items-center justify-center rounded-full border-2 text-xs font-semibold",
								s.state === "done" && "border-success bg-success text-white",
								s.state === "current" && "border-primary bg-card text-primary",
								s.state === "upcoming" && "border-border bg-card text-muted-foreground",
							)}
						>
							{s.state === "done" ? <Check className="size-4" /> : i + 1}
						</span>
						<div className="grid min-w-0 gap-0.5 pt-0.5">
							<p
								className={cn(
									"text-sm font-medium",
									s.state === "upcoming" && "text-muted-foreground",
									s.state === "current" && "text-primary",
								)}
							>
								{s.label}
								<span className="sr-only">
									{s.state === "done" ? " (completed)" : s.state === "current" ? " (current)" : ""}
								</span>
							</p>
							{s.state === "done" && s.at ? (
								<p className="text-xs text-muted-foreground">{when(s.at)}</p>
							) : null}
							{s.detail ? <p className="text-sm">{s.detail}</p> : null}
							{s.planned ? (
								<p className="text-xs text-muted-foreground">Planned for {formatDate(s.planned)}</p>
							) : null}
							{s.photoIds.length > 0 ? (
								<ul className="mt-1 flex flex-wrap gap-1.5" aria-label="Installation photos">
									{s.photoIds.slice(0, 4).map((id, n) => (
										<li key={id}>
											<a href={`/api/files/${id}`} target="_blank" rel="noreferrer">
												<img
													src={`/api/files/${id}`}
													alt={`The finished display, ${n + 1} of ${s.photoIds.length}`}
													className="size-14 rounded object-cover"
													loading="lazy"
												/>
											</a>
										</li>
									))}
								</ul>
							) : null}
							{s.action ? (
								forOwner ? (
									<p className="text-xs text-muted-foreground">Next: {s.action.label}</p>
								) : (
									<ActionButton action={s.action} />
								)
							) : null}
						</div>
					</li>
				);
			})}
		</ol>
	);
}

function TimelineCard({
	query,
	forOwner,
	seasonPicker,
}: {
	query: { isPending: boolean; isError: boolean; data?: Timeline | null };
	forOwner: boolean;
	/** The owner's choice of season, when the customer has more than one. */
	seasonPicker?: React.ReactNode;
}) {
	return (
		<Card>
			<CardHeader>
				<CardTitle>{forOwner ? "Season timeline" : "Your season"}</CardTitle>
				{seasonPicker ??
					(query.data ? <CardDescription>Season {query.data.seasonId}</CardDescription> : null)}
			</CardHeader>
			<CardContent>
				{query.isPending ? (
					<p className="text-sm text-muted-foreground" role="status">
						Loading the season…
					</p>
				) : query.isError ? (
					<p className="text-sm text-destructive" role="alert">
						Failed to load the season
					</p>
				) : query.data ? (
					<Steps timeline={query.data} forOwner={forOwner} />
				) : (
					<p className="text-sm text-muted-foreground">
						No season yet: this customer has no login to follow one.
					</p>
				)}
			</CardContent>
		</Card>
	);
}

/** The signed-in customer's season on Home. */
export function MySeasonTimeline() {
	return <TimelineCard query={useMyTimeline()} forOwner={false} />;
}

/** The same timeline on the owner's customer page. */
export function CustomerSeasonTimeline({ customerId }: { customerId: string }) {
	const [season, setSeason] = useState<string>();
	const query = useCustomerTimeline(customerId, season);
	const seasons = query.data?.seasons ?? [];
	const shown = query.data?.timeline?.seasonId;
	return (
		<TimelineCard
			query={{ isPending: query.isPending, isError: query.isError, data: query.data?.timeline }}
			forOwner
			seasonPicker={
				seasons.length > 1 && shown ? (
					<div className="flex items-center gap-2 text-sm">
						<Label htmlFor={`season-${customerId}`}>Season</Label>
						<select
							id={`season-${customerId}`}
							className="h-9 rounded-md border bg-background px-2"
							value={shown}
							aria-busy={query.isFetching}
							onChange={(e) => setSeason(e.target.value)}
						>
							{seasons.map((s) => (
								<option key={s} value={s}>
									{s}
								</option>
							))}
						</select>
					</div>
				) : undefined
			}
		/>
	);
}
