import { ChevronLeft } from "lucide-react";
import { Link, Navigate, useParams } from "react-router";
import { CrewDaySheet } from "../../features/crew/components/crew-day-sheet.tsx";

export function meta() {
	return [{ title: "Day sheet | Buckeye Holiday Lights" }];
}

export default function CrewDay() {
	const { date = "" } = useParams();
	if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return <Navigate to="/crew" replace />;
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
