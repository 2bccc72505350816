import { formatCents } from "../../shared/money.ts";

interface Line {
	serviceId: string;
	name: string;
	quantity: number;
	unitPriceCents: number;
}

/** A row under the lines: an adjustment (muted) or the total (bold). */
interface Sum {
	label: string;
	cents: number;
	total?: boolean;
}

/**
 * Priced lines ("House Outline × 2 … $800.00") and the sums under them: what a contract or a
 * renewal is for. Long service names wrap; amounts stay on one line.
 */
export function LinesTable({
	caption,
	lines,
	sums,
	heading = false,
}: {
	/** Read by screen readers only. */
	caption: string;
	lines: readonly Line[];
	sums: readonly Sum[];
	/** Service and Amount column headings. */
	heading?: boolean;
}) {
	return (
		<table className="w-full text-sm">
			<caption className="sr-only">{caption}</caption>
			{heading ? (
				<thead>
					<tr className="border-b text-left text-muted-foreground">
						<th scope="col" className="py-1.5 font-medium">
							Service
						</th>
						<th scope="col" className="py-1.5 text-right font-medium">
							Amount
						</th>
					</tr>
				</thead>
			) : null}
			<tbody>
				{lines.map((l) => (
					<tr key={l.serviceId} className="border-b border-dashed">
						<td className="py-1.5 pr-2 wrap-anywhere">
							{l.name}
							{l.quantity > 1 ? ` × ${l.quantity}` : ""}
						</td>
						<td className="py-1.5 text-right whitespace-nowrap tabular-nums">
							{formatCents(l.unitPriceCents * l.quantity)}
						</td>
					</tr>
				))}
			</tbody>
			<tfoot>
				{sums.map((sum) => (
					<tr key={sum.label} className={sum.total ? "font-semibold" : "text-muted-foreground"}>
						<th
							scope="row"
							className={sum.total ? "py-2 text-left" : "py-1.5 text-left font-normal"}
						>
							{sum.label}
						</th>
						<td
							className={`${sum.total ? "py-2" : "py-1.5"} text-right whitespace-nowrap tabular-nums`}
						>
							{formatCents(sum.cents)}
						</td>
					</tr>
				))}
			</tfoot>
		</table>
	);
}
