import { PageHeading } from "../../components/shell/app-shell.tsx";
import { mayOpen } from "../../features/auth/api.ts";
import { crewQueries } from "../../features/crew/api.ts";
import { CrewDaysList } from "../../features/crew/components/crew-days-list.tsx";
import { firstData } from "../../lib/first-data.ts";

export function meta() {
	return [{ title: "Crew days | Buckeye Holiday Lights" }];
}

/** The crew's days, from the page itself on its first load (lib/first-data.ts). */
export const clientLoader = () =>
	firstData(mayOpen("crew"), (client) => [client.prefetchQuery(crewQueries.days())]);

export default function CrewDays() {
	return (
		<div className="grid gap-4">
			<PageHeading title="Your days" description="Pick a day to see its stops." />
			<CrewDaysList />
		</div>
	);
}
