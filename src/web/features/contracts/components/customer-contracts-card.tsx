import { TriangleAlert } from "lucide-react";
import { formatCents } from "../../../../shared/money.ts";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { useCustomerContracts } from "../api.ts";
import { DownloadContractButton } from "./contract-card.tsx";
import { dayOf } from "./terms-text.tsx";

/**
 * The owner's view of a customer's contracts, every season: who signed, on which version, from
 * where, and the typed name beside the account's when they do not resemble each other.
 */
export function CustomerContractsCard({ customerId }: { customerId: string }) {
	const contracts = useCustomerContracts(customerId);
	const list = contracts.data?.contracts ?? [];
	return (
		<Card>
			<CardHeader>
				<CardTitle>Contracts</CardTitle>
			</CardHeader>
			<CardContent>
				{contracts.isPending ? (
					<p className="text-sm text-muted-foreground" role="status">
						Loading contracts…
					</p>
				) : contracts.isError ? (
					<p className="text-sm text-destructive" role="alert">
						Failed to load contracts: {errorMessage(contracts.error)}
					</p>
				) : list.length === 0 ? (
					<p className="text-sm text-muted-foreground">No signed contracts yet.</p>
				) : (
					<ul className="grid gap-3">
						{list.map((c) => (
							<li key={c.id} className="grid gap-2 rounded-md border p-3 text-sm">
								<div className="flex flex-wrap items-start justify-between gap-2">
									<div>
										<p className="font-medium">
											Season {c.seasonId} · Version {c.termsVersion} · {formatCents(c.totalCents)}
										</p>
										<p className="text-muted-foreground wrap-anywhere">
											Signed by {c.signedName} on {dayOf(c.signedAt)} from {c.ipAddress}
										</p>
									</div>
									<DownloadContractButton contract={c} />
								</div>
								{c.nameMatches ? null : (
									<p className="flex items-start gap-2 rounded bg-accent/15 p-2 text-xs">
										<TriangleAlert className="size-4 shrink-0" aria-hidden />
										<span className="wrap-anywhere">
											Typed name “{c.signedName}” does not resemble the account name “
											{c.accountName}”.
										</span>
									</p>
								)}
							</li>
						))}
					</ul>
				)}
			</CardContent>
		</Card>
	);
}
