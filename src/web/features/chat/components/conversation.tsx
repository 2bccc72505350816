import { useQueryClient } from "@tanstack/react-query";
import { Check, Clock, FileText, Paperclip, RotateCw, SendHorizontal, X } from "lucide-react";
import * as React from "react";
import { CHAT_ATTACHMENT_ACCEPT, MAX_CHAT_MESSAGE_LENGTH } from "../../../../shared/chat.ts";
import { dateFormat } from "../../../../shared/dates.ts";
import { splitLinks } from "../../../../shared/links.ts";
import { Button } from "../../../components/ui/button.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { cn } from "../../../lib/utils.ts";
import { useWatchingConversation } from "../../notifications/api.ts";
import { PushOffer } from "../../notifications/components/notifications-card.tsx";
import {
	type ChatMessage,
	type ChatViewer,
	chatQueries,
	type MessagePages,
	markRead,
	sendAttachment,
	sendText,
	useMessages,
	withMessage,
} from "../api.ts";

/** A message on its way to the server, shown at once; kept with its error when it failed. */
interface Outgoing {
	key: number;
	content: string;
	file?: File;
	previewUrl?: string;
	progress?: number;
	failed?: boolean;
	/** The server's reason, when it gave one (a file type it does not take, say). */
	reason?: string;
}

const time = (iso: string) =>
	dateFormat({ hour: "numeric", minute: "2-digit" }, undefined).format(new Date(iso));

/** Today, Yesterday, or a short date ("Nov 21"; with the year when it is not this year's). */
function dayLabel(iso: string, now = new Date()) {
	const day = new Date(iso);
	const startOf = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
	const days = Math.round((startOf(now) - startOf(day)) / 86_400_000);
	if (days === 0) return "Today";
	if (days === 1) return "Yesterday";
	const year = day.getFullYear() === now.getFullYear() ? undefined : "numeric";
	return dateFormat({ month: "short", day: "numeric", year }, undefined).format(day);
}

const dayKey = (iso: string) => new Date(iso).toDateString();

/**
 * One customer's conversation with the business, as `viewer` sees it: the viewer's own messages on
 * the right, the other side's on the left, oldest to newest with date separators; older messages
 * load when scrolled to the top. Live events refetch it (features/live).
 */
