import { CalendarDays, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { longDate } from "../../../../shared/bookings.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { useCrewDays } from "../api.ts";

/** The crew's start page: the days with stops, from a week ago on. */
export function CrewDaysList() {
	const days = useCrewDays();
	if (days.isPending)
		return (
			<p className="text-sm text-muted-foreground" role="status">
				Loading your days…
			</p>
		);
	if (days.isError)
		return (
			<p className="text-sm text-destructive" role="alert">
				Failed to load the days: {errorMessage(days.error)}
			</p>
		);
	if (days.data.days.length === 0)
		return (
			<div className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-8 text-center text-sm text-muted-foreground">
				<CalendarDays className="size-8" aria-hidden />
				<p>No install or takedown days are booked yet.</p>
			</div>
		);
	return (
		<ul className="grid gap-2" aria-label="Days with stops">
			{days.data.days.map((d) => (
				<li key={d.day}>
					<Link
						to={`/crew/day/${d.day}`}
						className="flex items-center gap-3 rounded-lg border bg-card p-4 hover:bg-muted"
					>
						<div className="min-w-0 flex-1">
							<p className="font-medium">{longDate(d.day)}</p>
							<p className="text-sm text-muted-foreground">
								{d.stops} {d.stops === 1 ? "stop" : "stops"}
							</p>
						</div>
						{d.done === d.stops ? (
							<Badge variant="success">All done</Badge>
						) : d.done > 0 ? (
							<Badge variant="info">
								{d.done} of {d.stops} done
							</Badge>
						) : null}
						<ChevronRight className="size-5 text-muted-foreground" aria-hidden />
					</Link>
				</li>
			))}
		</ul>
	);
}
