import type * as React from "react";
import { useId } from "react";
import { cn } from "../lib/utils.ts";
import { Input } from "./ui/input.tsx";
import { Label } from "./ui/label.tsx";
import { Textarea } from "./ui/textarea.tsx";

type FrameProps = {
	label: string;
	hint?: React.ReactNode;
	error?: string | null;
	/** A star after the label (hidden from screen readers, which announce `required`). */
	requiredMark?: boolean;
	/** Classes of the block around label, field and messages. */
	wrapperClassName?: string;
};

/**
 * The label, then the field (rendered by `control` with its id and descriptions), its hint and its
 * `error`, which marks the field invalid and describes it.
 */
function FieldFrame({
	label,
	hint,
	error,
	requiredMark,
	wrapperClassName,
	control,
}: FrameProps & { control: (aria: React.ComponentProps<"input">) => React.ReactNode }) {
	const id = useId();
	const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null]
		.filter(Boolean)
		.join(" ");
	return (
		<div className={cn("grid content-start gap-2", wrapperClassName)}>
			<Label htmlFor={id}>
				{label}
				{requiredMark ? (
					<span className="ml-0.5 text-primary" aria-hidden>
						*
					</span>
				) : null}
			</Label>
			{control({
				id,
				"aria-describedby": describedBy || undefined,
				"aria-invalid": error ? true : undefined,
			})}
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

/**
 * A labelled input: the label text is the field's name, as people and tests look for it. `error`
 * shows under the field, which is marked invalid and described by it.
 */
export function FormField({
	label,
	hint,
	error,
	requiredMark,
	wrapperClassName,
	...props
}: FrameProps & React.ComponentProps<typeof Input>) {
	return (
		<FieldFrame
			{...{ label, hint, error, requiredMark, wrapperClassName }}
			control={(aria) => <Input {...aria} {...props} />}
		/>
	);
}

/** A labelled multi-line text box. */
export function TextareaField({
	label,
	hint,
	error,
	requiredMark,
	wrapperClassName,
	...props
}: FrameProps & React.ComponentProps<typeof Textarea>) {
	return (
		<FieldFrame
			{...{ label, hint, error, requiredMark, wrapperClassName }}
			control={(aria) => (
				<Textarea
					id={aria.id}
					aria-describedby={aria["aria-describedby"]}
					aria-invalid={aria["aria-invalid"]}
					{...props}
				/>
			)}
		/>
	);
}

/** A labelled drop-down of `options` (value and label), framed as the other fields. */
export function SelectField({
	label,
	hint,
	error,
	requiredMark,
	wrapperClassName,
	options,
	className,
	// `maxLength` and `min`/`max` from a schema mean nothing to a drop-down.
	maxLength: _maxLength,
	min: _min,
	max: _max,
	...props
}: FrameProps &
	React.ComponentProps<"select"> & {
		options: readonly { value: string; label: string }[];
		maxLength?: number;
		min?: number;
		max?: number;
	}) {
	return (
		<FieldFrame
			{...{ label, hint, error, requiredMark, wrapperClassName }}
			control={(aria) => (
				<select
					id={aria.id}
					aria-describedby={aria["aria-describedby"]}
					aria-invalid={aria["aria-invalid"]}
					className={cn(
						"flex h-11 w-full rounded-md border border-input bg-card px-3 py-2 text-base shadow-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-60 aria-invalid:border-destructive sm:text-sm",
						className,
					)}
					{...props}
				>
					{options.map((o) => (
						<option key={o.value} value={o.value}>
							{o.label}
						</option>
					))}
				</select>
			)}
		/>
	);
}

/** The form's fields as plain strings. */
export function formValues(form: HTMLFormElement): Record<string, string> {
	return Object.fromEntries(
		[...new FormData(form).entries()].map(([k, v]) => [k, typeof v === "string" ? v : ""]),
	);
}
