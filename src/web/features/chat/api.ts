import {
	type InfiniteData,
	infiniteQueryOptions,
	queryOptions,
	useInfiniteQuery,
	useQuery,
} from "@tanstack/react-query";
import {
	ApiError,
	client,
	OFFLINE_MESSAGE,
	readJson,
	type SuccessJson,
} from "../../lib/api-client.ts";

type MessagesPage = SuccessJson<Awaited<ReturnType<typeof client.chat.messages.$get>>>;
export type ChatMessage = MessagesPage["messages"][number];
export type ChatViewer = "customer" | "owner";
export type MessagePages = InfiniteData<MessagesPage, number | null>;

/**
 * Query keys of chat. ["chat", customerUserId] is one conversation's messages, newest page first
 * (the customer's own, or any customer's for the owner); ["owner", "chat"] the owner's chat list
 * and ["owner", "chat", "unread"] their unread total. A live `chat.message` or `chat.read` event
 * refetches `chatQueries.conversation(its customer)` and, in the owner's app, `chatQueries.owner`.
 */
export const chatQueries = {
	conversation: (customerUserId: string) => ["chat", customerUserId] as const,
	owner: ["owner", "chat"] as const,
	messages: (customerUserId: string, viewer: ChatViewer) =>
		infiniteQueryOptions({
			queryKey: chatQueries.conversation(customerUserId),
			queryFn: ({ pageParam }) => {
				const query = pageParam ? { before: String(pageParam) } : {};
				return readJson(
					viewer === "owner"
						? client.owner.chat[":customerUserId"].messages.$get({
								param: { customerUserId },
								query,
							})
						: client.chat.messages.$get({ query }),
				);
			},
			initialPageParam: null as number | null,
			getNextPageParam: (page) => (page.hasOlder ? (page.messages[0]?.id ?? null) : null),
		}),
	conversations: () =>
		infiniteQueryOptions({
			queryKey: [...chatQueries.owner, "list"] as const,
			queryFn: ({ pageParam }) =>
				readJson(
					client.owner.chat.conversations.$get({
						query: pageParam ? { cursor: pageParam } : {},
					}),
				),
			initialPageParam: "",
			getNextPageParam: (page) => page.nextCursor ?? undefined,
		}),
	unread: () =>
		queryOptions({
			queryKey: [...chatQueries.owner, "unread"] as const,
			queryFn: () => readJson(client.owner.chat.unread.$get()),
		}),
};

export function useMessages(customerUserId: string, viewer: ChatViewer) {
	return useInfiniteQuery(chatQueries.messages(customerUserId, viewer));
}

export function useConversations() {
	return useInfiniteQuery(chatQueries.conversations());
}

/** The owner's unread total, for the Chat tab. */
export function useOwnerUnread() {
	return useQuery({ ...chatQueries.unread(), select: (d) => d.unread });
}

const base = (customerUserId: string, viewer: ChatViewer) =>
	viewer === "owner" ? `/api/owner/chat/${encodeURIComponent(customerUserId)}` : "/api/chat";

export function sendText(customerUserId: string, viewer: ChatViewer, content: string) {
	return viewer === "owner"
		? readJson(
				client.owner.chat[":customerUserId"].messages.$post({
					param: { customerUserId },
					json: { content },
				}),
			)
		: readJson(client.chat.messages.$post({ json: { content } }));
}

export function markRead(customerUserId: string, viewer: ChatViewer) {
	return viewer === "owner"
		? readJson(client.owner.chat[":customerUserId"].read.$post({ param: { customerUserId } }))
		: readJson(client.chat.read.$post());
}

/**
 * Sends a file (with optional text) and reports upload progress from 0 to 1: XMLHttpRequest,
 * since fetch has no upload progress.
 */
export function sendAttachment(options: {
	customerUserId: string;
	viewer: ChatViewer;
	file: File;
	content?: string;
	onProgress: (fraction: number) => void;
}): Promise<{ message: ChatMessage }> {
	const form = new FormData();
	form.append("data", JSON.stringify(options.content ? { content: options.content } : {}));
	form.append("file", options.file, options.file.name);
	return new Promise((resolve, reject) => {
		const xhr = new XMLHttpRequest();
		xhr.open("POST", `${base(options.customerUserId, options.viewer)}/attachments`);
		xhr.responseType = "json";
		xhr.upload.onprogress = (e) => {
			if (e.lengthComputable) options.onProgress(e.loaded / e.total);
		};
		xhr.onload = () => {
			const body = xhr.response as { message?: ChatMessage; error?: string } | null;
			if (xhr.status >= 200 && xhr.status < 300 && body?.message)
				resolve({ message: body.message });
			else reject(new ApiError(xhr.status, body?.error ?? "Upload failed"));
		};
		xhr.onerror = () => reject(new ApiError(0, OFFLINE_MESSAGE));
		xhr.send(form);
	});
}

/** Puts a message the server just saved into the conversation's newest page, once. */
export function withMessage(data: MessagePages | undefined, message: ChatMessage) {
	if (!data) return data;
	if (data.pages.some((p) => p.messages.some((m) => m.id === message.id))) return data;
	const [first, ...rest] = data.pages;
	if (!first) return data;
	const messages = [...first.messages, message].sort((a, b) => a.id - b.id);
	return { ...data, pages: [{ ...first, messages }, ...rest] };
}
