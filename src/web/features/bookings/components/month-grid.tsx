import type * as React from "react";
import { dateFormat } from "../../../../shared/dates.ts";
import { cn } from "../../../lib/utils.ts";

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

const utc = (day: string) => {
	const [y, m, d] = day.split("-").map(Number) as [number, number, number];
	return new Date(Date.UTC(y, m - 1, d));
};

/** "Tuesday, December 1, 2026" for a business date. */
export const fullDate = (day: string) =>
	dateFormat({
		timeZone: "UTC",
		weekday: "long",
		month: "long",
		day: "numeric",
		year: "numeric",
	}).format(utc(day));

/** The days of a window, month by month, each month a week grid starting on Sunday. */
export function MonthGrid<T extends { day: string }>({
	days,
	renderDay,
}: {
	days: T[];
	renderDay: (day: T) => React.ReactNode;
}) {
	const months = new Map<string, T[]>();
	for (const d of days) {
		const key = d.day.slice(0, 7);
		months.set(key, [...(months.get(key) ?? []), d]);
	}
	return (
		<div className="grid gap-6 md:grid-cols-2">
			{[...months.entries()].map(([month, list]) => {
				const first = utc(list[0]!.day);
				const title = dateFormat({ timeZone: "UTC", month: "long", year: "numeric" }).format(first);
				return (
					<section key={month} aria-label={title}>
						<h3 className="mb-2 font-semibold">{title}</h3>
						<div
							className="grid grid-cols-7 gap-1 text-center text-xs text-muted-foreground"
							aria-hidden
						>
							{WEEKDAYS.map((w) => (
								<span key={w}>{w}</span>
							))}
						</div>
						<ul className="mt-1 grid grid-cols-7 gap-1">
							{Array.from({ length: first.getUTCDay() }, (_, i) => (
								// biome-ignore lint/suspicious/noArrayIndexKey: blank cells before the first day
								<li key={`blank-${i}`} aria-hidden />
							))}
							{list.map((d) => (
								<li key={d.day} className={cn("min-w-0")}>
									{renderDay(d)}
								</li>
							))}
						</ul>
					</section>
				);
			})}
		</div>
	);
}

export const dayNumber = (day: string) => Number(day.slice(8, 10));
