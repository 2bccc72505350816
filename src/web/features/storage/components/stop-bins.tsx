import { AlertTriangle, Package } from "lucide-react";
import { Link } from "react-router";
import type { BinState } from "../../../../shared/storage.ts";
import { useDayBins } from "../api.ts";
import { BinStateBadge } from "./bin-page.tsx";

const READY_TO_LOAD: readonly BinState[] = ["pulled", "loaded", "at_house"];

/** A stop's bins on the crew's day: what to load for an install, what comes back at a takedown. */
export function StopBins({
	day,
	customerId,
	kind,
}: {
	day: string;
	customerId: string;
	kind: "install" | "takedown";
}) {
	const dayBins = useDayBins(day);
	const bins = dayBins.data?.customers.find((c) => c.customerId === customerId)?.bins ?? [];
	if (bins.length === 0) return null;
	const notPulled = kind === "install" ? bins.filter((b) => !READY_TO_LOAD.includes(b.state)) : [];
	return (
		<section aria-label="Bins" className="grid gap-1.5 text-sm">
			<p className="flex items-center gap-1.5 font-medium">
				<Package className="size-4" aria-hidden />
				{kind === "install" ? "Bins to load" : "Bins to bring back"} ({bins.length})
			</p>
			<ul className="grid gap-1">
				{bins.map((b) => (
					<li key={b.id} className="flex flex-wrap items-center gap-x-2">
						<Link to={`/bins/${b.code}`} className="font-mono font-semibold text-primary">
							{b.code}
						</Link>
						<BinStateBadge state={b.state} />
						<span className="min-w-0 break-words text-muted-foreground print:text-black">
							{b.contents}
						</span>
					</li>
				))}
			</ul>
			{notPulled.length > 0 ? (
				<p className="flex items-start gap-1.5 rounded-md bg-amber-100 p-2 text-amber-950 print:hidden">
					<AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
					Not pulled yet: {notPulled.map((b) => b.code).join(", ")}
				</p>
			) : null}
		</section>
	);
}

/** Said before Installed when some of the house's bins were not scanned At House. */
export function BinsNotAtHouseWarning({ day, customerId }: { day: string; customerId: string }) {
	const dayBins = useDayBins(day);
	const bins = dayBins.data?.customers.find((c) => c.customerId === customerId)?.bins ?? [];
	const away = bins.filter((b) => b.state !== "at_house");
	if (away.length === 0) return null;
	return (
		<p
			className="flex items-start gap-2 rounded-md bg-amber-100 p-3 text-sm text-amber-950"
			role="alert"
		>
			<AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
			<span>
				{away.length === 1 ? "1 bin is" : `${away.length} bins are`} not scanned At House:{" "}
				{away.map((b) => b.code).join(", ")}
			</span>
		</p>
	);
}
