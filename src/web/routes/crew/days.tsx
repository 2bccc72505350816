import { PageHeading } from "../../components/shell/app-shell.tsx";
import { CrewDaysList } from "../../features/crew/components/crew-days-list.tsx";

export function meta() {
	return [{ title: "Crew days | Buckeye Holiday Lights" }];
}

export default function CrewDays() {
	return (
		<div className="grid gap-4">
			<PageHeading title="Your days" description="Pick a day to see its stops." />
			<CrewDaysList />
		</div>
	);
}
