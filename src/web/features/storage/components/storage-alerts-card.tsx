import { PackageCheck, ScanLine } from "lucide-react";
import { Link } from "react-router";
import { dateFormat, formatDate } from "../../../../shared/dates.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { useStorageAlerts } from "../api.ts";
import { BinStateBadge } from "./bin-page.tsx";

/** The dashboard's bins to chase: not back 2 days after their takedown, and missing ones. */
export function StorageAlertsCard() {
	const alerts = useStorageAlerts();
	const rows = alerts.data
		? [
				...alerts.data.late.map((b) => ({
					...b,
					why: `Taken down ${formatDate(b.takedownDay)}, not returned`,
				})),
				...alerts.data.missing.map((b) => ({
					...b,
					why: `Marked missing ${dateFormat({ month: "short", day: "numeric" }).format(new Date(b.updatedAt))}`,
				})),
			]
		: [];
	return (
		<Card>
			<CardHeader className="flex-row items-center justify-between">
				<CardTitle>Bins to Find</CardTitle>
				<Button asChild variant="ghost" size="sm">
					<Link to="/owner/scan">
						<ScanLine className="size-4" aria-hidden /> Scan Bins
					</Link>
				</Button>
			</CardHeader>
			<CardContent>
				{alerts.isPending ? (
					<p className="text-sm text-muted-foreground" role="status">
						Loading bins…
					</p>
				) : alerts.isError ? (
					<p className="text-sm text-destructive" role="alert">
						Failed to load the bins: {errorMessage(alerts.error)}
					</p>
				) : rows.length === 0 ? (
					<p className="flex items-center gap-2 text-sm text-muted-foreground">
						<PackageCheck className="size-5 shrink-0" aria-hidden />
						Every bin is accounted for.
					</p>
				) : (
					<ul className="divide-y" aria-label="Bins to find">
						{rows.map((b) => (
							<li key={b.id}>
								<Link
									to={`/bins/${b.code}`}
									className="-mx-2 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md px-2 py-3 text-sm hover:bg-muted/60"
								>
									<span className="font-mono font-semibold">{b.code}</span>
									<span className="min-w-0 flex-1 truncate font-medium">{b.customerName}</span>
									<BinStateBadge state={b.state} />
									<span className="basis-full text-muted-foreground">{b.why}</span>
								</Link>
							</li>
						))}
					</ul>
				)}
			</CardContent>
		</Card>
	);
}
