import { Package, Pencil, Printer } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { type Bin, type BinInput, binPath } from "../../../../shared/storage.ts";
import {
	FormField,
	formValues,
	SelectField,
	TextareaField,
} from "../../../components/form-field.tsx";
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
import { type FieldErrors, lazySchema, useZodForm } from "../../../lib/use-zod-form.ts";
import { useAddBin, useCustomerBins, useEditBin, useStorageLocations } from "../api.ts";
import { showError } from "../show-error.ts";
import { BinStateBadge, placeOf } from "./bin-page.tsx";

const binInputSchema = lazySchema(() => import("../../../../shared/storage.ts"), "binInputSchema");

/** The customer page's Storage: their bins, Add Bin, and Print Labels. */
export function CustomerBinsCard({ customerId }: { customerId: string }) {
	const bins = useCustomerBins(customerId);
	const add = useAddBin(customerId);
	const count = bins.data?.bins.length ?? 0;
	return (
		<Card>
			<CardHeader className="flex-row flex-wrap items-start justify-between gap-2">
				<div className="grid gap-1.5">
					<CardTitle>Storage bins</CardTitle>
					<CardDescription>
						The totes that keep this customer's lights from takedown to install.
					</CardDescription>
				</div>
				{count > 0 ? (
					<Button asChild variant="outline" size="sm">
						<Link to={`/owner/customer/${customerId}/labels`}>
							<Printer className="size-4" aria-hidden /> Print Labels
						</Link>
					</Button>
				) : null}
			</CardHeader>
			<CardContent className="grid grid-cols-[minmax(0,1fr)] gap-5">
				{bins.isPending ? (
					<p className="text-sm text-muted-foreground" role="status">
						Loading bins…
					</p>
				) : bins.isError ? (
					<p className="text-sm text-destructive" role="alert">
						Failed to load the bins: {errorMessage(bins.error)}
					</p>
				) : count === 0 ? (
					<div className="flex items-center gap-3 rounded-md border border-dashed p-4 text-sm text-muted-foreground">
						<Package className="size-5 shrink-0" aria-hidden />
						No bins yet. Add one for each tote this customer's lights go in.
					</div>
				) : (
					<ul className="divide-y rounded-md border" aria-label="Bins">
						{bins.data.bins.map((b) => (
							<BinItem key={b.id} bin={b} />
						))}
					</ul>
				)}
				<BinForm
					submitLabel="Add Bin"
					pending={add.isPending}
					onSubmit={(input, { setErrors, done }) =>
						add.mutate(input, {
							onSuccess: (bin) => {
								toast.success(`${bin.code} added`);
								done();
							},
							onError: showError(setErrors),
						})
					}
				/>
			</CardContent>
		</Card>
	);
}

/** A bin in the list, with Edit: what it holds and where it sits (its state changes by scans). */
function BinItem({ bin }: { bin: Bin }) {
	const [editing, setEditing] = useState(false);
	const edit = useEditBin(bin.code);
	return (
		<li className="grid gap-1 p-3" aria-label={bin.code}>
			<div className="flex items-start gap-2">
				<div className="flex min-w-0 flex-1 flex-wrap items-center gap-2">
					<Link
						to={binPath(bin.code)}
						className="font-mono font-semibold text-primary hover:underline"
					>
						{bin.code}
					</Link>
					<BinStateBadge state={bin.state} />
					<span className="text-sm text-muted-foreground">{placeOf(bin) ?? "No location"}</span>
				</div>
				{editing ? null : (
					<Button
						variant="ghost"
						size="sm"
						aria-label={`Edit ${bin.code}`}
						onClick={() => setEditing(true)}
					>
						<Pencil className="size-4" aria-hidden /> Edit
					</Button>
				)}
			</div>
			{editing ? (
				<BinForm
					bin={bin}
					submitLabel="Save Bin"
					pending={edit.isPending}
					onCancel={() => setEditing(false)}
					onSubmit={(input, { setErrors }) =>
						edit.mutate(input, {
							onSuccess: (saved) => {
								toast.success(`${saved.code} saved`);
								setEditing(false);
							},
							onError: showError(setErrors),
						})
					}
				/>
			) : (
				<p className="break-words text-sm">{bin.contents}</p>
			)}
		</li>
	);
}

/** What a bin holds, its location and shelf: a new bin's form, or an existing one's (`bin`). */
function BinForm({
	bin,
	submitLabel,
	pending,
	onSubmit,
	onCancel,
}: {
	bin?: Bin;
	submitLabel: string;
	pending: boolean;
	onSubmit: (
		input: BinInput,
		form: { setErrors: (errors: FieldErrors) => void; done: () => void },
	) => void;
	onCancel?: () => void;
}) {
	const locations = useStorageLocations();
	const { form, field, validate, setErrors } = useZodForm(binInputSchema);
	return (
		<form
			{...form}
			aria-label={bin ? `Edit ${bin.code}` : "New bin"}
			className="grid gap-3 sm:grid-cols-2"
			onSubmit={async (event) => {
				event.preventDefault();
				const target = event.currentTarget;
				const values = formValues(target);
				const parsed = await validate(binInputSchema, {
					contents: values.contents ?? "",
					locationId: values.locationId || null,
					shelf: values.shelf ? Number(values.shelf) : null,
				});
				if (!parsed.success) return;
				onSubmit(parsed.data, { setErrors, done: () => target.reset() });
			}}
		>
			<TextareaField
				label="What it holds"
				placeholder="House outline C9, 180 ft; 2 wreaths"
				rows={2}
				wrapperClassName="sm:col-span-2"
				defaultValue={bin?.contents}
				{...field("contents")}
			/>
			<SelectField
				label="Location"
				defaultValue={bin?.locationId ?? ""}
				{...field("locationId")}
				options={[
					{
						value: "",
						label:
							locations.data?.locations.length === 0
								? "None yet (Settings → Storage)"
								: "Not placed yet",
					},
					...(locations.data?.locations ?? []).map((l) => ({ value: l.id, label: l.name })),
				]}
			/>
			<FormField
				label="Shelf"
				type="number"
				inputMode="numeric"
				defaultValue={bin?.shelf ?? undefined}
				{...field("shelf")}
			/>
			<div className="flex flex-wrap gap-2 sm:col-span-2">
				<Button type="submit" pending={pending}>
					{submitLabel}
				</Button>
				{onCancel ? (
					<Button type="button" variant="outline" onClick={onCancel}>
						Cancel
					</Button>
				) : null}
			</div>
		</form>
	);
}
