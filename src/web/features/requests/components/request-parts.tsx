import { useId } from "react";
import { dateFormat } from "../../../../shared/dates.ts";
import {
	COLOR_SCHEMES,
	type ColorScheme,
	REQUEST_PRIORITIES,
	REQUEST_STATUS_LABELS,
	REQUEST_TYPE_LABELS,
	type RequestPriority,
	type RequestStatus,
	type RequestType,
} from "../../../../shared/requests.ts";
import type { RequestView } from "../../../../shared/service-requests.ts";
import { FormField, TextareaField } from "../../../components/form-field.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { RadioGroup, RadioGroupItem } from "../../../components/ui/radio-group.tsx";
import type { FieldProps } from "../../../lib/use-zod-form.ts";
import type { useRequestFields } from "../request-fields-api.ts";

/**
 * The fields `useRequestFields` keeps: the scheme for Change Colors, the details, the priority;
 * `field` (the form's `useZodForm`) gives each its name, limit and message.
 */
export function RequestFields({
	type,
	fields,
	field,
	detailsLabel,
	rows,
}: {
	type: RequestType;
	fields: ReturnType<typeof useRequestFields>;
	field: (name: string) => FieldProps;
	detailsLabel: string;
	rows: number;
}) {
	return (
		<>
			{type === "ChangeColor" ? (
				<ColorSchemeField
					scheme={fields.scheme}
					custom={fields.custom}
					onSchemeChange={fields.setScheme}
					onCustomChange={fields.setCustom}
					error={field("colorScheme").error}
					customField={field("customColors")}
				/>
			) : null}
			<TextareaField
				label={detailsLabel}
				{...field("details")}
				value={fields.details}
				rows={rows}
				onChange={(e) => fields.setDetails(e.target.value)}
			/>
			<PriorityField value={fields.priority} onChange={fields.setPriority} />
		</>
	);
}

const statusVariant = {
	open: "info",
	in_progress: "warning",
	resolved: "success",
	cancelled: "default",
} as const satisfies Record<RequestStatus, string>;

/** Open, In Progress, Resolved or Cancelled. */
export function RequestStatusBadge({ status }: { status: RequestStatus }) {
	return <Badge variant={statusVariant[status]}>{REQUEST_STATUS_LABELS[status]}</Badge>;
}

export function PriorityBadge({ priority }: { priority: RequestPriority }) {
	return priority === "Urgent" ? (
		<Badge variant="danger">Urgent</Badge>
	) : (
		<Badge variant="default">Normal</Badge>
	);
}

export const requestTypeLabel = (r: Pick<RequestView, "requestType">) =>
	REQUEST_TYPE_LABELS[r.requestType];

/** "Red & White", or "Custom: blue and silver". */
export function colorText(r: Pick<RequestView, "colorScheme" | "customColors">) {
	if (!r.colorScheme) return null;
	return r.customColors ? `${r.colorScheme}: ${r.customColors}` : r.colorScheme;
}

export const formatDateTime = (iso: string) =>
	dateFormat({
		month: "short",
		day: "numeric",
		year: "numeric",
		hour: "numeric",
		minute: "2-digit",
	}).format(new Date(iso));

/** "just now", "5 min ago", "3 h ago", "2 days ago". */
export function age(iso: string, now = Date.now()) {
	const minutes = Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));
	if (minutes < 1) return "just now";
	if (minutes < 60) return `${minutes} min ago`;
	const hours = Math.floor(minutes / 60);
	if (hours < 24) return `${hours} h ago`;
	const days = Math.floor(hours / 24);
	return `${days} ${days === 1 ? "day" : "days"} ago`;
}

/** The request's photos, each opening full size in a new tab. */
export function RequestPhotos({
	ids,
	size = "sm",
}: {
	ids: readonly string[];
	size?: "sm" | "lg";
}) {
	if (ids.length === 0) return null;
	return (
		<ul
			className={size === "lg" ? "grid grid-cols-2 gap-2 sm:grid-cols-3" : "flex flex-wrap gap-2"}
			aria-label="Photos"
		>
			{ids.map((id, index) => (
				<li key={id}>
					<a href={`/api/files/${id}`} target="_blank" rel="noreferrer">
						<img
							src={`/api/files/${id}`}
							alt={`Attached ${index + 1} of ${ids.length}`}
							loading="lazy"
							className={
								size === "lg"
									? "aspect-square w-full rounded-md border object-cover"
									: "size-16 rounded-md border object-cover"
							}
						/>
					</a>
				</li>
			))}
		</ul>
	);
}

/** Normal or Urgent. */
function PriorityField({
	value,
	onChange,
}: {
	value: RequestPriority;
	onChange: (value: RequestPriority) => void;
}) {
	const id = useId();
	return (
		<fieldset className="grid gap-2">
			<legend className="mb-2 text-sm font-medium">Priority</legend>
			<RadioGroup
				value={value}
				onValueChange={(v) => onChange(v as RequestPriority)}
				className="flex gap-6"
			>
				{REQUEST_PRIORITIES.map((p) => (
					<div key={p} className="flex items-center gap-2">
						<RadioGroupItem id={`${id}-${p}`} value={p} />
						<Label htmlFor={`${id}-${p}`}>{p}</Label>
					</div>
				))}
			</RadioGroup>
		</fieldset>
	);
}

/** The colour schemes; Custom asks what the customer wants. */
function ColorSchemeField({
	scheme,
	custom,
	onSchemeChange,
	onCustomChange,
	error,
	customField,
}: {
	scheme: ColorScheme | null;
	custom: string;
	onSchemeChange: (value: ColorScheme) => void;
	onCustomChange: (value: string) => void;
	error: string | null;
	customField: FieldProps;
}) {
	const id = useId();
	return (
		<fieldset className="grid gap-2">
			<legend className="mb-2 text-sm font-medium">Color Scheme</legend>
			<RadioGroup
				aria-invalid={error ? true : undefined}
				aria-describedby={error ? `${id}-error` : undefined}
				value={scheme ?? ""}
				onValueChange={(v) => onSchemeChange(v as ColorScheme)}
				className="grid grid-cols-1 gap-2 sm:grid-cols-2"
			>
				{COLOR_SCHEMES.map((s) => (
					<div
						key={s}
						className="flex items-center gap-3 rounded-md border bg-card px-3 py-2.5 has-[[data-state=checked]]:border-primary"
					>
						<RadioGroupItem id={`${id}-${s}`} value={s} />
						<Label htmlFor={`${id}-${s}`} className="flex-1 cursor-pointer">
							{s}
						</Label>
					</div>
				))}
			</RadioGroup>
			{error ? (
				<p id={`${id}-error`} className="text-sm text-destructive">
					{error}
				</p>
			) : null}
			{scheme === "Custom" ? (
				<div className="mt-2">
					<FormField
						label="What colors would you like?"
						{...customField}
						value={custom}
						placeholder="e.g. blue and silver, alternating"
						onChange={(e) => onCustomChange(e.target.value)}
					/>
				</div>
			) : null}
		</fieldset>
	);
}
