import { Printer, ReceiptText } from "lucide-react";
import { useState } from "react";
import { BUSINESS_TIME_ZONE, dateFormat } from "../../../../shared/dates.ts";
import { formatCents } from "../../../../shared/money.ts";
import type { Receipt } from "../../../../shared/payments.ts";
import { EmailText, PhoneText } from "../../../components/contact-text.tsx";
import { LoadingState } from "../../../components/shell/app-shell.tsx";
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
import { errorMessage } from "../../../lib/api-client.ts";
import { useReceipt } from "../api.ts";
import { methodLabel } from "../payment-method.ts";

/** "Dec 3, 2025, 4:05 PM" in the business's time zone. */
function formatInstant(iso: string): string {
	return dateFormat({
		dateStyle: "medium",
		timeStyle: "short",
		timeZone: BUSINESS_TIME_ZONE,
	}).format(new Date(iso));
}

/** A paid bill's Receipt button and its printable receipt. */
export function ReceiptDialog({ billId, description }: { billId: string; description: string }) {
	const [open, setOpen] = useState(false);
	const receipt = useReceipt(billId, open);
	return (
		<Dialog open={open} onOpenChange={setOpen}>
			<DialogTrigger asChild>
				<Button size="sm" variant="outline" aria-label={`Receipt for ${description}`}>
					<ReceiptText aria-hidden />
					Receipt
				</Button>
			</DialogTrigger>
			<DialogContent className="receipt-print">
				<DialogHeader>
					<DialogTitle>Receipt</DialogTitle>
					<DialogDescription>{description}</DialogDescription>
				</DialogHeader>
				{receipt.isPending ? (
					<LoadingState label="Loading receipt..." />
				) : receipt.isError ? (
					<p role="alert" className="text-sm text-destructive">
						Failed to load the receipt: {errorMessage(receipt.error)}
					</p>
				) : (
					<ReceiptBody receipt={receipt.data} />
				)}
				<DialogFooter className="print:hidden">
					<Button variant="outline" onClick={() => setOpen(false)}>
						Close
					</Button>
					<Button onClick={() => window.print()} disabled={!receipt.data}>
						<Printer aria-hidden />
						Print
					</Button>
				</DialogFooter>
			</DialogContent>
		</Dialog>
	);
}

function ReceiptBody({ receipt }: { receipt: Receipt }) {
	const net = receipt.amountCents - receipt.refundedCents;
	const rows: [string, string][] = [
		["Receipt number", receipt.receiptNumber],
		["Customer", receipt.customerName],
		["Description", receipt.description],
		["Date paid", formatInstant(receipt.paidAt)],
		["Payment method", methodLabel(receipt.method, receipt)],
		["Amount paid", formatCents(receipt.amountCents)],
	];
	if (receipt.refundedCents > 0) {
		rows.push(["Refunded", `-${formatCents(receipt.refundedCents)}`]);
		rows.push(["Net paid", formatCents(net)]);
	}
	return (
		<div className="grid gap-4 text-sm" data-testid="receipt">
			<div className="rounded-md bg-muted/60 p-3">
				<p className="font-semibold wrap-anywhere">{receipt.business.name}</p>
				<p className="text-muted-foreground">
					<PhoneText phone={receipt.business.phone} />
				</p>
				<p className="text-muted-foreground">
					<EmailText email={receipt.business.email} />
				</p>
			</div>
			<dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2">
				{rows.map(([term, value]) => (
					<div key={term} className="contents">
						<dt className="text-muted-foreground">{term}</dt>
						<dd className="text-right font-medium wrap-anywhere">{value}</dd>
					</div>
				))}
			</dl>
			{receipt.provider === "test" ? (
				<p className="text-xs text-muted-foreground">
					Paid in test mode: no real card was charged.
				</p>
			) : null}
		</div>
	);
}
