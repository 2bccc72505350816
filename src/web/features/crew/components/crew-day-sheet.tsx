import { CheckCircle2, MapPin, Phone, Printer } from "lucide-react";
import { useState } from "react";
import { longDate } from "../../../../shared/bookings.ts";
import { arrivalLabel, type CrewStop, type PropertySpecs } from "../../../../shared/crew.ts";
import { MAX_INSTALLATION_MEDIA } from "../../../../shared/customers.ts";
import { TextareaField } from "../../../components/form-field.tsx";
import { PhotoPicker } from "../../../components/photo-picker.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import {
	Dialog,
	DialogContent,
	DialogDescription,
	DialogFooter,
	DialogHeader,
	DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { errorMessage, fieldErrorsOf } from "../../../lib/api-client.ts";
import { telHref } from "../../../lib/business-profile.ts";
import { toast } from "../../../lib/toast.ts";
import { BinsNotAtHouseWarning, StopBins } from "../../storage/components/stop-bins.tsx";
import { useAddPropertyNote, useCrewDay, useMarkStopDone } from "../api.ts";
import { milesText } from "./day-route-card.tsx";

/**
 * One day's route for the crews (and the owner's day sheet), in route order with its miles: each
 * stop's arrival window, customer, address with
 * Open in Maps, phone with Call, services, the house's specs and photos, and Installed / Taken Down.
 * Printed, it is a sheet: stops in order, a checkbox column, no buttons.
 */
export function CrewDaySheet({ day }: { day: string }) {
	const sheet = useCrewDay(day);
	const [marking, setMarking] = useState<CrewStop | null>(null);
	return (
		<div className="grid gap-4 print:gap-2">
			<div className="flex items-start justify-between gap-3">
				<div>
					<h1 className="text-2xl font-semibold tracking-tight print:text-xl">{longDate(day)}</h1>
					{sheet.data ? (
						<p className="text-sm text-muted-foreground print:text-black">
							{sheet.data.stops.length} {sheet.data.stops.length === 1 ? "stop" : "stops"}
							{sheet.data.stops.length > 0
								? ` · ${milesText(sheet.data.route.miles)} route${sheet.data.route.fromBusiness ? " from the shop and back" : ""}`
								: ""}
						</p>
					) : null}
				</div>
				<Button variant="outline" size="sm" className="print:hidden" onClick={() => window.print()}>
					<Printer className="size-4" aria-hidden /> Print
				</Button>
			</div>
			{sheet.isPending ? (
				<p className="text-sm text-muted-foreground" role="status">
					Loading the day…
				</p>
			) : sheet.isError ? (
				<p className="text-sm text-destructive" role="alert">
					Failed to load the day: {errorMessage(sheet.error)}
				</p>
			) : (
				<>
					{sheet.data.notes ? (
						<section
							aria-label="Notes for the day"
							className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm whitespace-pre-line print:border-black print:bg-white"
						>
							<p className="font-medium">Notes for the day</p>
							{sheet.data.notes}
						</section>
					) : null}
					{sheet.data.stops.length === 0 ? (
						<p className="rounded-lg border border-dashed p-8 text-center text-sm text-muted-foreground">
							No stops on this day.
						</p>
					) : (
						<ol className="grid gap-3 print:gap-0" aria-label="Stops">
							{sheet.data.stops.map((stop, index) => (
								<StopCard
									key={stop.bookingId}
									stop={stop}
									number={index + 1}
									day={day}
									onMark={() => setMarking(stop)}
								/>
							))}
						</ol>
					)}
				</>
			)}
			<MarkDoneDialog stop={marking} day={day} onClose={() => setMarking(null)} />
		</div>
	);
}

