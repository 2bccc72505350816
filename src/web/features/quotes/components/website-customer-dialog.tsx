import { UserPlus } from "lucide-react";
import { QUOTE_MESSAGES, type QuoteView } from "../../../../shared/quotes.ts";
import { Button } from "../../../components/ui/button.tsx";
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
import { useCreateWebsiteCustomer } from "../api.ts";

/** The approved website quote the dialog offers an account for. */
export type ApprovedWebsiteQuote = Pick<QuoteView, "id" | "name" | "email" | "phone">;

/**
 * After a website quote is approved: follow up with the customer directly, or create their
 * account now (they get an e-mail with a link to set a password).
 */
export function WebsiteCustomerDialog({
	quote,
	onClose,
}: {
	quote: ApprovedWebsiteQuote | null;
	onClose: () => void;
}) {
	const create = useCreateWebsiteCustomer();
	const createAccount = (id: string) =>
		create
			.mutateAsync(id)
			.then((result) => {
				toast.success(result.message);
				onClose();
			})
			.catch((error) => toast.error(errorMessage(error)));
	return (
		<Dialog open={quote !== null} onOpenChange={(open) => (open ? null : onClose())}>
			<DialogContent>
				<DialogHeader>
					<DialogTitle>{QUOTE_MESSAGES.approvedWebsite}</DialogTitle>
					<DialogDescription>
						{quote
							? `Reach ${quote.name} at ${[quote.email, quote.phone].filter(Boolean).join(" or ")}, or create their account now: they get the approved quote and its bill in the app, and an e-mail to set their password.`
							: null}
					</DialogDescription>
				</DialogHeader>
				<DialogFooter>
					<Button variant="outline" onClick={onClose}>
						Later
					</Button>
					<Button
						pending={create.isPending}
						onClick={() => (quote ? createAccount(quote.id) : undefined)}
					>
						{create.isPending ? null : <UserPlus aria-hidden />}
						{create.isPending ? "Creating..." : "Create customer account"}
					</Button>
				</DialogFooter>
			</DialogContent>
		</Dialog>
	);
}
