import { useId, useState } from "react";
import { dollarsToCents } from "../../../../shared/money.ts";
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
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";

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
	const id = useId();
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
					className="grid gap-4"
					onSubmit={async (event) => {
						event.preventDefault();
						if (!valid || pending) return;
						await onRevise({
							revisedPriceCents: dollarsToCents(value),
							notes: notes.trim() || undefined,
						});
						setOpen(false);
					}}
				>
					<div className="grid gap-2">
						<Label htmlFor={`${id}-price`}>Revised Price</Label>
						<Input
							id={`${id}-price`}
							type="number"
							inputMode="decimal"
							min={0}
							step={0.01}
							value={price}
							onChange={(e) => setPrice(e.target.value)}
						/>
					</div>
					<div className="grid gap-2">
						<Label htmlFor={`${id}-notes`}>Notes</Label>
						<textarea
							id={`${id}-notes`}
							className="min-h-24 rounded-md border border-input bg-card px-3 py-2 text-sm"
							value={notes}
							onChange={(e) => setNotes(e.target.value)}
						/>
					</div>
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
