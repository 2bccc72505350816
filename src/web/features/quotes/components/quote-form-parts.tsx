import { AlertCircle } from "lucide-react";
import type * as React from "react";
import { useId } from "react";
import { MAX_QUOTE_PHOTOS, QUOTE_FORM_MESSAGES } from "../../../../shared/quote-form.ts";
import { FormField, TextareaField } from "../../../components/form-field.tsx";
import { PhotoPicker } from "../../../components/photo-picker.tsx";
import { Button } from "../../../components/ui/button.tsx";
import type { FieldProps as ZodFieldProps } from "../../../lib/use-zod-form.ts";
import { ServicePicker } from "./service-picker.tsx";

/** Pieces shared by the public and the customer quote forms. */

/** A field's name, message and limits: the form's `useZodForm().field`. */
type FieldProps = (name: string) => ZodFieldProps;

export function FormSection({
	step,
	title,
	description,
	children,
}: {
	step: number;
	title: string;
	description?: string;
	children: React.ReactNode;
}) {
	const id = useId();
	return (
		<section aria-labelledby={id} className="rounded-2xl border bg-card p-5 shadow-sm sm:p-6">
			<div className="mb-5 flex items-start gap-3">
				<span
					aria-hidden
					className="flex size-8 shrink-0 items-center justify-center rounded-full bg-secondary text-sm font-bold text-secondary-foreground"
				>
					{step}
				</span>
				<div>
					<h2 id={id} className="text-lg font-semibold leading-8">
						{title}
					</h2>
					{description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
				</div>
			</div>
			{children}
		</section>
	);
}

export function NotesField({
	value,
	onChange,
	field,
}: {
	value: string;
	onChange: (event: React.ChangeEvent<HTMLTextAreaElement>) => void;
	field: FieldProps;
}) {
	return (
		<TextareaField
			{...field("notes")}
			label="Additional Notes"
			rows={4}
			value={value}
			onChange={onChange}
			placeholder="Colors you like, areas to decorate, gate codes, or anything else we should know."
		/>
	);
}

/** The catalogue while it loads, when it failed (with a retry), then the service cards. */
export function ServiceChoices({
	state,
	onRetry,
	...picker
}: {
	state: "pending" | "error" | "success";
	onRetry: () => void;
} & React.ComponentProps<typeof ServicePicker>) {
	if (state === "pending")
		return (
			<ul className="grid gap-3 sm:grid-cols-2" aria-busy="true" aria-label="Loading services">
				{[0, 1, 2, 3].map((i) => (
					<li key={i} className="h-28 animate-pulse rounded-xl bg-muted" />
				))}
			</ul>
		);
	if (state === "error")
		return (
			<div
				role="alert"
				className="flex flex-col items-start gap-3 rounded-xl border border-destructive/30 bg-destructive/5 p-4 text-sm"
			>
				<p className="flex items-center gap-2 font-medium text-destructive">
					<AlertCircle className="size-4" aria-hidden />
					{QUOTE_FORM_MESSAGES.loadServicesFailed}
				</p>
				<Button type="button" variant="outline" size="sm" onClick={onRetry}>
					Try Again
				</Button>
			</div>
		);
	return <ServicePicker {...picker} />;
}

type PropertyKey = "address" | "city" | "state" | "zipCode";

/** Street address (required), city, state and ZIP of the property to light. */
export function PropertyFields({
	values,
	onChange,
	field,
}: {
	values: Record<PropertyKey, string>;
	onChange: (key: PropertyKey) => (event: React.ChangeEvent<HTMLInputElement>) => void;
	field: FieldProps;
}) {
	return (
		<div className="grid gap-4 sm:grid-cols-6">
			<FormField
				{...field("address")}
				label="Street Address"
				requiredMark
				autoComplete="street-address"
				value={values.address}
				onChange={onChange("address")}
				wrapperClassName="sm:col-span-6"
			/>
			<FormField
				{...field("city")}
				label="City"
				autoComplete="address-level2"
				value={values.city}
				onChange={onChange("city")}
				wrapperClassName="sm:col-span-3"
			/>
			<FormField
				{...field("state")}
				label="State"
				autoComplete="address-level1"
				value={values.state}
				onChange={onChange("state")}
				wrapperClassName="sm:col-span-1"
			/>
			<FormField
				{...field("zipCode")}
				label="ZIP Code"
				autoComplete="postal-code"
				inputMode="numeric"
				value={values.zipCode}
				onChange={onChange("zipCode")}
				wrapperClassName="sm:col-span-2"
			/>
		</div>
	);
}

/** The optional photos and notes sections, numbered from `step`. */
export function PhotosAndNotes({
	step,
	photos,
	onPhotosChange,
	notes,
	onNotesChange,
	photosLocked,
	field,
}: {
	step: number;
	photos: File[];
	onPhotosChange: (next: File[]) => void;
	notes: string;
	onNotesChange: (event: React.ChangeEvent<HTMLTextAreaElement>) => void;
	/** Shown in place of the photo picker when photos cannot be sent yet (and why). */
	photosLocked?: React.ReactNode;
	field: FieldProps;
}) {
	return (
		<>
			<FormSection
				step={step}
				title="Property Photos"
				description="Optional: photos of the front of your home help us quote accurately."
			>
				{photosLocked ?? (
					<PhotoPicker photos={photos} onChange={onPhotosChange} max={MAX_QUOTE_PHOTOS} />
				)}
			</FormSection>
			<FormSection step={step + 1} title="Additional Notes">
				<NotesField value={notes} onChange={onNotesChange} field={field} />
			</FormSection>
		</>
	);
}
