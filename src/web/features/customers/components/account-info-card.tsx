import {
	CUSTOMER_STATUSES,
	type CustomerDetail,
	SERVICE_TYPES,
} from "../../../../shared/customers.ts";
import { FormField } from "../../../components/form-field.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { Label } from "../../../components/ui/label.tsx";
import type { CustomerDraft, CustomerEditor } from "../customer-editor-api.ts";

const label = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function Choice<K extends "status" | "serviceType">({
	name,
	field,
	options,
	editor,
}: {
	name: string;
	field: K;
	options: readonly CustomerDraft[K][];
	editor: CustomerEditor;
}) {
	const id = `customer-${field}`;
	return (
		<div className="grid gap-2">
			<Label htmlFor={id}>{name}</Label>
			<select
				id={id}
				className="h-10 rounded-md border border-input bg-card px-3 text-sm"
				value={editor.draft?.[field]}
				onChange={(e) => editor.set(field, e.target.value as CustomerDraft[K])}
			>
				{options.map((o) => (
					<option key={o} value={o}>
						{label(o)}
					</option>
				))}
			</select>
		</div>
	);
}

/** Name, e-mail, phone, address, status and service type; editable in edit mode. */
export function AccountInfoCard({
	customer,
	editor,
}: {
	customer: CustomerDetail["customer"];
	editor: CustomerEditor;
}) {
	const { draft } = editor;
	const text = (key: "name" | "email" | "phone" | "address" | "city" | "state" | "zipCode") => ({
		...editor.field(key),
		value: draft?.[key] ?? "",
		onChange: (e: React.ChangeEvent<HTMLInputElement>) => editor.set(key, e.target.value),
	});
	const where = [customer.address, customer.city, customer.state, customer.zipCode]
		.filter(Boolean)
		.join(", ");
	return (
		<Card>
			<CardHeader>
				<CardTitle>Account Info</CardTitle>
			</CardHeader>
			<CardContent>
				{draft ? (
					<div className="grid gap-4 sm:grid-cols-2">
						<FormField label="Name" {...text("name")} />
						<FormField label="Email" type="email" {...text("email")} />
						<FormField label="Phone" type="tel" {...text("phone")} />
						<FormField label="Address" {...text("address")} />
						<FormField label="City" {...text("city")} />
						<div className="grid grid-cols-2 gap-3">
							<FormField label="State" {...text("state")} />
							<FormField label="ZIP Code" {...text("zipCode")} />
						</div>
						<Choice name="Status" field="status" options={CUSTOMER_STATUSES} editor={editor} />
						<Choice
							name="Service Type"
							field="serviceType"
							options={SERVICE_TYPES}
							editor={editor}
						/>
					</div>
				) : (
					<dl className="grid gap-3 text-sm sm:grid-cols-2">
						{[
							["Name", customer.name],
							["Email", customer.email],
							["Phone", customer.phone || "—"],
							["Address", where || "—"],
							["Status", label(customer.status)],
							["Service Type", label(customer.serviceType)],
						].map(([term, value]) => (
							<div key={term}>
								<dt className="text-muted-foreground">{term}</dt>
								<dd className="font-medium wrap-anywhere">{value}</dd>
							</div>
						))}
					</dl>
				)}
			</CardContent>
		</Card>
	);
}

/** The owner's notes about the property; editable only in edit mode. */
export function PropertyNotesCard({
	customer,
	editor,
}: {
	customer: CustomerDetail["customer"];
	editor: CustomerEditor;
}) {
	const notes = editor.field("notes");
	return (
		<Card>
			<CardHeader>
				<CardTitle>Property Notes</CardTitle>
			</CardHeader>
			<CardContent>
				{editor.draft ? (
					<>
						<textarea
							aria-label="Property notes"
							name={notes.name}
							maxLength={notes.maxLength}
							aria-invalid={notes.error ? true : undefined}
							aria-describedby={notes.error ? "property-notes-error" : undefined}
							rows={4}
							className="w-full rounded-md border border-input bg-card p-3 text-sm aria-invalid:border-destructive"
							value={editor.draft.notes}
							onChange={(e) => editor.set("notes", e.target.value)}
						/>
						{notes.error ? (
							<p id="property-notes-error" className="mt-2 text-sm text-destructive">
								{notes.error}
							</p>
						) : null}
					</>
				) : (
					<p className="whitespace-pre-wrap wrap-anywhere text-sm">
						{customer.notes || <span className="text-muted-foreground">No notes yet.</span>}
					</p>
				)}
			</CardContent>
		</Card>
	);
}
