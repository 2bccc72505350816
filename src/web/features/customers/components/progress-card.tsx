import { useState } from "react";
import {
	type CustomerDetail,
	PROGRESS_FLAGS,
	PROGRESS_LABELS,
	type ProgressFlag,
} from "../../../../shared/customers.ts";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toast.ts";
import { useUpdateProgress } from "../api.ts";

/** The four milestones as switches, saved the moment one is flipped (no edit mode needed). */
export function ProgressCard({ customer }: { customer: CustomerDetail["customer"] }) {
	const update = useUpdateProgress(customer.id);
	// The switch holds its new state from the click itself, while the save runs: the cached
	// customer changes only after the mutation has started, a render later.
	const [flipped, setFlipped] = useState<Partial<Record<ProgressFlag, boolean>>>({});
	const settle = (flag: ProgressFlag) => setFlipped(({ [flag]: _, ...rest }) => rest);
	return (
		<Card>
			<CardHeader>
				<CardTitle>Project Progress</CardTitle>
			</CardHeader>
			<CardContent className="grid gap-4">
				<div>
					<div className="mb-1 flex justify-between text-sm">
						<span className="text-muted-foreground">4 milestones</span>
						<span className="font-semibold" data-testid="progress-percent">
							{customer.progressPercent}%
						</span>
					</div>
					<div
						className="h-2 overflow-hidden rounded-full bg-muted"
						role="progressbar"
						aria-label="Project progress"
						aria-valuenow={customer.progressPercent}
					>
						<div
							className="h-full bg-secondary transition-all"
							style={{ width: `${customer.progressPercent}%` }}
						/>
					</div>
				</div>
				<ul className="grid gap-2">
					{PROGRESS_FLAGS.map((flag) => (
						<li key={flag}>
							<label className="flex cursor-pointer items-center justify-between gap-3 rounded-md border p-3 text-sm">
								<span>{PROGRESS_LABELS[flag]}</span>
								<input
									type="checkbox"
									className="size-5 cursor-pointer accent-secondary"
									checked={flipped[flag] ?? customer[flag]}
									onChange={(e) => {
										const checked = e.target.checked;
										setFlipped((now) => ({ ...now, [flag]: checked }));
										update
											.mutateAsync({ [flag]: checked })
											.catch((error) =>
												toast.error("Failed to update progress", {
													description: errorMessage(error),
												}),
											)
											.finally(() => settle(flag));
									}}
								/>
							</label>
						</li>
					))}
				</ul>
			</CardContent>
		</Card>
	);
}
