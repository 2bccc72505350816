import { ScanLine, Trash2, Warehouse } from "lucide-react";
import { Link } from "react-router";
import { FormField, formValues } from "../../../components/form-field.tsx";
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
import { lazySchema, useZodForm } from "../../../lib/use-zod-form.ts";
import { useAddLocation, useRemoveLocation, useStorageLocations } from "../api.ts";
import { showError } from "../show-error.ts";

const storageLocationInputSchema = lazySchema(
	() => import("../../../../shared/storage.ts"),
	"storageLocationInputSchema",
);

/** Settings → Storage: the warehouse's locations (a rack and its shelves, or a free name). */
export function StorageSettingsCard() {
	const locations = useStorageLocations();
	const add = useAddLocation();
	const remove = useRemoveLocation();
	const { form, field, validate, setErrors } = useZodForm(storageLocationInputSchema);
	return (
		<Card>
			<CardHeader className="flex-row flex-wrap items-start justify-between gap-2">
				<div className="grid gap-1.5">
					<CardTitle>Storage</CardTitle>
					<CardDescription>
						Where customers' bins are kept between seasons: a rack with numbered shelves, or any
						named place.
					</CardDescription>
				</div>
				<Button asChild variant="outline" size="sm">
					<Link to="/owner/scan">
						<ScanLine className="size-4" aria-hidden /> Scan Bins
					</Link>
				</Button>
			</CardHeader>
			<CardContent className="grid grid-cols-[minmax(0,1fr)] gap-5">
				<form
					{...form}
					className="grid gap-3 sm:grid-cols-[1fr_8rem_auto] sm:items-end"
					onSubmit={async (event) => {
						event.preventDefault();
						const target = event.currentTarget;
						const values = formValues(target);
						const parsed = await validate(storageLocationInputSchema, {
							name: values.name ?? "",
							shelves: values.shelves ? Number(values.shelves) : null,
						});
						if (!parsed.success) return;
						add.mutate(parsed.data, {
							onSuccess: () => {
								toast.success(`${parsed.data.name} added`);
								target.reset();
							},
							onError: showError(setErrors),
						});
					}}
				>
					<FormField label="Location name" placeholder="Rack A" {...field("name")} />
					<FormField
						label="Shelves"
						type="number"
						inputMode="numeric"
						placeholder="5"
						{...field("shelves")}
					/>
					<Button type="submit" pending={add.isPending}>
						Add Location
					</Button>
				</form>
				{locations.isPending ? (
					<p className="text-sm text-muted-foreground" role="status">
						Loading locations…
					</p>
				) : locations.isError ? (
					<p className="text-sm text-destructive" role="alert">
						Failed to load the locations: {errorMessage(locations.error)}
					</p>
				) : locations.data.locations.length === 0 ? (
					<div className="flex items-center gap-3 rounded-md border border-dashed p-4 text-sm text-muted-foreground">
						<Warehouse className="size-5 shrink-0" aria-hidden />
						No locations yet. Add your racks above, e.g. Rack A with 5 shelves.
					</div>
				) : (
					<ul className="divide-y rounded-md border" aria-label="Storage locations">
						{locations.data.locations.map((l) => (
							<li key={l.id} className="flex items-center gap-3 p-3">
								<div className="grid min-w-0 flex-1 gap-1.5">
									<p className="break-words font-medium">{l.name}</p>
									{l.shelves ? (
										<ol className="flex flex-wrap gap-1" aria-label={`Shelves of ${l.name}`}>
											{Array.from({ length: l.shelves }, (_, i) => (
												<li
													// biome-ignore lint/suspicious/noArrayIndexKey: shelves are numbers
													key={i}
													className="flex size-7 items-center justify-center rounded border bg-muted/60 text-xs"
												>
													{i + 1}
												</li>
											))}
										</ol>
									) : null}
									<p className="text-sm text-muted-foreground">
										{l.bins === 1 ? "1 bin" : `${l.bins} bins`}
									</p>
								</div>
								<Button
									variant="ghost"
									size="sm"
									aria-label={`Remove ${l.name}`}
									pending={remove.isPending && remove.variables === l.id}
									onClick={() =>
										remove.mutate(l.id, {
											onSuccess: () => toast.success(`${l.name} removed`),
											onError: (error) => toast.error(errorMessage(error)),
										})
									}
								>
									<Trash2 className="size-4" aria-hidden />
								</Button>
							</li>
						))}
					</ul>
				)}
			</CardContent>
		</Card>
	);
}
