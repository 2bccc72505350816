import { CalendarPlus } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { BOOKING_KIND_LABELS, type OwnerDay, seasonOf } from "../../../../shared/bookings.ts";
import { businessDate } from "../../../../shared/dates.ts";
import { FormField, SelectField } from "../../../components/form-field.tsx";
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
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { ApiError, errorMessage, fieldErrorsOf } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toast.ts";
import { lazySchema, useZodForm } from "../../../lib/use-zod-form.ts";
import { cn } from "../../../lib/utils.ts";
import { useBookForCustomer, useCustomerChoices, useOwnerCalendar } from "../api.ts";
import { dayNumber, fullDate, MonthGrid } from "./month-grid.tsx";

const ownerNewBookingSchema = lazySchema(
	() => import("../../../../shared/bookings.ts"),
	"ownerNewBookingSchema",
);

type Chosen = { id: string; name: string };

/**
 * A phone booking: the owner picks the customer (fixed on the customer's page), the window and a
 * day with room (inside the change lock too; closed and past days not), and confirms. The booking
 * is booked at once; a day that filled meanwhile says so with the next days that have room.
 */
export function BookForCustomerDialog({
	customer,
	day,
	label = "Book for a Customer",
	size = "sm",
	variant = "outline",
}: {
	/** On the customer's page: the customer, not to be changed. */
	customer?: Chosen;
	/** From the schedule: the day the owner was looking at. */
	day?: string;
	label?: string;
	size?: "sm" | "default";
	variant?: "outline" | "default";
}) {
	const [open, setOpen] = useState(false);
	return (
		<Dialog open={open} onOpenChange={setOpen}>
			<DialogTrigger asChild>
				<Button size={size} variant={variant}>
					<CalendarPlus aria-hidden />
					{label}
				</Button>
			</DialogTrigger>
			{open ? (
				<BookingForm fixed={customer} initialDay={day} onDone={() => setOpen(false)} />
			) : null}
		</Dialog>
	);
}

const roomOf = (d: OwnerDay, today: string) =>
	d.day > today && !d.closed && d.booked < d.capacity ? d.capacity - d.booked : 0;

