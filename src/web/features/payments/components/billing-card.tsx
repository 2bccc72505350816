import { Receipt } from "lucide-react";
import { toast } from "sonner";
import type { CustomerDetail } from "../../../../shared/customers.ts";
import { formatDate } from "../../../../shared/dates.ts";
import { formatCents } from "../../../../shared/money.ts";
import { EmptyState } from "../../../components/shell/app-shell.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { useMarkBillPaid } from "../api.ts";

const BADGE = { pending: "warning", paid: "success", refunded: "default" } as const;

/** Every bill of the customer; a pending one can be recorded as paid in cash or by check. */
export function BillingCard({ detail }: { detail: CustomerDetail }) {
	const markPaid = useMarkBillPaid(detail.customer.id);
	const pay = (billId: string, method: "cash" | "check") =>
		markPaid.mutate(
			{ billId, method },
			{
				onSuccess: (res) => toast.success(res.message),
				onError: (error) => toast.error(errorMessage(error)),
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
					<ul className="grid gap-3">
						{detail.bills.map((bill) => {
							const busy = markPaid.isPending && markPaid.variables?.billId === bill.id;
							return (
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
												pending={busy && markPaid.variables?.method === "cash"}
												onClick={() => pay(bill.id, "cash")}
											>
												Paid by cash
											</Button>
											<Button
												size="sm"
												variant="outline"
												disabled={markPaid.isPending}
												pending={busy && markPaid.variables?.method === "check"}
												onClick={() => pay(bill.id, "check")}
											>
												Paid by check
											</Button>
										</div>
									) : null}
								</li>
							);
						})}
					</ul>
				)}
			</CardContent>
		</Card>
	);
}
