import { Send } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toast.ts";
import { useSendRenewals } from "../api.ts";

/**
 * The owner's Send Renewal Offer on a customer's page: this one customer's offer for the next
 * season, and a toast saying what happened (made, already offered, or why they are not eligible).
 */
export function SendRenewalButton({ customerId }: { customerId: string }) {
	const send = useSendRenewals();
	return (
		<Button
			size="sm"
			variant="outline"
			pending={send.isPending}
			onClick={() =>
				send
					.mutateAsync(customerId)
					.then((r) => (r.created > 0 ? toast.success(r.message) : toast.info(r.message)))
					.catch((e) => toast.error(errorMessage(e)))
			}
		>
			{send.isPending ? null : <Send aria-hidden />}
			{send.isPending ? "Sending..." : "Send Renewal Offer"}
		</Button>
	);
}