function BookingForm({
	fixed,
	initialDay,
	onDone,
}: {
	fixed?: Chosen;
	initialDay?: string;
	onDone: () => void;
}) {
	const today = businessDate();
	const [season, setSeason] = useState(initialDay ? seasonOf(initialDay) : undefined);
	const calendar = useOwnerCalendar(season);
	const book = useBookForCustomer();
	const [customer, setCustomer] = useState<Chosen | undefined>(fixed);
	const [windowId, setWindowId] = useState<string>();
	const [day, setDay] = useState(initialDay ?? "");
	const [alternatives, setAlternatives] = useState<string[]>([]);
	const { form, field, validate, setErrors, setError } = useZodForm(ownerNewBookingSchema);
	const windows = calendar.data?.windows ?? [];
	// The window: the one chosen, else the one holding the day asked for, else the first.
	const window =
		windows.find((w) => w.id === windowId) ??
		windows.find((w) => initialDay && w.startsOn <= initialDay && initialDay <= w.endsOn) ??
		windows[0];
	const pick = (next: string) => {
		setDay(next);
		setAlternatives([]);
		setErrors({});
	};

	return (
		<DialogContent className="max-w-2xl">
			<DialogHeader>
				<DialogTitle>{fixed ? `Book a Day for ${fixed.name}` : "Book for a Customer"}</DialogTitle>
				<DialogDescription>
					A phone booking is booked at once, on any day with room: inside the change lock too, not
					on a closed day.
				</DialogDescription>
			</DialogHeader>
			<form
				{...form}
				aria-label="Book for a customer"
				className="grid min-w-0 gap-5"
				onSubmit={async (event) => {
					event.preventDefault();
					const input = { customerId: customer?.id ?? "", windowId: window?.id ?? "", day };
					const parsed = await validate(ownerNewBookingSchema, input);
					if (!parsed.success) return void toast.error(parsed.error.issues[0]?.message);
					book.mutate(parsed.data, {
						onSuccess: (booking) => {
							toast.success(
								`${customer?.name}: ${BOOKING_KIND_LABELS[booking.kind].toLowerCase()} booked for ${fullDate(booking.day)}`,
							);
							onDone();
						},
						onError: (error) => {
							const next = error instanceof ApiError ? (error.details.alternatives ?? []) : [];
							setAlternatives(next);
							const fields = fieldErrorsOf(error);
							if (Object.keys(fields).length > 0) setErrors(fields);
							else if (error instanceof ApiError && error.status === 409)
								setError(error.code === "already_booked" ? "customerId" : "day", error.message);
							toast.error(errorMessage(error));
						},
					});
				}}
			>
				{fixed ? (
					<input type="hidden" name="customerId" value={fixed.id} />
				) : (
					<CustomerPicker
						chosen={customer}
						error={field("customerId").error}
						onChoose={(c) => {
							setCustomer(c);
							setErrors({});
						}}
					/>
				)}

				{calendar.isPending ? (
					<p role="status" className="text-sm text-muted-foreground">
						Loading the season…
					</p>
				) : calendar.isError ? (
					<p role="alert" className="text-sm text-destructive">
						Failed to load the season: {errorMessage(calendar.error)}
					</p>
				) : (
					<>
						<div className="grid gap-4 sm:grid-cols-2">
							<SelectField
								label="Season"
								value={calendar.data.seasonId}
								options={calendar.data.seasons.map((s) => ({ value: s, label: s }))}
								onChange={(e) => {
									setSeason(e.target.value);
									setWindowId(undefined);
									pick("");
								}}
							/>
							{windows.length === 0 ? (
								<p className="self-end text-sm text-muted-foreground">
									This season has no windows: add one in Settings → Season.
								</p>
							) : (
								<SelectField
									label="Window"
									{...field("windowId")}
									value={window?.id ?? ""}
									options={windows.map((w) => ({
										value: w.id,
										label: `${w.name} (${BOOKING_KIND_LABELS[w.kind].toLowerCase()})`,
									}))}
									onChange={(e) => {
										setWindowId(e.target.value);
										pick("");
									}}
								/>
							)}
						</div>
						{window ? (
							<DayPicker
								days={window.days}
								today={today}
								chosen={day}
								onPick={pick}
								hasRoom={window.days.some((d) => roomOf(d, today) > 0)}
							/>
						) : null}
					</>
				)}

				<FormField
					label="Day"
					{...field("day")}
					type="date"
					value={day}
					onChange={(e) => pick(e.target.value)}
					hint={day ? fullDate(day) : "Pick a day with room above, or type one."}
					wrapperClassName="sm:max-w-xs"
				/>
				{alternatives.length > 0 ? (
					<fieldset className="grid gap-2">
						<legend className="mb-2 text-sm">The next days with room:</legend>
						<div className="flex flex-wrap gap-2">
							{alternatives.map((d) => (
								<Button key={d} type="button" size="sm" variant="outline" onClick={() => pick(d)}>
									{fullDate(d)}
								</Button>
							))}
						</div>
					</fieldset>
				) : null}
				<DialogFooter>
					<Button type="button" variant="outline" onClick={onDone}>
						Cancel
					</Button>
					<Button type="submit" pending={book.isPending}>
						{day ? `Book ${fullDate(day)}` : "Book Day"}
					</Button>
				</DialogFooter>
			</form>
		</DialogContent>
	);
}

