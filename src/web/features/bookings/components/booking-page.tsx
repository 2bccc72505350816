import { CalendarCheck, CalendarDays, Clock } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import {
	type Booking,
	type BookingKind,
	DAY_STATE_LABELS,
	type DayState,
	longDate,
	type ServiceWindow,
} from "../../../../shared/bookings.ts";
import { arrivalLabel } from "../../../../shared/crew.ts";
import { dateFormat } from "../../../../shared/dates.ts";
import { formatCents } from "../../../../shared/money.ts";
import { EmptyState, LoadingState, PageHeading } from "../../../components/shell/app-shell.tsx";
import { Button } from "../../../components/ui/button.tsx";
import {
	Card,
	CardContent,
	CardDescription,
	CardHeader,
	CardTitle,
} from "../../../components/ui/card.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toast.ts";
import { cn } from "../../../lib/utils.ts";
import { PushOffer } from "../../notifications/components/notifications-card.tsx";
import { usePaymentSetup } from "../../payments/api.ts";
import { usePayAction } from "../../payments/pay-action-api.ts";
import {
	useBookDay,
	useCancelBooking,
	useMoveBooking,
	useMyBookings,
	useWindowDays,
} from "../api.ts";
import { dayNumber, fullDate, MonthGrid } from "./month-grid.tsx";

const KIND_WORD: Record<BookingKind, string> = { install: "Install", takedown: "Takedown" };

const shortRange = (w: ServiceWindow) => {
	const f = (d: string) =>
		dateFormat({ timeZone: "UTC", month: "short", day: "numeric" }).format(
			new Date(`${d}T12:00:00Z`),
		);
	return `${f(w.startsOn)} – ${f(w.endsOn)}, ${w.endsOn.slice(0, 4)}`;
};

const adjustText = (pct: number) =>
	pct === 0
		? "Standard price"
		: pct > 0
			? `${pct}% more than your quote`
			: `${-pct}% off your quote`;

/** "3:42 PM" in the viewer's time. */
const clockTime = (iso: string) =>
	dateFormat({ hour: "numeric", minute: "2-digit" }).format(new Date(iso));

/**
 * The customer's booking page: their booking of `kind`, or the window and day pickers; with
 * `season`, that season's booking and windows alone.
 */
export function BookingPage({ kind, season }: { kind: BookingKind; season?: string }) {
	const page = useMyBookings();
	if (page.isPending) return <LoadingState label="Loading the calendar..." />;
	if (page.isError)
		return <EmptyState>Failed to load the calendar: {errorMessage(page.error)}</EmptyState>;
	const inSeason = <T extends { seasonId: string }>(list: T[]) =>
		season ? list.filter((x) => x.seasonId === season) : list;
	const data = { ...page.data, bookings: inSeason(page.data.bookings) };
	const windows = inSeason(data.windows);
	const title = kind === "install" ? "Book Your Install Date" : "Book Your Takedown Date";
	const active = data.bookings.find((b) => b.kind === kind && b.status !== "done");
	const done = data.bookings.find((b) => b.kind === kind && b.status === "done");
	return (
		<>
			<PageHeading
				title={title}
				description="Pick a window, then a day. Our crews do a set number of homes a day."
			/>
			<div className="grid gap-5">
				{active ? (
					<>
						<BookingCard booking={active} lockDays={data.changeLockDays} windows={data.windows} />
						<PushOffer text="Want a notification when your day is confirmed, moved or coming up? Turn on notifications for this device." />
					</>
				) : done ? (
					<Card>
						<CardHeader>
							<CardTitle>
								{KIND_WORD[kind]} done on {longDate(done.day)}
							</CardTitle>
						</CardHeader>
					</Card>
				) : !data.canBook[kind] ? (
					<EmptyState icon={CalendarDays}>{data.reason[kind]}</EmptyState>
				) : (
					<Picker
						windows={windows.filter((w) => w.kind === kind)}
						depositPercent={kind === "install" ? data.depositPercent : 0}
					/>
				)}
			</div>
		</>
	);
}

