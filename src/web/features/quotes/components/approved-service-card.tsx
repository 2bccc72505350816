import { CheckCircle2, Circle } from "lucide-react";
import { Link } from "react-router";
import { formatCents } from "../../../../shared/money.ts";
import type { QuoteView } from "../../../../shared/quotes.ts";
import { PriceAdjustmentRows } from "../../../components/price-adjustment-rows.tsx";
import { Button } from "../../../components/ui/button.tsx";
import {
	Card,
	CardContent,
	CardDescription,
	CardHeader,
	CardTitle,
} from "../../../components/ui/card.tsx";
import { ProgressBar } from "../../../components/ui/progress.tsx";

const MILESTONES = [
	["agreedToServices", "Agreed to services"],
	["paidInvoice", "Invoice paid"],
	["installCompleted", "Installation complete"],
	["takedownCompleted", "Takedown complete"],
] as const;

type Progress = Record<(typeof MILESTONES)[number][0], boolean> & { progressPercent: number };

/** The customer's approved service: its lines, address, total and install progress. */
export function ApprovedServiceCard({
	quote,
	progress,
}: {
	quote: QuoteView | null;
	progress: Progress | null;
}) {
	if (!quote)
		return (
			<Card>
				<CardHeader>
					<CardTitle>Your service</CardTitle>
					<CardDescription>
						No approved service yet. Once we approve your quote, its details show here.
					</CardDescription>
				</CardHeader>
				<CardContent>
					<Button asChild variant="outline">
						<Link to="/app/quote-request">Get Serviced</Link>
					</Button>
				</CardContent>
			</Card>
		);
	const total = quote.revisedPriceCents ?? quote.totalEstimateCents;
	const address = [
		quote.address,
		quote.city,
		[quote.state, quote.zipCode].filter(Boolean).join(" "),
	]
		.filter(Boolean)
		.join(", ");
	const percent = progress?.progressPercent ?? 0;
	return (
		<Card>
			<CardHeader>
				<CardTitle>Your service</CardTitle>
				<CardDescription className="wrap-anywhere">{address}</CardDescription>
			</CardHeader>
			<CardContent className="grid gap-4 text-sm">
				<ul className="divide-y rounded-md border" aria-label="Services">
					{quote.services.map((line) => (
						<li key={line.serviceId} className="flex justify-between gap-3 px-3 py-2">
							<span className="min-w-0 wrap-anywhere">
								{line.name}
								{line.quantity > 1 ? ` × ${line.quantity}` : ""}
							</span>
							<span className="shrink-0 tabular-nums">
								{formatCents(line.unitPriceCents * line.quantity)}
							</span>
						</li>
					))}
					<PriceAdjustmentRows
						adjustments={quote.adjustments}
						className="flex justify-between gap-3 px-3 py-2"
					/>
				</ul>
				<p className="flex justify-between font-semibold">
					<span>Total</span>
					<span className="tabular-nums">{formatCents(total)}</span>
				</p>
				<div>
					<p className="flex justify-between">
						<span className="font-medium">Install progress</span>
						<span className="tabular-nums">{percent}%</span>
					</p>
					<ProgressBar className="mt-2" value={percent} label="Install progress" />
					<ul className="mt-3 grid gap-1 sm:grid-cols-2">
						{MILESTONES.map(([key, label]) => (
							<li
								key={key}
								className={
									progress?.[key]
										? "flex items-center gap-2"
										: "flex items-center gap-2 text-muted-foreground"
								}
							>
								{progress?.[key] ? (
									<CheckCircle2 className="size-4 text-success" aria-hidden />
								) : (
									<Circle className="size-4" aria-hidden />
								)}
								{label}
								<span className="sr-only">{progress?.[key] ? "(done)" : "(not yet)"}</span>
							</li>
						))}
					</ul>
				</div>
			</CardContent>
		</Card>
	);
}