function StopCard({
	stop,
	number,
	day,
	onMark,
}: {
	stop: CrewStop;
	number: number;
	day: string;
	onMark: () => void;
}) {
	const done = stop.status === "done";
	const action = stop.kind === "install" ? "Installed" : "Taken Down";
	return (
		<li
			className="grid gap-3 rounded-lg border bg-card p-4 print:grid-cols-[2rem_1fr] print:gap-x-3 print:gap-y-1 print:break-inside-avoid print:rounded-none print:border-x-0 print:border-t-0 print:border-b print:border-black print:p-2 print:text-xs"
			aria-label={`Stop ${number}: ${stop.name}`}
		>
			{/* The checkbox column of the printed sheet. */}
			<span
				aria-hidden
				className="hidden size-5 border-2 border-black print:row-span-6 print:mt-1 print:block"
			/>
			<div className="flex items-start gap-3">
				<span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/10 font-semibold text-primary print:size-auto print:bg-transparent print:text-black">
					{number}
				</span>
				<div className="min-w-0 flex-1">
					<h2 className="font-semibold print:text-sm">{stop.name}</h2>
					<p className="text-sm text-muted-foreground print:text-black">
						{stop.address ?? "No address on file"}
					</p>
					{stop.arrival ? (
						<p className="text-sm font-medium print:text-xs">
							Arrival {arrivalLabel(stop.arrival)}
						</p>
					) : null}
					{stop.located ? null : (
						<Badge variant="warning" className="mt-1 print:border print:border-black">
							ZIP not found
						</Badge>
					)}
					{stop.phone ? <p className="hidden text-black print:block">{stop.phone}</p> : null}
				</div>
				<div className="flex flex-col items-end gap-1">
					<Badge variant={stop.kind === "install" ? "primary" : "info"}>
						{stop.kind === "install" ? "Install" : "Takedown"}
					</Badge>
					{done ? (
						<Badge variant="success" className="print:hidden">
							{action}
						</Badge>
					) : null}
				</div>
			</div>
			<div className="grid grid-cols-2 gap-2 print:hidden">
				{stop.mapsUrl ? (
					<Button asChild variant="outline">
						<a href={stop.mapsUrl} target="_blank" rel="noreferrer">
							<MapPin className="size-4" aria-hidden /> Open in Maps
						</a>
					</Button>
				) : (
					<Button variant="outline" disabled>
						<MapPin className="size-4" aria-hidden /> No address
					</Button>
				)}
				{stop.phone ? (
					<Button asChild variant="outline">
						<a href={telHref(stop.phone)} aria-label={`Call ${stop.name} at ${stop.phone}`}>
							<Phone className="size-4" aria-hidden /> Call
						</a>
					</Button>
				) : (
					<Button variant="outline" disabled>
						<Phone className="size-4" aria-hidden /> No phone
					</Button>
				)}
			</div>
			{stop.services.length > 0 ? (
				<p className="text-sm wrap-anywhere print:text-xs">
					<span className="font-medium">Services: </span>
					{stop.services.join(", ")}
				</p>
			) : null}
			<SpecsList specs={stop.specs} />
			<StopBins day={day} customerId={stop.customerId} kind={stop.kind} />
			{stop.photos.length > 0 ? (
				<div className="print:hidden">
					<p className="mb-1 text-sm font-medium">Installation photos</p>
					<ul className="flex gap-2 overflow-x-auto">
						{stop.photos.map((p) => (
							<li key={p.id} className="shrink-0">
								<a href={`/api/files/${p.id}`} target="_blank" rel="noreferrer">
									<img
										src={`/api/files/${p.id}`}
										alt={`Installation, ${p.season}`}
										className="size-20 rounded-md border object-cover"
										loading="lazy"
									/>
								</a>
								<span className="text-xs text-muted-foreground">{p.season}</span>
							</li>
						))}
					</ul>
				</div>
			) : null}
			<CrewNotes customerId={stop.customerId} specs={stop.specs} />
			<div className="print:hidden">
				{done ? (
					<p className="flex items-center gap-2 text-sm font-medium text-green-700">
						<CheckCircle2 className="size-5" aria-hidden /> {action}
					</p>
				) : (
					<Button className="w-full" size="lg" onClick={onMark}>
						<CheckCircle2 className="size-5" aria-hidden /> {action}
					</Button>
				)}
			</div>
		</li>
	);
}