/** The window cards, then the chosen window's month calendar. */
function Picker({
	windows,
	depositPercent,
	onPick,
	pending,
}: {
	windows: ServiceWindow[];
	depositPercent: number;
	onPick?: (window: ServiceWindow, day: string) => void;
	pending?: boolean;
}) {
	const [windowId, setWindowId] = useState<string>();
	const [day, setDay] = useState<string>();
	const book = useBookDay();
	const chosen = windows.find((w) => w.id === windowId);
	if (windows.length === 0)
		return <EmptyState icon={CalendarDays}>No windows are open for booking right now.</EmptyState>;
	const confirm = () => {
		if (!chosen || !day) return;
		if (onPick) return onPick(chosen, day);
		book.mutate(
			{ windowId: chosen.id, day },
			{
				onSuccess: (b) =>
					toast.success(
						b.status === "held"
							? `${longDate(b.day)} is held for you`
							: `${KIND_WORD[b.kind]} booked: ${longDate(b.day)}`,
					),
				onError: (error) => toast.error(errorMessage(error)),
			},
		);
	};
	return (
		<>
			<fieldset className="grid gap-3 sm:grid-cols-2">
				<legend className="mb-2 font-semibold">Choose a window</legend>
				{windows.map((w) => (
					<button
						key={w.id}
						type="button"
						aria-pressed={w.id === windowId}
						onClick={() => {
							setWindowId(w.id);
							setDay(undefined);
						}}
						className={cn(
							"rounded-lg border bg-card p-4 text-left shadow-sm transition-colors hover:border-primary",
							w.id === windowId && "border-primary ring-2 ring-primary/30",
						)}
					>
						<span className="block font-semibold">{w.name}</span>
						<span className="block text-sm text-muted-foreground">{shortRange(w)}</span>
						<span
							className={cn(
								"block text-sm",
								w.priceAdjustPct < 0 ? "text-emerald-700" : "text-muted-foreground",
							)}
						>
							{adjustText(w.priceAdjustPct)}
						</span>
					</button>
				))}
			</fieldset>
			{chosen ? (
				<Card>
					<CardHeader>
						<CardTitle>{chosen.name}: pick a day</CardTitle>
						<CardDescription>
							{depositPercent > 0
								? `A deposit of ${depositPercent}% holds your day for 35 minutes while you pay it.`
								: "Your day is booked as soon as you choose it."}
						</CardDescription>
					</CardHeader>
					<CardContent className="grid gap-4">
						<DayPicker windowId={chosen.id} selected={day} onSelect={setDay} />
						<div className="flex flex-wrap items-center gap-3">
							<Button onClick={confirm} disabled={!day || book.isPending || pending}>
								<CalendarCheck aria-hidden />
								{day ? `Book ${longDate(day)}` : "Choose a day"}
							</Button>
						</div>
					</CardContent>
				</Card>
			) : null}
		</>
	);
}

const STATE_STYLE: Record<DayState, string> = {
	open: "border-emerald-600/40 bg-emerald-50 text-emerald-900 hover:bg-emerald-100",
	few: "border-amber-500/50 bg-amber-50 text-amber-900 hover:bg-amber-100",
	full: "border-transparent bg-muted text-muted-foreground line-through",
	closed: "border-transparent bg-transparent text-muted-foreground/60",
};

function DayPicker({
	windowId,
	selected,
	onSelect,
}: {
	windowId: string;
	selected?: string;
	onSelect: (day: string) => void;
}) {
	const days = useWindowDays(windowId);
	if (days.isPending) return <LoadingState label="Loading days..." />;
	if (days.isError) return <p role="alert">{errorMessage(days.error)}</p>;
	return (
		<>
			<MonthGrid
				days={days.data.days}
				renderDay={(d) => {
					const pickable = d.state === "open" || d.state === "few";
					return (
						<button
							type="button"
							aria-label={`${fullDate(d.day)}, ${DAY_STATE_LABELS[d.state]}`}
							aria-pressed={selected === d.day}
							disabled={!pickable}
							onClick={() => onSelect(d.day)}
							className={cn(
								"flex h-11 w-full flex-col items-center justify-center rounded-md border text-sm font-medium disabled:cursor-not-allowed",
								STATE_STYLE[d.state],
								selected === d.day &&
									"border-primary bg-primary text-primary-foreground hover:bg-primary",
							)}
						>
							{dayNumber(d.day)}
							{d.state === "few" ? <span className="text-[0.6rem] leading-none">few</span> : null}
						</button>
					);
				}}
			/>
			<p className="text-xs text-muted-foreground">
				Green: open. Amber: few left. Struck through: full. Faded: closed.
			</p>
		</>
	);
}