export function Conversation({
	customerUserId,
	viewer,
	className,
	logClassName,
	locked,
}: {
	customerUserId: string;
	viewer: ChatViewer;
	className?: string;
	/** The message list's own classes (a taller list in the owner's inbox). */
	logClassName?: string;
	/** Shown in place of the composer when this viewer may not write yet (and why). */
	locked?: React.ReactNode;
}) {
	const queryClient = useQueryClient();
	const query = useMessages(customerUserId, viewer);
	const [outgoing, setOutgoing] = React.useState<Outgoing[]>([]);
	const scroller = React.useRef<HTMLDivElement>(null);
	const nextKey = React.useRef(1);

	useWatchingConversation(customerUserId);
	const pages = query.data?.pages ?? [];
	const messages = React.useMemo(() => [...pages].reverse().flatMap((p) => p.messages), [pages]);
	const unread = pages[0]?.unread ?? 0;

	// Reading the conversation clears its unread count (and the owner's Chat tab).
	React.useEffect(() => {
		if (unread > 0) markRead(customerUserId, viewer).catch(() => {});
	}, [unread, customerUserId, viewer]);

	// The list scrolls from its bottom (a column-reverse scroller): it opens at the newest message,
	// stays there as new ones and photos arrive, and keeps the reader's place when older messages
	// load above, without a script reading the layout. Its scrollTop is 0 at the bottom and
	// negative above; its one child's auto bottom margin keeps a short list at the top.
	const onScroll = () => {
		const el = scroller.current;
		if (!el) return;
		const fromTop = el.scrollHeight - el.clientHeight + el.scrollTop;
		if (fromTop < 40 && query.hasNextPage && !query.isFetchingNextPage) query.fetchNextPage();
	};

	const saved = (message: ChatMessage) =>
		queryClient.setQueryData<MessagePages>(chatQueries.conversation(customerUserId), (data) =>
			withMessage(data, message),
		);

	const deliver = async (item: Outgoing) => {
		const update = (patch: Partial<Outgoing>) =>
			setOutgoing((list) => list.map((o) => (o.key === item.key ? { ...o, ...patch } : o)));
		update({ failed: false, reason: undefined, progress: item.file ? 0 : undefined });
		try {
			const { message } = item.file
				? await sendAttachment({
						customerUserId,
						viewer,
						file: item.file,
						content: item.content || undefined,
						onProgress: (progress) => update({ progress }),
					})
				: await sendText(customerUserId, viewer, item.content);
			saved(message);
			setOutgoing((list) => list.filter((o) => o.key !== item.key));
			if (item.previewUrl) URL.revokeObjectURL(item.previewUrl);
		} catch (error) {
			const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
			update({ failed: true, reason: refused ? error.message : undefined });
		}
	};

	const send = (content: string, file?: File) => {
		const item: Outgoing = {
			key: nextKey.current++,
			content,
			file,
			previewUrl: file?.type.startsWith("image/") ? URL.createObjectURL(file) : undefined,
		};
		scroller.current?.scrollTo({ top: 0 });
		setOutgoing((list) => [...list, item]);
		void deliver(item);
	};

	const discard = (item: Outgoing) => {
		if (item.previewUrl) URL.revokeObjectURL(item.previewUrl);
		setOutgoing((list) => list.filter((o) => o.key !== item.key));
	};

	let lastDay = "";
	return (
		<div className={cn("grid min-w-0 gap-3", className)}>
			<div
				ref={scroller}
				onScroll={onScroll}
				className={cn(
					"flex h-80 flex-col-reverse overflow-x-hidden overflow-y-auto rounded-lg border bg-muted/30 p-3 *:mb-auto",
					logClassName,
				)}
				// biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling list must be reachable from the keyboard to be scrolled (WCAG 2.1.1)
				tabIndex={0}
				role="log"
				aria-label="Messages"
				aria-live="polite"
			>
				{query.isPending ? (
					<p className="py-10 text-center text-sm text-muted-foreground" role="status">
						Loading messages...
					</p>
				) : query.isError ? (
					<p className="py-10 text-center text-sm text-destructive" role="alert">
						Messages could not be loaded.{" "}
						<button type="button" className="underline" onClick={() => query.refetch()}>
							Try again
						</button>
					</p>
				) : messages.length === 0 && outgoing.length === 0 ? (
					<p className="py-10 text-center text-sm text-muted-foreground">
						{viewer === "customer"
							? "No messages yet. Ask us anything about your lights."
							: "No messages yet."}
					</p>
				) : (
					<ol className="grid min-w-0 gap-2">
						{query.isFetchingNextPage ? (
							<li className="text-center text-xs text-muted-foreground" role="status">
								Loading older messages...
							</li>
						) : null}
						{messages.map((m) => {
							const day = dayKey(m.createdAt);
							const separator = day !== lastDay ? dayLabel(m.createdAt) : null;
							lastDay = day;
							return (
								<React.Fragment key={m.id}>
									{separator ? <DaySeparator label={separator} /> : null}
									<Bubble message={m} mine={m.senderRole === viewer} />
								</React.Fragment>
							);
						})}
						{outgoing.length > 0 && lastDay !== new Date().toDateString() ? (
							<DaySeparator label="Today" />
						) : null}
						{outgoing.map((o) => (
							<PendingBubble
								key={o.key}
								item={o}
								onRetry={() => deliver(o)}
								onDiscard={() => discard(o)}
							/>
						))}
					</ol>
				)}
			</div>
			{viewer === "customer" && messages.some((m) => m.senderRole === "customer") ? (
				<PushOffer text="Want to know when we reply? Turn on notifications for this device." />
			) : null}
			{locked ?? <Composer onSend={send} />}
		</div>
	);
}

function DaySeparator({ label }: { label: string }) {
	return (
		<li className="my-1 flex items-center gap-3 text-xs font-medium text-muted-foreground">
			<span className="h-px flex-1 bg-border" />
			{label}
			<span className="h-px flex-1 bg-border" />
		</li>
	);
}

function Bubble({ message: m, mine }: { message: ChatMessage; mine: boolean }) {
	return (
		<li className={cn("flex min-w-0 flex-col gap-0.5", mine ? "items-end" : "items-start")}>
			<span className="px-1 text-xs text-muted-foreground">
				{m.senderName} · <time dateTime={m.createdAt}>{time(m.createdAt)}</time>
				{mine ? (
					<Check className="ml-1 inline size-3.5 text-primary" aria-label="Sent" role="img" />
				) : null}
			</span>
			<div
				className={cn(
					// wrap-anywhere: a long word or link wraps, and lets the bubble narrow (break-words does not).
					"max-w-[85%] rounded-2xl px-3 py-2 text-sm whitespace-pre-wrap wrap-anywhere shadow-xs",
					mine ? "rounded-br-sm bg-primary text-primary-foreground" : "rounded-bl-sm bg-card",
					// A photo alone needs no bubble around it.
					m.file?.contentType.startsWith("image/") &&
						!m.content &&
						"bg-transparent p-0 shadow-none",
				)}
			>
				{m.file ? <Attachment file={m.file} mine={mine} /> : null}
				{m.content ? (
					<p className={cn(m.file && "mt-2")}>
						<MessageText text={m.content} />
					</p>
				) : null}
			</div>
		</li>
	);
}

/** A message's text with its web addresses as links (http and https only; see splitLinks). */
function MessageText({ text }: { text: string }) {
	return splitLinks(text).map((part, i) =>
		part.href ? (
			<a
				// biome-ignore lint/suspicious/noArrayIndexKey: the parts of one message never move
				key={i}
				href={part.href}
				target="_blank"
				rel="noopener noreferrer nofollow"
				className="underline underline-offset-2"
			>
				{part.text}
			</a>
		) : (
			part.text
		),
	);
}