/** The window's days, month by month: a day with room can be picked; each says what is left. */
function DayPicker({
	days,
	today,
	chosen,
	onPick,
	hasRoom,
}: {
	days: OwnerDay[];
	today: string;
	chosen: string;
	onPick: (day: string) => void;
	hasRoom: boolean;
}) {
	return (
		<div className="grid min-w-0 gap-2">
			<p className="text-sm font-medium">Days with room</p>
			{hasRoom ? null : (
				<p className="rounded-md border border-dashed p-3 text-sm text-muted-foreground">
					No day of this window has room: raise a day's capacity in the Schedule, or pick another
					window.
				</p>
			)}
			<MonthGrid
				days={days}
				renderDay={(d) => {
					const room = roomOf(d, today);
					const state =
						d.day <= today
							? "past"
							: d.closed
								? "closed"
								: d.capacity === 0
									? "no crew"
									: room > 0
										? `${room} of ${d.capacity} left`
										: "full";
					const note =
						d.day <= today
							? ""
							: d.closed
								? "Closed"
								: d.capacity === 0
									? "Off"
									: room > 0
										? `${room} left`
										: "Full";
					return (
						<button
							type="button"
							disabled={room === 0}
							aria-pressed={d.day === chosen}
							aria-label={`${fullDate(d.day)}, ${state}`}
							onClick={() => onPick(d.day)}
							className={cn(
								"flex h-11 w-full flex-col items-center justify-center rounded-md border text-sm",
								room > 0 ? "hover:border-primary" : "bg-muted text-muted-foreground opacity-60",
								d.day === chosen && "border-primary bg-primary/10 ring-2 ring-primary/40",
							)}
						>
							<span className="font-medium">{dayNumber(d.day)}</span>
							<span className="text-[0.65rem] leading-none">{note}</span>
						</button>
					);
				}}
			/>
		</div>
	);
}

/** Search the customers by name, e-mail or number and choose one. */
function CustomerPicker({
	chosen,
	error,
	onChoose,
}: {
	chosen?: Chosen;
	error: string | null;
	onChoose: (customer: Chosen) => void;
}) {
	const id = useId();
	const [text, setText] = useState("");
	const [q, setQ] = useState("");
	useEffect(() => {
		const timer = setTimeout(() => setQ(text.trim()), 250);
		return () => clearTimeout(timer);
	}, [text]);
	const choices = useCustomerChoices(q);
	return (
		<fieldset className="grid min-w-0 gap-2" aria-describedby={error ? `${id}-error` : undefined}>
			<legend className="mb-2 text-sm font-medium">Customer</legend>
			<Label htmlFor={`${id}-search`} className="sr-only">
				Search customers
			</Label>
			<Input
				id={`${id}-search`}
				type="search"
				placeholder="Name, e-mail or number"
				value={text}
				maxLength={100}
				onChange={(e) => setText(e.target.value)}
			/>
			{choices.isPending ? (
				<p role="status" className="text-sm text-muted-foreground">
					Loading customers…
				</p>
			) : choices.isError ? (
				<p role="alert" className="text-sm text-destructive">
					{errorMessage(choices.error)}
				</p>
			) : choices.data.length === 0 ? (
				<p className="rounded-md border border-dashed p-3 text-sm text-muted-foreground">
					{q ? `No customer matches "${q}".` : "No customers yet."}
				</p>
			) : (
				<ul className="grid max-h-56 gap-1 overflow-y-auto rounded-md border p-1">
					{choices.data.map((c) => (
						<li key={c.id}>
							<label
								className={cn(
									"flex cursor-pointer items-center gap-3 rounded-md px-2 py-2 text-sm hover:bg-muted",
									chosen?.id === c.id && "bg-primary/10",
								)}
							>
								<input
									type="radio"
									name="customerId"
									value={c.id}
									className="size-4 accent-primary"
									checked={chosen?.id === c.id}
									aria-invalid={error ? true : undefined}
									onChange={() => onChoose({ id: c.id, name: c.name })}
								/>
								<span className="min-w-0 wrap-anywhere">
									<span className="font-medium">{c.name}</span>
									<span className="text-muted-foreground">
										{" "}
										· #{c.idNumber}
										{c.city ? ` · ${c.city}` : ""}
									</span>
								</span>
							</label>
						</li>
					))}
				</ul>
			)}
			{chosen && !choices.data?.some((c) => c.id === chosen.id) ? (
				<p className="text-sm">Chosen: {chosen.name}</p>
			) : null}
			{error ? (
				<p id={`${id}-error`} className="text-sm text-destructive">
					{error}
				</p>
			) : null}
		</fieldset>
	);
}
