import { Printer } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { BOOKING_STATUS_LABELS, type OwnerDay } from "../../../../shared/bookings.ts";
import { TextareaField } from "../../../components/form-field.tsx";
import { EmptyState, LoadingState, PageHeading } from "../../../components/shell/app-shell.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import {
	Card,
	CardContent,
	CardDescription,
	CardHeader,
	CardTitle,
} from "../../../components/ui/card.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toast.ts";
import { cn } from "../../../lib/utils.ts";
import { DayRouteCard } from "../../crew/components/day-route-card.tsx";
import {
	useChangeDay,
	useOwnerBookingAction,
	useOwnerCalendar,
	useOwnerDay,
	useOwnerMoveBooking,
} from "../api.ts";
import { BookForCustomerDialog } from "./book-for-customer-dialog.tsx";
import { dayNumber, fullDate, MonthGrid } from "./month-grid.tsx";
import { MoveDayDialog } from "./move-day-dialog.tsx";

/** The owner's season calendar: each window a month grid of booked / capacity; a day opens its list. */
export function OwnerSchedule() {
	const [params, setParams] = useSearchParams();
	const season = params.get("season") ?? undefined;
	const selected = params.get("day") ?? undefined;
	const calendar = useOwnerCalendar(season);
	const panel = useRef<HTMLDivElement>(null);
	// On a phone the day's panel is below the calendars: bring it into view when a day is chosen.
	useEffect(() => {
		if (selected && window.matchMedia("(max-width: 1023px)").matches)
			panel.current?.scrollIntoView({ block: "start" });
	}, [selected]);
	const open = (day: string) => {
		const next = new URLSearchParams(params);
		next.set("day", day);
		setParams(next, { replace: true });
	};
	if (calendar.isPending) return <LoadingState label="Loading the schedule..." />;
	if (calendar.isError)
		return <EmptyState>Failed to load the schedule: {errorMessage(calendar.error)}</EmptyState>;
	const data = calendar.data;
	return (
		<div className="grid grid-cols-1 gap-6">
			<PageHeading
				title="Schedule"
				description="Installs and takedowns booked against your crews' capacity."
			/>
			<fieldset className="flex flex-wrap gap-2">
				<legend className="sr-only">Season</legend>
				{data.seasons.map((s) => (
					<Button
						key={s}
						size="sm"
						variant={s === data.seasonId ? "default" : "outline"}
						aria-pressed={s === data.seasonId}
						onClick={() => setParams({ season: s }, { replace: true })}
					>
						{s}
					</Button>
				))}
			</fieldset>
			<div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
				<div className="grid grid-cols-1 gap-6">
					{data.windows.map((w) => (
						<Card key={w.id}>
							<CardHeader>
								<CardTitle>
									{w.name}{" "}
									<span className="text-sm font-normal text-muted-foreground">({w.kind})</span>
								</CardTitle>
								<CardDescription>
									{fullDate(w.startsOn)} – {fullDate(w.endsOn)}
									{w.priceAdjustPct
										? ` · ${w.priceAdjustPct > 0 ? "+" : ""}${w.priceAdjustPct}%`
										: ""}
								</CardDescription>
							</CardHeader>
							<CardContent>
								<MonthGrid
									days={w.days}
									renderDay={(d) => (
										<OwnerDayButton day={d} selected={d.day === selected} onOpen={open} />
									)}
								/>
							</CardContent>
						</Card>
					))}
				</div>
				{selected ? (
					<div ref={panel} className="scroll-mt-4 lg:sticky lg:top-6">
						<DayPanel day={selected} />
					</div>
				) : (
					<p className="text-sm text-muted-foreground">Choose a day to see its bookings.</p>
				)}
			</div>
		</div>
	);
}

function OwnerDayButton({
	day,
	selected,
	onOpen,
}: {
	day: OwnerDay;
	selected: boolean;
	onOpen: (day: string) => void;
}) {
	const full = day.capacity > 0 && day.booked >= day.capacity;
	const state = day.closed ? "closed" : `${day.booked} of ${day.capacity} booked`;
	return (
		<button
			type="button"
			aria-label={`${fullDate(day.day)}, ${state}`}
			aria-pressed={selected}
			onClick={() => onOpen(day.day)}
			className={cn(
				"flex h-12 w-full flex-col items-center justify-center rounded-md border text-sm hover:border-primary",
				day.closed && "bg-muted text-muted-foreground",
				!day.closed && day.booked > 0 && "bg-sky-50",
				full && !day.closed && "bg-amber-50",
				selected && "border-primary ring-2 ring-primary/40",
			)}
		>
			<span className="font-medium">{dayNumber(day.day)}</span>
			<span className="text-[0.65rem] leading-none">
				{day.closed ? "Closed" : `${day.booked}/${day.capacity}`}
			</span>
		</button>
	);
}