/** The specs that are filled in, as label and value. */
function SpecsList({ specs }: { specs: PropertySpecs }) {
	const trees = [
		specs.treesSmall ? `${specs.treesSmall} small` : null,
		specs.treesMedium ? `${specs.treesMedium} medium` : null,
		specs.treesLarge ? `${specs.treesLarge} large` : null,
	].filter(Boolean);
	const rows: [string, string | null][] = [
		["Roofline", specs.rooflineFeet !== null ? `${specs.rooflineFeet} ft` : null],
		["Trees", trees.length > 0 ? trees.join(", ") : null],
		["Outlets", specs.outletLocations],
		["Timer", specs.timerLocation],
		["Gate code", specs.gateCode],
		["Ladder", specs.ladderNeeds],
		["Pets", specs.pets],
		["Notes", specs.notes],
	];
	const filled = rows.filter(([, v]) => v);
	if (filled.length === 0)
		return <p className="text-sm text-muted-foreground">No specs recorded for this house yet.</p>;
	return (
		<dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-md bg-muted/50 p-3 text-sm print:bg-transparent print:p-0 print:text-xs">
			{filled.map(([label, value]) => (
				<div key={label} className="contents">
					<dt className="font-medium text-muted-foreground print:text-black">{label}</dt>
					<dd className="whitespace-pre-line">{value}</dd>
				</div>
			))}
		</dl>
	);
}

/** The crews' notes on the house, and a box to add one. */
function CrewNotes({ customerId, specs }: { customerId: string; specs: PropertySpecs }) {
	const add = useAddPropertyNote();
	const [error, setError] = useState<string | null>(null);
	const [open, setOpen] = useState(false);
	return (
		<div className="grid gap-2 text-sm">
			{specs.crewNotes.length > 0 ? (
				<ul className="grid gap-1" aria-label="Crew notes">
					{specs.crewNotes.map((n) => (
						<li key={n.id} className="rounded-md border-l-4 border-primary/40 bg-card pl-2">
							<span className="font-medium">{n.authorName}:</span> {n.body}
						</li>
					))}
				</ul>
			) : null}
			{open ? (
				<form
					className="grid gap-2 print:hidden"
					onSubmit={(event) => {
						event.preventDefault();
						const target = event.currentTarget;
						const body = String(new FormData(target).get("body") ?? "").trim();
						if (!body) return setError("Please write a note");
						add.mutate(
							{ customerId, body },
							{
								onSuccess: () => {
									toast.success("Note added");
									target.reset();
									setOpen(false);
									setError(null);
								},
								onError: (e) => setError(fieldErrorsOf(e).body ?? errorMessage(e)),
							},
						);
					}}
				>
					<TextareaField label="Note" name="body" maxLength={1000} error={error} rows={2} />
					<div className="flex gap-2">
						<Button type="submit" size="sm" pending={add.isPending}>
							Save Note
						</Button>
						<Button type="button" size="sm" variant="ghost" onClick={() => setOpen(false)}>
							Cancel
						</Button>
					</div>
				</form>
			) : (
				<Button
					variant="link"
					size="sm"
					className="justify-self-start px-0 print:hidden"
					onClick={() => setOpen(true)}
				>
					Add a Note
				</Button>
			)}
		</div>
	);
}

function MarkDoneDialog({
	stop,
	day,
	onClose,
}: {
	stop: CrewStop | null;
	day: string;
	onClose: () => void;
}) {
	const mark = useMarkStopDone();
	const [photos, setPhotos] = useState<File[]>([]);
	const install = stop?.kind === "install";
	const action = install ? "Installed" : "Taken Down";
	const close = () => {
		setPhotos([]);
		onClose();
	};
	return (
		<Dialog open={stop !== null} onOpenChange={(open) => (open ? null : close())}>
			<DialogContent>
				<DialogHeader>
					<DialogTitle>
						Mark {stop?.name} {action.toLowerCase()}?
					</DialogTitle>
					<DialogDescription>
						{install
							? "The customer is told their lights are up. Photos you add here show on their Home."
							: "The customer is told their lights are down."}
					</DialogDescription>
				</DialogHeader>
				{install && stop ? <BinsNotAtHouseWarning day={day} customerId={stop.customerId} /> : null}
				{install ? (
					<PhotoPicker photos={photos} onChange={setPhotos} max={MAX_INSTALLATION_MEDIA} />
				) : null}
				<DialogFooter>
					<Button variant="outline" onClick={close}>
						Cancel
					</Button>
					<Button
						pending={mark.isPending}
						onClick={() =>
							stop &&
							mark.mutate(
								{ bookingId: stop.bookingId, photos },
								{
									onSuccess: () => {
										toast.success(`${stop.name}: ${action.toLowerCase()}`);
										close();
									},
									onError: (e) => toast.error(errorMessage(e)),
								},
							)
						}
					>
						Mark {action}
					</Button>
				</DialogFooter>
			</DialogContent>
		</Dialog>
	);
}
