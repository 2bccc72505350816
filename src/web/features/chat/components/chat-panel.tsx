import { MessageCircle } from "lucide-react";
import { CONFIRM_MESSAGES } from "../../../../shared/auth.ts";
import {
	Card,
	CardContent,
	CardDescription,
	CardHeader,
	CardTitle,
} from "../../../components/ui/card.tsx";
import { useMe } from "../../auth/api.ts";
import { needsConfirmation } from "../../auth/components/confirm-email-notice.tsx";
import { Conversation } from "./conversation.tsx";

/**
 * The signed-in customer's chat with the business, on the Home tab; open to every customer,
 * before any quote is approved too. The owner previewing the customer app has no conversation.
 */
export function CustomerChatPanel() {
	const { data: user } = useMe();
	if (user?.role !== "customer") return null;
	return (
		<Card>
			<CardHeader>
				<CardTitle className="flex items-center gap-2">
					<MessageCircle className="size-5 text-primary" aria-hidden />
					Chat with us
				</CardTitle>
				<CardDescription>
					Questions about your quote or your lights? We usually answer the same day.
				</CardDescription>
			</CardHeader>
			<CardContent>
				<Conversation
					customerUserId={user.id}
					viewer="customer"
					locked={
						// The Home page's notice above offers a new link; here, only why the box is missing.
						needsConfirmation(user) ? (
							<p className="rounded-md border border-dashed p-3 text-sm text-muted-foreground">
								{CONFIRM_MESSAGES.confirmFirst}
							</p>
						) : undefined
					}
				/>
			</CardContent>
		</Card>
	);
}

/** The business's side of one customer's conversation, for the owner's customer page. */
export function CustomerConversation({ customerUserId }: { customerUserId: string | null }) {
	return (
		<section aria-labelledby="customer-chat-heading" className="grid gap-3">
			<h2 id="customer-chat-heading" className="flex items-center gap-2 text-lg font-semibold">
				<MessageCircle className="size-5 text-primary" aria-hidden />
				Chat
			</h2>
			{customerUserId ? (
				<Conversation customerUserId={customerUserId} viewer="owner" />
			) : (
				<p className="text-sm text-muted-foreground">
					This customer has no app account yet, so there is no chat.
				</p>
			)}
		</section>
	);
}
