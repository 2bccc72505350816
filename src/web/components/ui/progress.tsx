import { cn } from "../../lib/utils.ts";

/**
 * A progress bar, the same on every screen: evergreen (the secondary colour) filling a muted
 * track. With a `label` it is announced as a progress bar; without one it is decoration beside a
 * percentage already written out.
 */
export function ProgressBar({
	value,
	label,
	className,
}: {
	/** Whole percent, 0 to 100. */
	value: number;
	label?: string;
	className?: string;
}) {
	const percent = Math.min(100, Math.max(0, value));
	return (
		<div
			data-slot="progress"
			className={cn("h-2 overflow-hidden rounded-full bg-muted", className)}
			{...(label
				? {
						role: "progressbar",
						"aria-label": label,
						"aria-valuemin": 0,
						"aria-valuemax": 100,
						"aria-valuenow": percent,
					}
				: { "aria-hidden": true })}
		>
			<div
				data-slot="progress-fill"
				className="h-full bg-secondary transition-[width]"
				style={{ width: `${percent}%` }}
			/>
		</div>
	);
}
