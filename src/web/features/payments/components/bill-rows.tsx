import { CreditCard } from "lucide-react";
import type { Bill } from "../../../../shared/bills.ts";
import { businessDate, formatDate } from "../../../../shared/dates.ts";
import { formatCents } from "../../../../shared/money.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { methodLabel } from "../payment-method.ts";
import { ReceiptDialog } from "./receipt-dialog.tsx";

/** A calendar day ("2025-12-24") or an instant, as the business's calendar day. */
export const dayOf = (value: string) =>
	/^\d{4}-\d{2}-\d{2}$/.test(value) ? value : businessDate(new Date(value));

/** A bill still to pay: what it is for, how much, when it is due (or that it is overdue), Pay. */
export function OutstandingBillRow({
	bill,
	onPay,
	pending,
	disabled,
}: {
	bill: Bill;
	onPay: () => void;
	pending: boolean;
	disabled: boolean;
}) {
	const overdue = bill.dueDate < businessDate();
	return (
		<li className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3" data-testid="outstanding-bill">
			<div className="min-w-0 flex-1 basis-48">
				<p className="font-medium wrap-anywhere">{bill.description}</p>
				<p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
					<span>Due {formatDate(bill.dueDate)}</span>
					{overdue ? <Badge variant="danger">Overdue</Badge> : null}
				</p>
			</div>
			<div className="ml-auto flex items-center gap-3">
				<span className="font-semibold tabular-nums">{formatCents(bill.amountCents)}</span>
				<Button
					size="sm"
					onClick={onPay}
					pending={pending}
					disabled={disabled}
					aria-label={`Pay ${formatCents(bill.amountCents)} for ${bill.description}`}
				>
					{pending ? null : <CreditCard aria-hidden />}
					Pay
				</Button>
			</div>
		</li>
	);
}

/** A settled bill: when and how it was paid, what was refunded, and its receipt. */
export function PaidBillRow({ bill }: { bill: Bill }) {
	const refunded = bill.status === "refunded";
	const method = methodLabel(bill.paymentMethod, bill);
	return (
		<li className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3" data-testid="paid-bill">
			<div className="min-w-0 flex-1 basis-48">
				<p className="font-medium wrap-anywhere">{bill.description}</p>
				<p className="text-sm text-muted-foreground">
					{bill.paidAt ? `Paid ${formatDate(dayOf(bill.paidAt))}` : "Paid"}
					{method ? ` · ${method}` : ""}
				</p>
				{bill.refundedCents > 0 ? (
					<p className="text-sm text-muted-foreground">
						Refunded {formatCents(bill.refundedCents)}
					</p>
				) : null}
			</div>
			<div className="ml-auto flex items-center gap-3">
				<span className="font-semibold tabular-nums">{formatCents(bill.amountCents)}</span>
				<Badge variant={refunded ? "default" : "success"}>{refunded ? "Refunded" : "Paid"}</Badge>
				<ReceiptDialog billId={bill.id} description={bill.description} />
			</div>
		</li>
	);
}