/** The customer's booking of one kind: held (pay the deposit), booked, or needing a new day. */
function BookingCard({
	booking,
	lockDays,
	windows,
}: {
	booking: Booking;
	lockDays: number;
	windows: ServiceWindow[];
}) {
	const setup = usePaymentSetup();
	const { pay, pendingBillId } = usePayAction(setup.data);
	const cancel = useCancelBooking();
	const move = useMoveBooking();
	const [moving, setMoving] = useState(booking.status === "needs_new_day");
	const word = KIND_WORD[booking.kind];
	const doCancel = () =>
		cancel.mutate(booking.id, {
			onSuccess: () => toast.success(`${word} cancelled`),
			onError: (error) => toast.error(errorMessage(error)),
		});
	const doMove = (window: ServiceWindow, day: string) =>
		move.mutate(
			{ id: booking.id, day, windowId: window.id },
			{
				onSuccess: (b) => {
					toast.success(`${word} moved to ${longDate(b.day)}`);
					setMoving(false);
				},
				onError: (error) => toast.error(errorMessage(error)),
			},
		);
	return (
		<>
			<Card>
				<CardHeader>
					{booking.status === "held" ? (
						<>
							<CardTitle className="flex items-center gap-2">
								<Clock className="size-5 text-accent" aria-hidden /> {longDate(booking.day)}
							</CardTitle>
							<CardDescription>
								Held for you until {clockTime(booking.holdExpiresAt!)}. Pay the deposit to book it.
							</CardDescription>
						</>
					) : booking.status === "needs_new_day" ? (
						<>
							<CardTitle>Your {word.toLowerCase()} needs a new day</CardTitle>
							<CardDescription>
								Your deposit arrived after the hold ran out and {longDate(booking.day)} filled up.
								Your deposit is kept: pick another day below.
							</CardDescription>
						</>
					) : (
						<>
							<CardTitle className="flex items-center gap-2">
								<CalendarCheck className="size-5 text-emerald-700" aria-hidden />
								{word} booked: {longDate(booking.day)}
							</CardTitle>
							<CardDescription>
								{booking.windowName} window.
								{booking.arrival ? ` Arrival ${arrivalLabel(booking.arrival)}.` : ""}
							</CardDescription>
						</>
					)}
				</CardHeader>
				<CardContent className="flex flex-wrap gap-3">
					{booking.status === "held" && booking.depositBillId ? (
						<Button
							onClick={() => pay(booking.depositBillId!)}
							disabled={pendingBillId === booking.depositBillId}
						>
							Pay Deposit{booking.depositCents ? ` (${formatCents(booking.depositCents)})` : ""}
						</Button>
					) : null}
					{booking.status === "booked" ? (
						<Button asChild variant="outline">
							<a href={`/api/bookings/${booking.id}/calendar.ics`} download>
								Add to Calendar
							</a>
						</Button>
					) : null}
					{booking.changeable && booking.status !== "needs_new_day" ? (
						<>
							<Button variant="outline" onClick={() => setMoving((m) => !m)}>
								Change Day
							</Button>
							<Button variant="outline" onClick={doCancel} disabled={cancel.isPending}>
								Cancel Booking
							</Button>
						</>
					) : null}
					{!booking.changeable && booking.status === "booked" ? (
						<p className="text-sm text-muted-foreground">
							Your date is less than {lockDays + 1} days away: to change it, please call us or{" "}
							<Link className="underline" to="/app">
								chat with us
							</Link>
							.
						</p>
					) : null}
				</CardContent>
			</Card>
			{moving ? (
				<Picker
					windows={windows.filter(
						(w) => w.kind === booking.kind && w.seasonId === booking.seasonId,
					)}
					depositPercent={0}
					onPick={doMove}
					pending={move.isPending}
				/>
			) : null}
		</>
	);
}
