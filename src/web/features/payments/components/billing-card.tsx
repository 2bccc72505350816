import { Receipt } from "lucide-react";
import { useState } from "react";
import type { CustomerDetail } from "../../../../shared/customers.ts";
import { formatDate } from "../../../../shared/dates.ts";
import { formatCents } from "../../../../shared/money.ts";
import { EmptyState } from "../../../components/shell/app-shell.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import {
	Dialog,
	DialogContent,
	DialogDescription,
	DialogFooter,
	DialogHeader,
	DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toast.ts";
import { useMarkBillPaid, useUndoMarkBillPaid } from "../api.ts";
import { BillsBySeason } from "./bills-by-season.tsx";

type Bill = CustomerDetail["bills"][number];

const BADGE = { pending: "warning", paid: "success", refunded: "default" } as const;

type InPerson = "cash" | "check";

const PAID_HOW: Record<InPerson, string> = { cash: "paid in cash", check: "paid by check" };

/** How long the toast offers Undo; the server takes an undo for two minutes. */
const UNDO_TOAST_MS = 10_000;

/**
 * Every bill of the customer; a pending one can be recorded as paid in cash or by check, after a
 * confirmation, and the toast offers to undo it for a few seconds.
 */
export function BillingCard({ detail }: { detail: CustomerDetail }) {
	const markPaid = useMarkBillPaid(detail.customer.id);
	const undoPaid = useUndoMarkBillPaid(detail.customer.id);
	const [confirming, setConfirming] = useState<{ bill: Bill; method: InPerson } | null>(null);
	const pay = ({ bill, method }: { bill: Bill; method: InPerson }) =>
		markPaid.mutate(
			{ billId: bill.id, method },
			{
				onSuccess: (res) => {
					setConfirming(null);
					toast.success(res.message, {
						description: `${bill.description}: ${formatCents(bill.amountCents)}, ${PAID_HOW[method]}`,
						duration: UNDO_TOAST_MS,
						action: {
							label: "Undo",
							onClick: () =>
								undoPaid.mutate(bill.id, {
									onSuccess: (undone) => toast.success(undone.message),
									onError: (error) => toast.error(errorMessage(error)),
								}),
						},
					});
				},
				onError: (error) => {
					setConfirming(null);
					toast.error(errorMessage(error));
				},
			},
		);
	return (
		<Card>
			<CardHeader>
				<CardTitle>Billing Status</CardTitle>
			</CardHeader>
			<CardContent>
				{detail.bills.length === 0 ? (
					<EmptyState icon={Receipt}>No bills yet</EmptyState>
				) : (
					<BillsBySeason
						bills={detail.bills}
						label="Bills"
						className="grid gap-3"
						row={(bill) => (
							<li key={bill.id} className="grid gap-2 rounded-md border p-3 text-sm">
								<div className="flex items-start justify-between gap-2">
									<div className="min-w-0">
										<p className="font-medium break-words">{bill.description}</p>
										<p className="text-muted-foreground">Due {formatDate(bill.dueDate)}</p>
									</div>
									<div className="shrink-0 text-right">
										<p className="font-semibold">{formatCents(bill.amountCents)}</p>
										<Badge variant={BADGE[bill.status]} className="whitespace-nowrap">
											{bill.status === "pending"
												? "Pending"
												: `${bill.status === "paid" ? "Paid" : "Refunded"}${bill.paymentMethod ? ` · ${bill.paymentMethod}` : ""}`}
										</Badge>
									</div>
								</div>
								{bill.status === "pending" ? (
									<div className="flex flex-wrap gap-2">
										<Button
											size="sm"
											variant="outline"
											disabled={markPaid.isPending}
											onClick={() => setConfirming({ bill, method: "cash" })}
										>
											Paid by cash
										</Button>
										<Button
											size="sm"
											variant="outline"
											disabled={markPaid.isPending}
											onClick={() => setConfirming({ bill, method: "check" })}
										>
											Paid by check
										</Button>
									</div>
								) : null}
							</li>
						)}
					/>
				)}
			</CardContent>
			{confirming ? (
				<Dialog open onOpenChange={(open) => !open && !markPaid.isPending && setConfirming(null)}>
					<DialogContent>
						<DialogHeader>
							<DialogTitle>
								Record a {confirming.method === "cash" ? "cash" : "check"} payment?
							</DialogTitle>
							<DialogDescription className="wrap-anywhere">
								{confirming.bill.description}: {formatCents(confirming.bill.amountCents)},{" "}
								{PAID_HOW[confirming.method]}. The customer sees the bill as paid.
							</DialogDescription>
						</DialogHeader>
						<DialogFooter>
							<Button
								type="button"
								variant="outline"
								disabled={markPaid.isPending}
								onClick={() => setConfirming(null)}
							>
								Cancel
							</Button>
							<Button type="button" pending={markPaid.isPending} onClick={() => pay(confirming)}>
								Record Payment
							</Button>
						</DialogFooter>
					</DialogContent>
				</Dialog>
			) : null}
		</Card>
	);
}
