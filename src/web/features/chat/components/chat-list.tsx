import { MessageCircle } from "lucide-react";
import { Link } from "react-router";
import { dateFormat } from "../../../../shared/dates.ts";
import { EmptyState, LoadingState } from "../../../components/shell/app-shell.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../lib/utils.ts";
import { useConversations } from "../api.ts";

/** When a conversation last moved: the time today, else a short date. */
function when(iso: string) {
	const d = new Date(iso);
	return d.toDateString() === new Date().toDateString()
		? dateFormat({ hour: "numeric", minute: "2-digit" }, undefined).format(d)
		: dateFormat({ month: "short", day: "numeric" }, undefined).format(d);
}

/**
 * The owner's conversations, newest first, each opening in the inbox (?customer=<customer id>);
 * `selected` (a customer id) is the one open beside the list.
 */
export function ChatList({ selected }: { selected?: string | null }) {
	const query = useConversations();
	if (query.isPending) return <LoadingState />;
	if (query.isError)
		return (
			<p className="text-sm text-destructive" role="alert">
				Conversations could not be loaded.
			</p>
		);
	const rows = query.data.pages.flatMap((p) => p.conversations);
	if (rows.length === 0) return <EmptyState icon={MessageCircle}>No conversations yet</EmptyState>;
	return (
		<div className="grid min-w-0 gap-4">
			<ul className="divide-y overflow-hidden rounded-lg border bg-card">
				{rows.map((c) => {
					const content = (
						<>
							<span
								className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 font-semibold text-primary"
								aria-hidden
							>
								{c.name.slice(0, 1).toUpperCase()}
							</span>
							<span className="min-w-0 flex-1">
								<span className="flex items-baseline justify-between gap-2">
									<span className={cn("truncate", c.unread > 0 ? "font-semibold" : "font-medium")}>
										{c.name}
									</span>
									<time
										dateTime={c.lastMessageAt}
										className="shrink-0 text-xs text-muted-foreground"
									>
										{when(c.lastMessageAt)}
									</time>
								</span>
								<span className="flex items-center justify-between gap-2">
									<span
										className={cn(
											"truncate text-sm",
											c.unread > 0 ? "text-foreground" : "text-muted-foreground",
										)}
									>
										{c.lastSenderRole === "owner" ? "You: " : ""}
										{c.lastMessage}
									</span>
									{c.unread > 0 ? (
										<span className="inline-flex min-w-5 shrink-0 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground">
											{c.unread}
											<span className="sr-only"> unread</span>
										</span>
									) : null}
								</span>
							</span>
						</>
					);
					return (
						<li key={c.customerUserId}>
							{c.customerId ? (
								<Link
									to={`/owner/chat?customer=${c.customerId}`}
									aria-current={c.customerId === selected ? "page" : undefined}
									className={cn(
										"flex items-center gap-3 px-4 py-3 transition-colors hover:bg-muted",
										c.customerId === selected && "bg-primary/10 hover:bg-primary/10",
									)}
								>
									{content}
								</Link>
							) : (
								<div className="flex items-center gap-3 px-4 py-3">{content}</div>
							)}
						</li>
					);
				})}
			</ul>
			{query.hasNextPage ? (
				<Button
					variant="outline"
					className="justify-self-center"
					disabled={query.isFetchingNextPage}
					onClick={() => query.fetchNextPage()}
				>
					{query.isFetchingNextPage ? "Loading..." : "Show more"}
				</Button>
			) : null}
		</div>
	);
}
