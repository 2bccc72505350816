import { Pencil } from "lucide-react";
import { useState } from "react";
import type { PropertySpecs } from "../../../../shared/crew.ts";
import { FormField, formValues, TextareaField } from "../../../components/form-field.tsx";
import { Button } from "../../../components/ui/button.tsx";
import {
	Card,
	CardContent,
	CardDescription,
	CardHeader,
	CardTitle,
} from "../../../components/ui/card.tsx";
import { errorMessage, fieldErrorsOf } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toast.ts";
import { lazySchema, useZodForm } from "../../../lib/use-zod-form.ts";
import { usePropertySpecs, useSavePropertySpecs } from "../api.ts";

const propertySpecsInputSchema = lazySchema(
	() => import("../../../../shared/crew.ts"),
	"propertySpecsInputSchema",
);

const NUMBERS = [
	["rooflineFeet", "Roofline (ft)"],
	["treesSmall", "Small trees"],
	["treesMedium", "Medium trees"],
	["treesLarge", "Large trees"],
] as const;
const TEXTS = [
	["outletLocations", "Outlet locations"],
	["timerLocation", "Timer location"],
	["gateCode", "Gate code"],
	["ladderNeeds", "Ladder needs"],
	["pets", "Pets"],
] as const;

const toNumber = (v: string | undefined) => {
	const t = v?.trim();
	if (!t) return null;
	const n = Number(t);
	return Number.isFinite(n) ? n : (t as unknown as number);
};

/**
 * The house's specs on the customer page: what the crews need on the day (roofline, trees,
 * outlets, timer, gate code, ladder, pets), kept from year to year, and the crews' notes.
 */
export function PropertySpecsCard({ customerId }: { customerId: string }) {
	const specs = usePropertySpecs(customerId);
	const save = useSavePropertySpecs(customerId);
	const [editing, setEditing] = useState(false);
	const { form, field, validate, setErrors } = useZodForm(propertySpecsInputSchema);
	return (
		<Card>
			<CardHeader className="flex-row items-start justify-between gap-2">
				<div>
					<CardTitle>House Specs</CardTitle>
					<CardDescription>What the crews need on the day; kept from year to year.</CardDescription>
				</div>
				{!editing && specs.data ? (
					<Button variant="outline" size="sm" onClick={() => setEditing(true)}>
						<Pencil aria-hidden /> Edit Specs
					</Button>
				) : null}
			</CardHeader>
			<CardContent>
				{specs.isPending ? (
					<p className="text-sm text-muted-foreground" role="status">
						Loading specs…
					</p>
				) : specs.isError ? (
					<p className="text-sm text-destructive" role="alert">
						Failed to load the specs: {errorMessage(specs.error)}
					</p>
				) : editing ? (
					<form
						{...form}
						className="grid gap-3 sm:grid-cols-2"
						onSubmit={async (event) => {
							event.preventDefault();
							const v = formValues(event.currentTarget);
							const parsed = await validate(propertySpecsInputSchema, {
								...Object.fromEntries(NUMBERS.map(([k]) => [k, toNumber(v[k])])),
								...Object.fromEntries(TEXTS.map(([k]) => [k, v[k] ?? ""])),
								notes: v.notes ?? "",
							});
							if (!parsed.success) return;
							save.mutate(parsed.data, {
								onSuccess: () => {
									toast.success("Specs saved");
									setEditing(false);
								},
								onError: (error) => {
									const fields = fieldErrorsOf(error);
									if (Object.keys(fields).length > 0) setErrors(fields);
									else toast.error(errorMessage(error));
								},
							});
						}}
					>
						{NUMBERS.map(([key, label]) => (
							<FormField
								key={key}
								label={label}
								{...field(key)}
								type="number"
								inputMode="numeric"
								defaultValue={specs.data[key] ?? ""}
							/>
						))}
						{TEXTS.map(([key, label]) => (
							<FormField
								key={key}
								label={label}
								{...field(key)}
								autoComplete="off"
								defaultValue={specs.data[key] ?? ""}
								hint={
									key === "gateCode"
										? "For the owner and the crews only: never sent to the customer."
										: undefined
								}
							/>
						))}
						<TextareaField
							label="Notes"
							{...field("notes")}
							wrapperClassName="sm:col-span-2"
							defaultValue={specs.data.notes ?? ""}
							rows={3}
						/>
						<div className="flex gap-2 sm:col-span-2">
							<Button type="submit" pending={save.isPending}>
								Save Specs
							</Button>
							<Button type="button" variant="ghost" onClick={() => setEditing(false)}>
								Cancel
							</Button>
						</div>
					</form>
				) : (
					<SpecsView specs={specs.data} />
				)}
			</CardContent>
		</Card>
	);
}

function SpecsView({ specs }: { specs: PropertySpecs }) {
	const rows = [
		...NUMBERS.map(([key, label]) => [label, specs[key]] as const),
		...TEXTS.map(([key, label]) => [label, specs[key]] as const),
		["Notes", specs.notes] as const,
	].filter(([, v]) => v !== null && v !== "");
	return (
		<div className="grid gap-3 text-sm">
			{rows.length === 0 ? (
				<p className="text-muted-foreground">No specs yet. Edit Specs to add them.</p>
			) : (
				<dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
					{rows.map(([label, value]) => (
						<div key={label} className="contents">
							<dt className="text-muted-foreground">{label}</dt>
							<dd className="whitespace-pre-line">{String(value)}</dd>
						</div>
					))}
				</dl>
			)}
			{specs.crewNotes.length > 0 ? (
				<div>
					<p className="mb-1 font-medium">Crew notes</p>
					<ul className="grid gap-1">
						{specs.crewNotes.map((n) => (
							<li key={n.id}>
								<span className="font-medium">{n.authorName}:</span> {n.body}
							</li>
						))}
					</ul>
				</div>
			) : null}
		</div>
	);
}
