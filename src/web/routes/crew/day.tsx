import { ChevronLeft } from "lucide-react";
import { Link, Navigate, useParams } from "react-router";
import { mayOpen } from "../../features/auth/api.ts";
import { crewQueries } from "../../features/crew/api.ts";
import { CrewDaySheet } from "../../features/crew/components/crew-day-sheet.tsx";
import { storageQueries } from "../../features/storage/api.ts";
import { firstData } from "../../lib/first-data.ts";

export function meta() {
	return [{ title: "Day sheet | Buckeye Holiday Lights" }];
}

/** A day in the address, as the API takes it (2026-12-01). */
const isDay = (date: string) => /^\d{4}-\d{2}-\d{2}$/.test(date);

/** The day's sheet, from the page itself on its first load (lib/first-data.ts). */
export const clientLoader = ({ params }: { params: { date: string } }) =>
	firstData(mayOpen("crew"), (client) =>
		isDay(params.date)
			? [
					client.prefetchQuery(crewQueries.day(params.date)),
					client.prefetchQuery(storageQueries.day(params.date)),
				]
			: [],
	);

export default function CrewDay() {
	const { date = "" } = useParams();
	if (!isDay(date)) return <Navigate to="/crew" replace />;
	return (
		<div className="grid gap-3">
			<Link
				to="/crew"
				className="inline-flex items-center gap-1 text-sm text-primary hover:underline print:hidden"
			>
				<ChevronLeft className="size-4" aria-hidden /> All days
			</Link>
			<CrewDaySheet day={date} />
		</div>
	);
}
