import { CloudRain } from "lucide-react";
import { useState } from "react";
import { BOOKING_MESSAGES, type DayMovePreview, longDate } from "../../../../shared/bookings.ts";
import { FormField } from "../../../components/form-field.tsx";
import { Button } from "../../../components/ui/button.tsx";
import {
	Dialog,
	DialogContent,
	DialogDescription,
	DialogFooter,
	DialogHeader,
	DialogTitle,
	DialogTrigger,
} from "../../../components/ui/dialog.tsx";
import { errorMessage, fieldErrorsOf } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toast.ts";
import { useConfirmDayMove, usePreviewDayMove } from "../api.ts";

/**
 * Rain day: Move This Day previews where each booked house goes (the next open days, or the day
 * picked), then Confirm Move moves them all at once, or none.
 */
export function MoveDayDialog({ day, booked }: { day: string; booked: number }) {
	const [open, setOpen] = useState(false);
	const [toDay, setToDay] = useState("");
	const [plan, setPlan] = useState<DayMovePreview | null>(null);
	const [error, setError] = useState<string | null>(null);
	const preview = usePreviewDayMove();
	const confirm = useConfirmDayMove();
	const reset = () => {
		setPlan(null);
		setError(null);
		setToDay("");
	};
	const ask = (target: string) =>
		preview.mutate(
			{ day, toDay: target || undefined },
			{
				onSuccess: (data) => {
					setPlan(data);
					setError(null);
				},
				onError: (e) => setError(fieldErrorsOf(e).toDay ?? errorMessage(e)),
			},
		);
	return (
		<Dialog
			open={open}
			onOpenChange={(next) => {
				setOpen(next);
				if (next) ask("");
				else reset();
			}}
		>
			<DialogTrigger asChild>
				<Button variant="outline" disabled={booked === 0}>
					<CloudRain aria-hidden /> Move This Day
				</Button>
			</DialogTrigger>
			<DialogContent>
				<DialogHeader>
					<DialogTitle>Move {longDate(day)}</DialogTitle>
					<DialogDescription>
						Every booked house moves together, or none does. Each customer is e-mailed the new date
						with an updated calendar invitation.
					</DialogDescription>
				</DialogHeader>
				<form
					className="flex items-start gap-2"
					onSubmit={(event) => {
						event.preventDefault();
						ask(toDay);
					}}
				>
					<FormField
						label="Move to"
						type="date"
						name="toDay"
						value={toDay}
						onChange={(e) => setToDay(e.target.value)}
						error={error}
						hint="Leave empty for the next open days in order."
						wrapperClassName="flex-1"
					/>
					<Button type="submit" variant="outline" className="mt-7" pending={preview.isPending}>
						Preview
					</Button>
				</form>
				{plan ? (
					plan.moves.length === 0 ? (
						<p className="text-sm text-muted-foreground">{BOOKING_MESSAGES.nothingToMove}</p>
					) : (
						<ul className="grid gap-1 text-sm" aria-label="Where each booking goes">
							{plan.moves.map((m) => (
								<li key={m.bookingId} className="flex justify-between gap-3 rounded-md border p-2">
									<span className="min-w-0 truncate font-medium">{m.customerName}</span>
									<span className={m.toDay ? "" : "font-medium text-destructive"}>
										{m.toDay ? longDate(m.toDay) : "No room"}
									</span>
								</li>
							))}
						</ul>
					)
				) : null}
				{plan && plan.missing > 0 ? (
					<p className="text-sm text-destructive" role="alert">
						{BOOKING_MESSAGES.moveMissing(plan.missing)}
					</p>
				) : null}
				<DialogFooter>
					<Button variant="outline" onClick={() => setOpen(false)}>
						Cancel
					</Button>
					<Button
						disabled={!plan || plan.missing > 0 || plan.moves.length === 0}
						pending={confirm.isPending}
						onClick={() =>
							plan &&
							confirm.mutate(
								{
									day,
									toDay: toDay || undefined,
									bookingIds: plan.moves.map((m) => m.bookingId),
								},
								{
									onSuccess: (done) => {
										toast.success(
											`${done.moves.length} ${done.moves.length === 1 ? "booking" : "bookings"} moved`,
										);
										setOpen(false);
										reset();
									},
									onError: (e) => {
										toast.error(errorMessage(e));
										ask(toDay);
									},
								},
							)
						}
					>
						Confirm Move
					</Button>
				</DialogFooter>
			</DialogContent>
		</Dialog>
	);
}
