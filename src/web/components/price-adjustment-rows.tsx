import { formatCents } from "../../shared/money.ts";
import type { PriceAdjustment } from "../../shared/price-adjustments.ts";

/**
 * A quote's lines between its services and its total (job size, travel, rounding), as list items
 * to follow the service lines: with them the list adds up to the total shown.
 */
export function PriceAdjustmentRows({
	adjustments,
	className,
}: {
	adjustments: readonly PriceAdjustment[];
	className: string;
}) {
	return adjustments.map((a) => (
		<li key={a.label} className={`${className} text-muted-foreground`}>
			<span className="min-w-0 wrap-anywhere">{a.label}</span>
			<span className="shrink-0 tabular-nums">
				{a.amountCents > 0 ? "+" : "−"}
				{formatCents(Math.abs(a.amountCents))}
			</span>
		</li>
	));
}
