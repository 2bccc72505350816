import { useState } from "react";
import { dollarsToCents } from "../../../../shared/money.ts";
import { FormField, TextareaField } from "../../../components/form-field.tsx";
import { Button } from "../../../components/ui/button.tsx";
import {
	Dialog,
	DialogContent,
	DialogDescription,
	DialogFooter,
	DialogHeader,
	DialogTitle,
	DialogTrigger,
} from "../../../components/ui/dialog.tsx";
import { lazySchema, useZodForm } from "../../../lib/use-zod-form.ts";

const reviseQuoteSchema = lazySchema(
	() => import("../../../../shared/quotes.ts"),
	"reviseQuoteSchema",
);

/**
 * Revised price (required) and notes for the customer; send stays disabled without a price. A
 * website request's visitor has no account: they are e-mailed, and the owner follows up.
 */
export function ReviseQuoteDialog({
	pending,
	website = false,
	onRevise,
}: {
	pending: boolean;
	website?: boolean;
	onRevise: (revision: { revisedPriceCents: number; notes?: string }) => Promise<unknown>;
}) {
	const [open, setOpen] = useState(false);
	const [price, setPrice] = useState("");
	const [notes, setNotes] = useState("");
	const { form, field, validate } = useZodForm(reviseQuoteSchema);
	const value = Number(price);
	const valid = price.trim() !== "" && Number.isFinite(value) && value >= 0;
	return (
		<Dialog open={open} onOpenChange={setOpen}>
			<DialogTrigger asChild>
				<Button variant="outline">Revise</Button>
			</DialogTrigger>
			<DialogContent>
				<DialogHeader>
					<DialogTitle>Revise quote</DialogTitle>
					<DialogDescription>
						{website
							? "This request came from the website: the visitor has no account to accept it in. We e-mail them the new price, your notes and your contact details; follow up with them to confirm it, then approve it and create their account."
							: "The customer sees the new price and your notes, and can accept or decline."}
					</DialogDescription>
				</DialogHeader>
				<form
					{...form}
					className="grid gap-4"
					onSubmit={async (event) => {
						event.preventDefault();
						if (!valid || pending) return;
						const parsed = await validate(reviseQuoteSchema, {
							revisedPriceCents: dollarsToCents(value),
							notes: notes.trim() || undefined,
						});
						if (!parsed.success) return;
						await onRevise(parsed.data);
						setOpen(false);
					}}
				>
					{/* Typed in dollars, checked in cents: only the minimum (0) reads the same in both. */}
					<FormField
						label="Revised Price"
						{...field("revisedPriceCents")}
						max={undefined}
						type="number"
						inputMode="decimal"
						step={0.01}
						value={price}
						onChange={(e) => setPrice(e.target.value)}
					/>
					<TextareaField
						label="Notes"
						{...field("notes")}
						className="min-h-24"
						value={notes}
						onChange={(e) => setNotes(e.target.value)}
					/>
					<DialogFooter>
						<Button type="submit" disabled={!valid} pending={pending}>
							{website ? "Send by E-mail" : "Send to Customer"}
						</Button>
					</DialogFooter>
				</form>
			</DialogContent>
		</Dialog>
	);
}