/** A day's bookings, its crew capacity, and Close Day / Reopen Day. */
function DayPanel({ day }: { day: string }) {
	const detail = useOwnerDay(day);
	const change = useChangeDay();
	const act = useOwnerBookingAction();
	const [capacity, setCapacity] = useState<string>();
	if (detail.isPending) return <LoadingState label="Loading the day..." />;
	if (detail.isError) return <EmptyState>{errorMessage(detail.error)}</EmptyState>;
	const { day: counts, bookings, notes } = detail.data;
	const save = (
		input: { capacity?: number; closed?: boolean; notes?: string | null },
		done: string,
	) =>
		change.mutate(
			{ day, ...input },
			{
				onSuccess: () => {
					toast.success(done);
					setCapacity(undefined);
				},
				onError: (error) => toast.error(errorMessage(error)),
			},
		);
	return (
		<Card>
			<CardHeader>
				<CardTitle>{fullDate(day)}</CardTitle>
				<CardDescription>
					{counts.closed ? "Closed · " : ""}
					{counts.booked} of {counts.capacity} houses booked
				</CardDescription>
			</CardHeader>
			<CardContent className="grid gap-5">
				<form
					className="flex items-end gap-2"
					onSubmit={(event) => {
						event.preventDefault();
						const value = Number(capacity ?? counts.capacity);
						save({ capacity: value }, "Crew capacity saved");
					}}
				>
					<div className="grid flex-1 gap-1.5">
						<Label htmlFor="crew-capacity">Crew capacity</Label>
						<Input
							id="crew-capacity"
							type="number"
							inputMode="numeric"
							min={0}
							max={100}
							value={capacity ?? String(counts.capacity)}
							onChange={(e) => setCapacity(e.target.value)}
						/>
					</div>
					<Button type="submit" variant="outline" disabled={change.isPending}>
						Save
					</Button>
				</form>
				<Button
					variant={counts.closed ? "default" : "outline"}
					disabled={change.isPending}
					onClick={() =>
						save({ closed: !counts.closed }, counts.closed ? "Day reopened" : "Day closed")
					}
				>
					{counts.closed ? "Reopen Day" : "Close Day"}
				</Button>
				<BookForCustomerDialog day={day} />
				<MoveDayDialog day={day} booked={bookings.filter((b) => b.status === "booked").length} />
				<form
					className="grid gap-2"
					onSubmit={(event) => {
						event.preventDefault();
						const text = String(new FormData(event.currentTarget).get("notes") ?? "");
						save({ notes: text }, "Notes for the crews saved");
					}}
				>
					<TextareaField
						key={`${day}-${notes ?? ""}`}
						label="Notes for the crews"
						name="notes"
						rows={2}
						maxLength={1000}
						defaultValue={notes ?? ""}
						hint="Shown at the top of the day sheet."
					/>
					<div className="flex flex-wrap gap-2">
						<Button type="submit" variant="outline" size="sm" disabled={change.isPending}>
							Save Notes
						</Button>
						<Button asChild variant="outline" size="sm">
							<Link to={`/crew/day/${day}`}>
								<Printer aria-hidden /> Day Sheet
							</Link>
						</Button>
					</div>
				</form>
				<DayRouteCard day={day} />
				<section aria-label="Bookings">
					<h3 className="mb-2 font-semibold">Bookings</h3>
					{bookings.length === 0 ? (
						<p className="text-sm text-muted-foreground">No bookings on this day.</p>
					) : (
						<ul className="grid gap-3">
							{bookings.map((b) => (
								<li key={b.id} className="rounded-md border p-3">
									<div className="flex items-start justify-between gap-2">
										<p className="min-w-0 font-medium wrap-anywhere">{b.customerName}</p>
										<Badge variant={b.status === "booked" ? "success" : "default"}>
											{BOOKING_STATUS_LABELS[b.status]}
										</Badge>
									</div>
									<p className="text-sm text-muted-foreground wrap-anywhere">
										{b.address ?? "No address"}
									</p>
									<p className="text-sm wrap-anywhere">
										{b.kind === "install" ? "Install" : "Takedown"}
										{b.services.length ? `: ${b.services.join(", ")}` : ""}
									</p>
									{b.status !== "done" ? <MoveForm id={b.id} name={b.customerName} /> : null}
									{b.status === "booked" || b.status === "held" ? (
										<div className="mt-2 flex gap-2">
											{b.status === "booked" ? (
												<Button
													size="sm"
													variant="outline"
													onClick={() => act.mutate({ id: b.id, action: "done" })}
												>
													Mark Done
												</Button>
											) : null}
											<Button
												size="sm"
												variant="outline"
												onClick={() =>
													act.mutate(
														{ id: b.id, action: "cancel" },
														{ onError: (error) => toast.error(errorMessage(error)) },
													)
												}
											>
												Cancel Booking
											</Button>
										</div>
									) : null}
								</li>
							))}
						</ul>
					)}
				</section>
			</CardContent>
		</Card>
	);
}

/** The owner moves a booking to another day with room (a phone call, the weather). */
function MoveForm({ id, name }: { id: string; name: string }) {
	const move = useOwnerMoveBooking();
	const [day, setDay] = useState("");
	const inputId = `move-${id}`;
	return (
		<form
			className="mt-2 flex items-end gap-2"
			onSubmit={(event) => {
				event.preventDefault();
				if (!day) return;
				move.mutate(
					{ id, day },
					{
						onSuccess: (b) => toast.success(`${name} moved to ${fullDate(b.day)}`),
						onError: (error) => toast.error(errorMessage(error)),
					},
				);
			}}
		>
			<div className="grid flex-1 gap-1.5">
				<Label htmlFor={inputId}>Move to</Label>
				<Input id={inputId} type="date" value={day} onChange={(e) => setDay(e.target.value)} />
			</div>
			<Button type="submit" size="sm" variant="outline" disabled={!day || move.isPending}>
				Move
			</Button>
		</form>
	);
}
