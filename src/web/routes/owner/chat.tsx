import { ArrowLeft, MessageCircle } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { EmptyState, LoadingState, PageHeading } from "../../components/shell/app-shell.tsx";
import { Button } from "../../components/ui/button.tsx";
import { mayOpen } from "../../features/auth/api.ts";
import { chatQueries } from "../../features/chat/api.ts";
import { ChatList } from "../../features/chat/components/chat-list.tsx";
import { Conversation } from "../../features/chat/components/conversation.tsx";
import { useCustomerDetail } from "../../features/customers/api.ts";
import { CustomerContext } from "../../features/customers/components/customer-context.tsx";
import { errorMessage } from "../../lib/api-client.ts";
import { firstData } from "../../lib/first-data.ts";
import { cn } from "../../lib/utils.ts";

export function meta() {
	return [{ title: "Chat | Buckeye Holiday Lights" }];
}

/** The conversations, from the page itself on its first load (lib/first-data.ts). */
export const clientLoader = () =>
	firstData(mayOpen("owner"), (client) => [
		client.prefetchInfiniteQuery(chatQueries.conversations()),
	]);

/**
 * The owner's inbox. At a desk (lg and up) the conversations on the left and the open one beside
 * them, with the customer's address and open requests (a third column from xl, above the thread
 * before); on a phone the list, then the conversation with a way back. The open conversation is
 * in the address (?customer=<customer id>), so reload and Back keep it.
 */
export default function OwnerChat() {
	const [params] = useSearchParams();
	const selected = params.get("customer");
	return (
		<div className="grid min-w-0 gap-4 lg:grid-cols-[18rem_minmax(0,1fr)] lg:items-start">
			<div className={cn("grid min-w-0 gap-4", selected && "max-lg:hidden")}>
				<PageHeading title="Chat" description="Conversations with your customers." />
				<ChatList selected={selected} />
			</div>
			{selected ? (
				<Thread key={selected} customerId={selected} />
			) : (
				<div className="hidden min-h-80 items-center justify-center rounded-lg border border-dashed text-sm text-muted-foreground lg:flex">
					<p className="flex items-center gap-2">
						<MessageCircle className="size-5" aria-hidden />
						Choose a conversation to read it here.
					</p>
				</div>
			)}
		</div>
	);
}

/** One customer's conversation in the inbox, with what the owner needs beside it. */
function Thread({ customerId }: { customerId: string }) {
	const detail = useCustomerDetail(customerId);
	const back = (
		<Button asChild variant="ghost" size="sm" className="justify-self-start">
			<Link to="/owner/chat">
				<ArrowLeft aria-hidden />
				All conversations
			</Link>
		</Button>
	);
	if (detail.isPending)
		return (
			<section className="grid min-w-0 gap-3">
				{back}
				<LoadingState label="Loading conversation..." />
			</section>
		);
	if (detail.isError)
		return (
			<section className="grid min-w-0 gap-3">
				{back}
				<EmptyState>Failed to load the conversation: {errorMessage(detail.error)}</EmptyState>
			</section>
		);
	const { customer } = detail.data;
	return (
		<section
			aria-labelledby="thread-heading"
			className="grid min-w-0 items-start gap-3 xl:grid-cols-[minmax(0,1fr)_15rem] xl:grid-rows-[auto_1fr] xl:[grid-template-areas:'head_aside''thread_aside']"
		>
			<div className="min-w-0 lg:hidden">{back}</div>
			<h2
				id="thread-heading"
				className="min-w-0 text-xl font-semibold leading-tight wrap-anywhere xl:[grid-area:head]"
			>
				{customer.name}
				<span className="ml-2 text-sm font-normal text-muted-foreground">#{customer.idNumber}</span>
			</h2>
			<div className="min-w-0 xl:[grid-area:aside]">
				<CustomerContext detail={detail.data} />
			</div>
			<div className="min-w-0 xl:[grid-area:thread]">
				{customer.userId ? (
					<Conversation
						customerUserId={customer.userId}
						viewer="owner"
						logClassName="h-[min(60dvh,36rem)] min-h-80"
					/>
				) : (
					<p className="text-sm text-muted-foreground">
						This customer has no app account yet, so there is no chat.
					</p>
				)}
			</div>
		</section>
	);
}
