import { Package } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { useMyStorage } from "../api.ts";

/** The customer's lights in the warehouse: how many bins, and whether they are stored. */
export function MyStorageCard() {
	const mine = useMyStorage();
	// Customers whose lights the business does not keep have nothing to see here.
	if (!mine.data || mine.data.bins === 0) return null;
	const { bins, stored } = mine.data;
	const all = stored === bins;
	return (
		<Card>
			<CardHeader>
				<CardTitle>Your lights in storage</CardTitle>
			</CardHeader>
			<CardContent className="flex items-center gap-3 text-sm">
				<Package className="size-6 shrink-0 text-primary" aria-hidden />
				<p>
					{bins === 1 ? "1 bin" : `${bins} bins`}
					{all
						? bins === 1
							? ", stored safely."
							: ", all stored safely."
						: stored === 0
							? ", out for the season."
							: `: ${stored} stored, ${bins - stored} out for the season.`}
				</p>
			</CardContent>
		</Card>
	);
}
