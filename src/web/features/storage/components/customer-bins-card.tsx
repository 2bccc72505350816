import { Package, Printer } from "lucide-react";
import { Link } from "react-router";
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
import { lazySchema, useZodForm } from "../../../lib/use-zod-form.ts";
import { useAddBin, useCustomerBins, useStorageLocations } from "../api.ts";
import { showError } from "../show-error.ts";
import { BinStateBadge, placeOf } from "./bin-page.tsx";

const binInputSchema = lazySchema(() => import("../../../../shared/storage.ts"), "binInputSchema");

/** The customer page's Storage: their bins, Add Bin, and Print Labels. */
export function CustomerBinsCard({ customerId }: { customerId: string }) {
	const bins = useCustomerBins(customerId);
	const locations = useStorageLocations();
	const add = useAddBin(customerId);
	const { form, field, validate, setErrors } = useZodForm(binInputSchema);
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
							<li key={b.id} className="grid gap-1 p-3">
								<div className="flex flex-wrap items-center gap-2">
									<Link
										to={`/bins/${b.code}`}
										className="font-mono font-semibold text-primary hover:underline"
									>
										{b.code}
									</Link>
									<BinStateBadge state={b.state} />
									<span className="text-sm text-muted-foreground">
										{placeOf(b) ?? "No location"}
									</span>
								</div>
								<p className="break-words text-sm">{b.contents}</p>
							</li>
						))}
					</ul>
				)}
				<form
					{...form}
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
						add.mutate(parsed.data, {
							onSuccess: (bin) => {
								toast.success(`${bin.code} added`);
								target.reset();
							},
							onError: showError(setErrors),
						});
					}}
				>
					<TextareaField
						label="What it holds"
						placeholder="House outline C9, 180 ft; 2 wreaths"
						rows={2}
						wrapperClassName="sm:col-span-2"
						{...field("contents")}
					/>
					<SelectField
						label="Location"
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
					<FormField label="Shelf" type="number" inputMode="numeric" {...field("shelf")} />
					<Button type="submit" className="justify-self-start" pending={add.isPending}>
						Add Bin
					</Button>
				</form>
			</CardContent>
		</Card>
	);
}
