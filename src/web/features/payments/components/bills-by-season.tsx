import type * as React from "react";

/**
 * A list of bills, under a heading for each season when they span more than one (newest season
 * first, each season's bills in the order given): last season's stay readable as last season's.
 */
export function BillsBySeason<B extends { id: string; seasonId: string }>({
	bills,
	label,
	className,
	row,
}: {
	bills: B[];
	/** The list's accessible name ("Paid bills"); each season's list adds its season. */
	label: string;
	className: string;
	row: (bill: B) => React.ReactNode;
}) {
	const seasons = [...new Set(bills.map((b) => b.seasonId))].sort().reverse();
	if (seasons.length <= 1)
		return (
			<ul className={className} aria-label={label}>
				{bills.map(row)}
			</ul>
		);
	return (
		<div className="grid gap-4">
			{seasons.map((season) => (
				<section key={season} className="grid gap-2" aria-labelledby={`bills-${label}-${season}`}>
					<h3
						id={`bills-${label}-${season}`}
						className="text-xs font-medium tracking-wide text-muted-foreground uppercase"
					>
						Season {season}
					</h3>
					<ul className={className} aria-label={`${label}, season ${season}`}>
						{bills.filter((b) => b.seasonId === season).map(row)}
					</ul>
				</section>
			))}
		</div>
	);
}
