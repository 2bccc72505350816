import { Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import {
	BOOKING_KIND_LABELS,
	BOOKING_KINDS,
	type ServiceWindow,
	WINDOW_AUDIENCE_LABELS,
	WINDOW_AUDIENCES,
} from "../../../../shared/bookings.ts";
import { dateFormat } from "../../../../shared/dates.ts";
import { FormField, formValues, SelectField } from "../../../components/form-field.tsx";
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
import { toast } from "../../../lib/toast.ts";
import { lazySchema, useZodForm } from "../../../lib/use-zod-form.ts";
import { useSeasonWindows, useWindowActions } from "../api.ts";

const windowInputSchema = lazySchema(
	() => import("../../../../shared/bookings.ts"),
	"windowInputSchema",
);

const KIND_OPTIONS = BOOKING_KINDS.map((value) => ({ value, label: BOOKING_KIND_LABELS[value] }));
const AUDIENCE_OPTIONS = WINDOW_AUDIENCES.map((value) => ({
	value,
	label: WINDOW_AUDIENCE_LABELS[value],
}));

/** "Nov 1" for a business date. */
const shortDate = (day: string) =>
	dateFormat({ timeZone: "UTC", month: "short", day: "numeric", year: "numeric" }).format(
		new Date(`${day}T12:00:00Z`),
	);
const percent = (pct: number) => (pct > 0 ? `+${pct}%` : `${pct}%`);

/**
 * Settings → Season → Windows: each season's install and takedown windows, with their days, price
 * adjustment and who may book; add, edit and remove them. The server checks every rule (days in
 * the season, no two windows of a kind on one day, bookings kept inside their window) and names the
 * field, which the dialog marks.
 */
export function SeasonWindows() {
	const windows = useSeasonWindows();
	const [picked, setPicked] = useState<string>();
	const [editing, setEditing] = useState<ServiceWindow | "new" | null>(null);
	const [removing, setRemoving] = useState<ServiceWindow | null>(null);
	if (windows.isPending) return <p role="status">Loading the windows…</p>;
	if (windows.isError)
		return (
			<p role="alert" className="text-sm text-destructive">
				Failed to load the windows: {errorMessage(windows.error)}
			</p>
		);
	const { seasons } = windows.data;
	const season = picked && seasons.includes(picked) ? picked : (seasons[0] ?? "");
	const list = windows.data.windows.filter((w) => w.seasonId === season);
	return (
		<section aria-labelledby="season-windows" className="grid gap-3">
			<div className="flex flex-wrap items-center justify-between gap-2">
				<h3 id="season-windows" className="font-semibold">
					Windows
				</h3>
				<Button size="sm" variant="outline" onClick={() => setEditing("new")}>
					<Plus aria-hidden /> Add Window
				</Button>
			</div>
			<fieldset className="flex flex-wrap gap-2">
				<legend className="sr-only">Season of the windows</legend>
				{seasons.map((s) => (
					<Button
						key={s}
						type="button"
						size="sm"
						variant={s === season ? "default" : "outline"}
						aria-pressed={s === season}
						onClick={() => setPicked(s)}
					>
						{s}
					</Button>
				))}
			</fieldset>
			{list.length === 0 ? (
				<p className="rounded-md border border-dashed p-4 text-sm text-muted-foreground">
					No windows in the {season} season yet: customers cannot book it until you add one.
				</p>
			) : (
				<ul className="grid gap-2" aria-label={`Windows of the ${season} season`}>
					{list.map((w) => (
						<li
							key={w.id}
							aria-label={w.name}
							className="flex flex-col gap-2 rounded-md border p-3 sm:flex-row sm:items-center sm:justify-between"
						>
							<div className="grid min-w-0 gap-1">
								<p className="flex flex-wrap items-center gap-2 font-medium">
									<span className="wrap-anywhere">{w.name}</span>
									<Badge variant={w.kind === "install" ? "primary" : "info"}>
										{BOOKING_KIND_LABELS[w.kind]}
									</Badge>
								</p>
								<p className="text-sm text-muted-foreground">
									{shortDate(w.startsOn)} to {shortDate(w.endsOn)}
									{" · "}
									{w.priceAdjustPct ? percent(w.priceAdjustPct) : "No price adjustment"}
									{" · "}
									{WINDOW_AUDIENCE_LABELS[w.audience]}
								</p>
							</div>
							<div className="flex shrink-0 gap-2">
								<Button
									size="sm"
									variant="outline"
									aria-label={`Edit ${w.name}`}
									onClick={() => setEditing(w)}
								>
									<Pencil aria-hidden /> Edit
								</Button>
								<Button
									size="sm"
									variant="outline"
									aria-label={`Delete ${w.name}`}
									onClick={() => setRemoving(w)}
								>
									<Trash2 aria-hidden /> Delete
								</Button>
							</div>
						</li>
					))}
				</ul>
			)}
			{editing ? (
				<WindowDialog
					season={season}
					window={editing === "new" ? null : editing}
					onClose={() => setEditing(null)}
				/>
			) : null}
			{removing ? <RemoveDialog window={removing} onClose={() => setRemoving(null)} /> : null}
		</section>
	);
}

/** Add Window / Edit Window: each field's message under it, the server's too. */
function WindowDialog({
	season,
	window,
	onClose,
}: {
	season: string;
	window: ServiceWindow | null;
	onClose: () => void;
}) {
	const { save } = useWindowActions();
	const { form, field, validate, setErrors } = useZodForm(windowInputSchema);
	const start = Number(season.slice(0, 4));
	const title = window ? `Edit ${window.name}` : "Add Window";
	return (
		<Dialog open onOpenChange={(open) => (open ? null : onClose())}>
			<DialogContent>
				<DialogHeader>
					<DialogTitle>{title}</DialogTitle>
					<DialogDescription>
						The {window?.seasonId ?? season} season runs from August 1, {start} to July 31,{" "}
						{start + 1}. Windows of one kind cannot share a day.
					</DialogDescription>
				</DialogHeader>
				<form
					{...form}
					aria-label={title}
					className="grid gap-4"
					onSubmit={async (event) => {
						event.preventDefault();
						const values = formValues(event.currentTarget);
						const pct = values.priceAdjustPct?.trim() ?? "";
						const input = {
							name: values.name ?? "",
							kind: values.kind,
							startsOn: values.startsOn ?? "",
							endsOn: values.endsOn ?? "",
							priceAdjustPct: pct === "" ? 0 : Number(pct),
							audience: values.audience,
						};
						const parsed = await validate(windowInputSchema, input);
						if (!parsed.success)
							return void toast.error(`Failed to save window: ${parsed.error.issues[0]?.message}`);
						save.mutate(
							{ id: window?.id, season, input: parsed.data },
							{
								onSuccess: (saved) => {
									toast.success(window ? `${saved.name} saved` : `${saved.name} added`);
									onClose();
								},
								onError: (error) => {
									setErrors(fieldErrorsOf(error));
									toast.error(`Failed to save window: ${errorMessage(error)}`);
								},
							},
						);
					}}
				>
					<FormField label="Name" {...field("name")} defaultValue={window?.name ?? ""} />
					<div className="grid gap-4 sm:grid-cols-2">
						<SelectField
							label="Kind"
							{...field("kind")}
							options={KIND_OPTIONS}
							defaultValue={window?.kind ?? "install"}
						/>
						<SelectField
							label="Who may book"
							{...field("audience")}
							options={AUDIENCE_OPTIONS}
							defaultValue={window?.audience ?? "everyone"}
						/>
						<FormField
							label="First day"
							{...field("startsOn")}
							type="date"
							defaultValue={window?.startsOn ?? ""}
						/>
						<FormField
							label="Last day"
							{...field("endsOn")}
							type="date"
							defaultValue={window?.endsOn ?? ""}
						/>
					</div>
					<FormField
						label="Price adjustment (%)"
						{...field("priceAdjustPct")}
						type="number"
						inputMode="numeric"
						step={1}
						defaultValue={window?.priceAdjustPct ?? 0}
						hint="Added to (or, below 0, taken off) the approved total for days in this window; customers see it."
					/>
					<DialogFooter>
						<Button type="button" variant="outline" onClick={onClose}>
							Cancel
						</Button>
						<Button type="submit" pending={save.isPending}>
							{window ? "Save Window" : "Add Window"}
						</Button>
					</DialogFooter>
				</form>
			</DialogContent>
		</Dialog>
	);
}

function RemoveDialog({ window, onClose }: { window: ServiceWindow; onClose: () => void }) {
	const { remove } = useWindowActions();
	return (
		<Dialog open onOpenChange={(open) => (open ? null : onClose())}>
			<DialogContent>
				<DialogHeader>
					<DialogTitle>Delete {window.name}?</DialogTitle>
					<DialogDescription>
						Customers can no longer book its days. A window with bookings cannot be deleted: move or
						cancel them first.
					</DialogDescription>
				</DialogHeader>
				<DialogFooter>
					<Button type="button" variant="outline" onClick={onClose}>
						Keep It
					</Button>
					<Button
						variant="destructive"
						pending={remove.isPending}
						onClick={() =>
							remove.mutate(window.id, {
								onSuccess: () => {
									toast.success(`${window.name} deleted`);
									onClose();
								},
								onError: (error) => toast.error(`Failed to delete window: ${errorMessage(error)}`),
							})
						}
					>
						Delete Window
					</Button>
				</DialogFooter>
			</DialogContent>
		</Dialog>
	);
}
