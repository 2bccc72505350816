import { FileSignature } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "../../../components/ui/button.tsx";
import {
	Card,
	CardContent,
	CardDescription,
	CardHeader,
	CardTitle,
} from "../../../components/ui/card.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { useCustomerQuoteActions } from "../api.ts";

const TERMS = [
	"We design, install, maintain during the season, take down and store your display as quoted.",
	"Installation is scheduled after your bill is paid; we confirm the date with you by phone or chat.",
	"Lights that go out during the season are fixed at no charge: report them from the Requests tab.",
	"Cancellations more than 7 days before installation are refunded in full minus administrative costs; within 7 days, 50% of the deposit; none after installation begins (see our Terms and Refund Policy).",
];

/** The service contract: the terms are shown first, then the customer signs. */
export function ContractCard({ signed }: { signed: boolean }) {
	const { signContract } = useCustomerQuoteActions();
	const [reading, setReading] = useState(false);
	if (signed) {
		return (
			<Card>
				<CardHeader>
					<CardTitle className="flex items-center gap-2">
						<FileSignature className="size-5 text-success" aria-hidden /> Contract signed
					</CardTitle>
					<CardDescription>
						Thank you! Your installation is on our calendar once your bill is paid.
					</CardDescription>
				</CardHeader>
			</Card>
		);
	}
	return (
		<Card>
			<CardHeader>
				<CardTitle>Your service contract</CardTitle>
				<CardDescription>Review the terms and sign to confirm your installation.</CardDescription>
			</CardHeader>
			<CardContent className="grid gap-4">
				{reading ? (
					<>
						<ul className="list-disc space-y-2 pl-5 text-sm">
							{TERMS.map((t) => (
								<li key={t}>{t}</li>
							))}
						</ul>
						<Button
							pending={signContract.isPending}
							onClick={() =>
								signContract
									.mutateAsync()
									.then(() => toast.success("Contract signed. Thank you!"))
									.catch((e) => toast.error(errorMessage(e)))
							}
						>
							I Agree and Sign
						</Button>
					</>
				) : (
					<Button variant="secondary" onClick={() => setReading(true)}>
						Review and Sign Contract
					</Button>
				)}
			</CardContent>
		</Card>
	);
}
