import type * as React from "react";
import { useId } from "react";
import { Input } from "./ui/input.tsx";
import { Label } from "./ui/label.tsx";
import { Textarea } from "./ui/textarea.tsx";

/**
 * A labelled input: the label text is the field's name, as people and tests look for it. `error`
 * shows under the field, which is marked invalid and described by it.
 */
export function FormField({
	label,
	hint,
	error,
	...props
}: { label: string; hint?: React.ReactNode; error?: string | null } & React.ComponentProps<
	typeof Input
>) {
	const id = useId();
	const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null]
		.filter(Boolean)
		.join(" ");
	return (
		<div className="grid gap-2">
			<Label htmlFor={id}>{label}</Label>
			<Input
				id={id}
				aria-describedby={describedBy || undefined}
				aria-invalid={error ? true : undefined}
				{...props}
			/>
			{hint ? (
				<p id={`${id}-hint`} className="text-xs text-muted-foreground">
					{hint}
				</p>
			) : null}
			{error ? (
				<p id={`${id}-error`} className="text-sm text-destructive">
					{error}
				</p>
			) : null}
		</div>
	);
}

/** A labelled multi-line text box. */
export function TextareaField({
	label,
	hint,
	error,
	...props
}: { label: string; hint?: React.ReactNode; error?: string | null } & React.ComponentProps<
	typeof Textarea
>) {
	const id = useId();
	const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null]
		.filter(Boolean)
		.join(" ");
	return (
		<div className="grid gap-2">
			<Label htmlFor={id}>{label}</Label>
			<Textarea
				id={id}
				aria-describedby={describedBy || undefined}
				aria-invalid={error ? true : undefined}
				{...props}
			/>
			{hint ? (
				<p id={`${id}-hint`} className="text-xs text-muted-foreground">
					{hint}
				</p>
			) : null}
			{error ? (
				<p id={`${id}-error`} className="text-sm text-destructive">
					{error}
				</p>
			) : null}
		</div>
	);
}

/** The form's fields as plain strings. */
export function formValues(form: HTMLFormElement): Record<string, string> {
	return Object.fromEntries(
		[...new FormData(form).entries()].map(([k, v]) => [k, typeof v === "string" ? v : ""]),
	);
}