function Attachment({ file, mine }: { file: NonNullable<ChatMessage["file"]>; mine: boolean }) {
	const href = `/api/files/${file.id}`;
	if (file.contentType.startsWith("image/"))
		return (
			<a href={href} target="_blank" rel="noreferrer" className="block">
				<img
					src={href}
					alt={file.name}
					loading="lazy"
					className="h-auto max-h-[200px] w-auto max-w-full rounded-lg object-contain"
				/>
			</a>
		);
	return (
		<a
			href={href}
			download={file.name}
			className={cn(
				"flex items-center gap-2 font-medium underline",
				mine && "text-primary-foreground",
			)}
		>
			<FileText className="size-4 shrink-0" aria-hidden />
			{file.name}
		</a>
	);
}

function PendingBubble({
	item,
	onRetry,
	onDiscard,
}: {
	item: Outgoing;
	onRetry: () => void;
	onDiscard: () => void;
}) {
	const uploading = item.file && !item.failed;
	return (
		<li className="flex min-w-0 flex-col items-end gap-0.5">
			<span className="px-1 text-xs text-muted-foreground">
				{item.failed ? (
					<span className="font-medium text-destructive" role="alert">
						{item.file ? "Upload failed" : "Error sending message"}
						{item.reason ? <span className="block font-normal">{item.reason}</span> : null}
					</span>
				) : (
					<>
						<Clock className="mr-1 inline size-3.5" aria-hidden />
						Sending...
					</>
				)}
			</span>
			<div
				className={cn(
					"max-w-[85%] rounded-2xl rounded-br-sm px-3 py-2 text-sm whitespace-pre-wrap wrap-anywhere",
					item.failed
						? "border border-destructive bg-card"
						: "bg-primary/70 text-primary-foreground",
				)}
			>
				{item.previewUrl ? (
					<img
						src={item.previewUrl}
						alt={item.file?.name ?? ""}
						className="h-auto max-h-[200px] w-auto max-w-full rounded-lg object-contain opacity-80"
					/>
				) : item.file ? (
					<span className="flex items-center gap-2 font-medium">
						<FileText className="size-4" aria-hidden />
						{item.file.name}
					</span>
				) : null}
				{item.content ? <p className={cn(item.file && "mt-2")}>{item.content}</p> : null}
				{uploading ? (
					<div
						className="mt-2 h-1.5 w-40 max-w-full overflow-hidden rounded-full bg-white/30"
						role="progressbar"
						aria-label={`Uploading ${item.file?.name}`}
						aria-valuemin={0}
						aria-valuemax={100}
						aria-valuenow={Math.round((item.progress ?? 0) * 100)}
					>
						<div
							className="h-full bg-white transition-[width]"
							style={{ width: `${Math.round((item.progress ?? 0) * 100)}%` }}
						/>
					</div>
				) : null}
			</div>
			{item.failed ? (
				<span className="flex gap-1">
					<Button type="button" size="sm" variant="outline" onClick={onRetry}>
						<RotateCw aria-hidden />
						Retry
					</Button>
					<Button type="button" size="sm" variant="ghost" onClick={onDiscard}>
						<X aria-hidden />
						Remove
					</Button>
				</span>
			) : null}
		</li>
	);
}

/** The message box: Enter sends, Shift+Enter starts a new line; the paperclip attaches a file. */
function Composer({ onSend }: { onSend: (content: string, file?: File) => void }) {
	const id = React.useId();
	const [text, setText] = React.useState("");
	const fileInput = React.useRef<HTMLInputElement>(null);
	const trimmed = text.trim();

	const submit = () => {
		if (!trimmed) return;
		onSend(trimmed);
		setText("");
	};

	return (
		<form
			className="flex items-end gap-2"
			onSubmit={(e) => {
				e.preventDefault();
				submit();
			}}
		>
			<input
				ref={fileInput}
				type="file"
				accept={CHAT_ATTACHMENT_ACCEPT}
				className="sr-only"
				tabIndex={-1}
				aria-label="Attachment"
				onChange={(e) => {
					const file = e.target.files?.[0];
					e.target.value = "";
					if (file) {
						onSend(trimmed, file);
						setText("");
					}
				}}
			/>
			<Button
				type="button"
				variant="outline"
				size="icon"
				aria-label="Attach a photo or PDF"
				onClick={() => fileInput.current?.click()}
			>
				<Paperclip aria-hidden />
			</Button>
			<div className="grid flex-1 gap-1">
				<label htmlFor={id} className="sr-only">
					Message
				</label>
				<textarea
					id={id}
					value={text}
					rows={1}
					maxLength={MAX_CHAT_MESSAGE_LENGTH}
					placeholder="Write a message"
					onChange={(e) => setText(e.target.value)}
					onKeyDown={(e) => {
						if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
							e.preventDefault();
							submit();
						}
					}}
					className="max-h-32 min-h-10 w-full resize-none rounded-md border border-input bg-card px-3 py-2 text-base shadow-xs placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:text-sm"
				/>
			</div>
			<Button type="submit" size="icon" aria-label="Send" disabled={!trimmed}>
				<SendHorizontal aria-hidden />
			</Button>
		</form>
	);
}
