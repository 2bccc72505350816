import { randomUUID } from "node:crypto";
import { and, desc, eq, gt, lt, sql } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import type { ChatRole } from "../../../shared/auth.ts";
import { FILE_SHARED, MAX_CHAT_MESSAGE_LENGTH, type MessageType } from "../../../shared/chat.ts";
import type { ChatMessage, Conversation } from "../../../shared/chat-messages.ts";
import type { Deps } from "../../app-env.ts";
import type { Executor } from "../../db/database.ts";
import { resultRows } from "../../db/database.ts";
import { chatConversations, chatMessages, files, profiles, users } from "../../db/schema.ts";
import type { Actor } from "../../lib/actor.ts";
import { assertOwner } from "../../lib/actor.ts";
import { AppError, badRequest, notFound, tooManyRequests } from "../../lib/errors.ts";
import { isCursorTime } from "../../lib/paging.ts";
import { hitRateLimit } from "../../lib/rate-limit.ts";
import { CHAT_RATE_LIMIT } from "../../lib/rate-limit-rules.ts";
import {
	type FileToStore,
	MAX_FILE_BYTES,
	prepareImages,
	recordFiles,
	storeFiles,
} from "../files/files.service.ts";
import { chargeUploadQuota } from "../files/upload-quota.service.ts";
import { chatPreview, notify } from "../notifications/notify.service.ts";

/** Messages per page when reading a conversation. */
const PAGE = 30;
/** Characters of the last message shown in the owner's chat list. */
const PREVIEW_LENGTH = 120;

const CHAT_IMAGE_TYPES = new Set([
	"image/jpeg",
	"image/png",
	"image/webp",
	"image/heic",
	"image/heif",
]);

const CHAT_RATE_LIMIT_MESSAGE =
	"You are sending messages too quickly. Please wait a minute and try again.";

const messageColumns = {
	id: chatMessages.id,
	customerUserId: chatMessages.customerUserId,
	senderRole: chatMessages.senderRole,
	senderName: chatMessages.senderName,
	content: chatMessages.content,
	messageType: chatMessages.messageType,
	fileId: chatMessages.fileId,
	fileName: chatMessages.fileName,
	contentType: files.contentType,
	createdAt: chatMessages.createdAt,
};

type MessageRow = {
	id: number;
	customerUserId: string;
	senderRole: ChatRole;
	senderName: string;
	content: string | null;
	messageType: MessageType;
	fileId: string | null;
	fileName: string | null;
	contentType: string | null;
	createdAt: Date;
};

const toMessage = (r: MessageRow): ChatMessage => ({
	id: Number(r.id),
	customerUserId: r.customerUserId,
	senderRole: r.senderRole,
	senderName: r.senderName,
	content: r.content,
	messageType: r.messageType,
	file:
		r.fileId && r.contentType
			? { id: r.fileId, name: r.fileName ?? "File", contentType: r.contentType }
			: null,
	createdAt: r.createdAt.toISOString(),
});

/**
 * The conversation `actor` may open: a customer only their own (another's is "not found"), the
 * owner any customer's. The conversation's user must be a customer account.
 */
async function conversationFor(db: Executor, actor: Actor, customerUserId: string) {
	if (actor.role !== "owner" && customerUserId !== actor.id)
		throw notFound("Conversation not found");
	const [row] = await db
		.select({ role: profiles.role })
		.from(profiles)
		.where(eq(profiles.userId, customerUserId));
	if (row?.role !== "customer") throw notFound("Conversation not found");
	return customerUserId;
}

/**
 * A page of a conversation, oldest to newest: the newest PAGE messages, or those before the
 * message `before`; `hasOlder` says whether more come before them. `unread` is how many of the
 * other side's messages the actor has not read.
 */
export async function listMessages(options: {
	db: Executor;
	actor: Actor;
	customerUserId: string;
	before?: number;
	limit?: number;
}) {
	const { db, actor } = options;
	const customerUserId = await conversationFor(db, actor, options.customerUserId);
	const limit = Math.min(Math.max(options.limit ?? PAGE, 1), 100);
	const rows = (await db
		.select(messageColumns)
		.from(chatMessages)
		.leftJoin(files, eq(files.id, chatMessages.fileId))
		.where(
			and(
				eq(chatMessages.customerUserId, customerUserId),
				options.before ? lt(chatMessages.id, options.before) : undefined,
			),
		)
		.orderBy(desc(chatMessages.id))
		.limit(limit + 1)) as MessageRow[];
	const [conversation] = await db
		.select({
			ownerUnread: chatConversations.ownerUnread,
			customerUnread: chatConversations.customerUnread,
		})
		.from(chatConversations)
		.where(eq(chatConversations.customerUserId, customerUserId));
	return {
		messages: rows.slice(0, limit).reverse().map(toMessage),
		hasOlder: rows.length > limit,
		unread:
			(actor.role === "owner" ? conversation?.ownerUnread : conversation?.customerUnread) ?? 0,
	};
}

/** What a message carries before it is saved: its text, and a checked, prepared attachment. */
interface ChatAttachment {
	stored: FileToStore;
	messageType: "image" | "file";
}

/**
 * Checks an attachment from its bytes: JPEG, PNG, WebP or HEIC photos (re-encoded, so no
 * metadata such as GPS position stays) and PDF documents (kept as they are), at most 10 MB.
 */
async function prepareAttachment(options: {
	file: File;
	customerUserId: string;
}): Promise<ChatAttachment> {
	const { file, customerUserId } = options;
	if (file.size > MAX_FILE_BYTES)
		throw new AppError(
			413,
			"The file is larger than 10 MB. Please choose a smaller one.",
			"file_too_large",
		);
	if (file.size === 0) throw badRequest("The file is empty", "empty_file");
	const bytes = new Uint8Array(await file.arrayBuffer());
	const type = await fileTypeFromBuffer(bytes);
	const id = randomUUID();
	const folder = `chat/${customerUserId}`;
	if (type?.mime === "application/pdf") {
		const name = file.name
			.split(/[\\/]/)
			.pop()
			?.replace(/[\p{Cc}\p{Cf}"]/gu, "")
			.trim();
		const fileName = (name || "Document.pdf").slice(0, 120);
		return {
			messageType: "file",
			stored: {
				id,
				storageKey: `${folder}/${id}.pdf`,
				fileName: fileName.toLowerCase().endsWith(".pdf") ? fileName : `${fileName}.pdf`,
				contentType: "application/pdf",
				data: bytes,
			},
		};
	}
	if (!type || !CHAT_IMAGE_TYPES.has(type.mime))
		throw badRequest(
			"This file type can't be sent. Please attach a JPEG, PNG, WebP or HEIC photo, or a PDF.",
			"unsupported_file_type",
		);
	const [image] = await prepareImages({ files: [file] });
	return {
		messageType: "image",
		stored: {
			id,
			storageKey: `${folder}/${id}.${image!.extension}`,
			fileName: image!.fileName,
			contentType: image!.contentType,
			data: image!.data,
		},
	};
}

/**
 * Counts one message against the sender's allowance (CHAT_RATE_LIMIT, on every instance); 429
 * past it. The send routes call it before they read the message's body, a file included.
 */
export async function limitSending(options: { db: Executor; actor: Actor }) {
	const { count } = await hitRateLimit({
		db: options.db,
		key: `chat:${options.actor.id}`,
		windowMs: CHAT_RATE_LIMIT.windowMs,
	});
	if (count > CHAT_RATE_LIMIT.max) throw tooManyRequests(CHAT_RATE_LIMIT_MESSAGE);
}

/**
 * Saves a message from `actor` in the conversation of `customerUserId`. The sender's role and name
 * come from the account, never from the request. The message, its attachment record, the
 * conversation row (newest message, unread counts) and the `chat.message` event commit together;
 * the first message also creates the customer's record (status pending) when they have none yet,
 * so the owner can open the conversation from the chat list.
 */
export async function sendMessage(options: {
	deps: Pick<Deps, "db" | "env" | "events">;
	actor: Actor;
	customerUserId: string;
	content: string | null | undefined;
	file?: File;
}): Promise<ChatMessage> {
	const { deps, actor } = options;
	const content = options.content?.trim() ? options.content.trim() : null;
	if (content && content.length > MAX_CHAT_MESSAGE_LENGTH)
		throw badRequest(`A message can be at most ${MAX_CHAT_MESSAGE_LENGTH} characters long`);
	if (!content && !options.file) throw badRequest("Write a message or attach a file");
	const customerUserId = await conversationFor(deps.db, actor, options.customerUserId);

	const attachment = options.file
		? await prepareAttachment({ file: options.file, customerUserId })
		: null;
	const senderRole = actor.id === customerUserId ? "customer" : "owner";

	return storeFiles({
		env: deps.env,
		files: attachment ? [attachment.stored] : [],
		commit: () =>
			deps.events.transaction(async (tx) => {
				const [sender] = await tx
					.select({ name: sql<string>`coalesce(${profiles.displayName}, ${users.name})` })
					.from(users)
					.leftJoin(profiles, eq(profiles.userId, users.id))
					.where(eq(users.id, actor.id));
				if (!sender) throw notFound("Account not found");
				if (attachment) {
					await chargeUploadQuota({
						tx,
						actor,
						kind: "chat_attachment",
						files: [attachment.stored],
					});
					await recordFiles({
						db: tx,
						kind: "chat_attachment",
						files: [attachment.stored],
						link: { userId: customerUserId },
						uploadedBy: actor.id,
					});
				}
				const [saved] = await tx
					.insert(chatMessages)
					.values({
						customerUserId,
						senderUserId: actor.id,
						senderRole,
						senderName: sender.name,
						content,
						messageType: attachment?.messageType ?? "text",
						fileId: attachment?.stored.id ?? null,
						fileName: attachment?.stored.fileName ?? null,
					})
					.returning();
				const id = Number(saved!.id);
				await countInConversation(tx, { ...saved!, id });
				await ensureCustomerRecord(tx, deps, customerUserId);
				await deps.events.publish(tx, { kind: "chat.message", messageId: id, customerUserId });
				const preview = chatPreview(content, attachment?.messageType ?? "text");
				if (senderRole === "owner")
					await notify(tx, deps, customerUserId, {
						kind: "chat_reply",
						title: `New message from ${sender.name}`,
						body: preview,
						url: "/app#chat",
						tag: `chat-${customerUserId}`,
						conversation: customerUserId,
					});
				else
					await notify(tx, deps, "owners", {
						kind: "new_chat_message",
						title: `New message from ${sender.name}`,
						body: preview,
						url: `/owner/chat?customer=${customerUserId}`,
						tag: `chat-${customerUserId}`,
						conversation: customerUserId,
					});
				return toMessage({
					...saved!,
					senderRole,
					fileId: saved!.fileId,
					contentType: attachment?.stored.contentType ?? null,
				} as MessageRow);
			}),
	});
}

/** A prospect's conversation makes their customer record (pending until a quote is approved). */
async function ensureCustomerRecord(tx: Executor, deps: Pick<Deps, "events">, userId: string) {
	const created = resultRows<{ id: string }>(
		await tx.execute(sql`
			insert into customers (user_id, name, email, status)
			select u.id, coalesce(p.display_name, u.name), u.email, 'pending'
			from users u left join profiles p on p.user_id = u.id
			where u.id = ${userId}
			on conflict (user_id) do nothing
			returning id`),
	);
	if (created.length > 0) await deps.events.publish(tx, { kind: "customer.changed", userId });
}

/** `actor` has read the conversation: their side's unread count drops to zero. */
export async function markRead(options: {
	deps: Pick<Deps, "db" | "events">;
	actor: Actor;
	customerUserId: string;
}): Promise<{ unread: 0 }> {
	const { deps, actor } = options;
	const customerUserId = await conversationFor(deps.db, actor, options.customerUserId);
	const owner = actor.role === "owner";
	const column = owner ? chatConversations.ownerUnread : chatConversations.customerUnread;
	await deps.events.transaction(async (tx) => {
		const changed = await tx
			.update(chatConversations)
			.set(owner ? { ownerUnread: 0 } : { customerUnread: 0 })
			.where(and(eq(chatConversations.customerUserId, customerUserId), gt(column, 0)))
			.returning({ id: chatConversations.customerUserId });
		if (changed.length > 0) await deps.events.publish(tx, { kind: "chat.read", customerUserId });
	});
	return { unread: 0 };
}

/**
 * The owner's chat list, newest conversation first, a page at a time: one indexed query over the
 * conversation rows (never over every message). The cursor is "<last message time>|<user id>" of
 * the previous page's last row.
 */
export async function listConversations(options: {
	db: Executor;
	actor: Actor;
	cursor?: string;
	limit?: number;
}): Promise<{ conversations: Conversation[]; nextCursor: string | null }> {
	assertOwner(options.actor);
	const limit = Math.min(Math.max(options.limit ?? 20, 1), 100);
	let after = sql``;
	if (options.cursor) {
		const bar = options.cursor.indexOf("|");
		const at = options.cursor.slice(0, bar);
		const id = options.cursor.slice(bar + 1);
		if (!isCursorTime(at) || !/^[\w-]{1,100}$/.test(id)) throw badRequest("Invalid cursor");
		after = sql`where (c.last_message_at, c.customer_user_id) < (${new Date(at).toISOString()}::timestamptz, ${id})`;
	}
	const rows = resultRows<{
		customer_id: string | null;
		customer_user_id: string;
		name: string;
		content: string | null;
		sender_role: "customer" | "owner";
		last_message_at: Date | string;
		owner_unread: number;
	}>(
		await options.db.execute(sql`
			select cu.id as customer_id, c.customer_user_id,
				coalesce(cu.name, p.display_name, u.name) as name,
				m.content, m.sender_role, c.last_message_at, c.owner_unread
			from chat_conversations c
			join users u on u.id = c.customer_user_id
			left join profiles p on p.user_id = c.customer_user_id
			left join customers cu on cu.user_id = c.customer_user_id
			join chat_messages m on m.id = c.last_message_id
			${after}
			order by c.last_message_at desc, c.customer_user_id desc
			limit ${limit + 1}`),
	);
	const conversations = rows.slice(0, limit).map((r) => ({
		customerId: r.customer_id,
		customerUserId: r.customer_user_id,
		name: r.name,
		lastMessage: r.content ? r.content.slice(0, PREVIEW_LENGTH) : FILE_SHARED,
		lastMessageAt: new Date(r.last_message_at).toISOString(),
		lastSenderRole: r.sender_role,
		unread: Number(r.owner_unread),
	}));
	const last = conversations.at(-1);
	return {
		conversations,
		nextCursor: rows.length > limit && last ? `${last.lastMessageAt}|${last.customerUserId}` : null,
	};
}

/** How many customer messages the business has not read, over every conversation. */
export async function countOwnerUnread(options: { db: Executor; actor: Actor }) {
	assertOwner(options.actor);
	const [row] = await options.db
		.select({ unread: sql<number>`coalesce(sum(${chatConversations.ownerUnread}), 0)::int` })
		.from(chatConversations)
		.where(gt(chatConversations.ownerUnread, 0));
	return { unread: Number(row?.unread ?? 0) };
}

/**
 * Chat messages after `afterId` that `viewer` may see, oldest first: what a live stream that
 * reconnects missed. At most `limit`; the page refetches its conversation anyway.
 */
export async function messagesAfter(options: {
	db: Executor;
	viewer: Actor;
	afterId: number;
	limit?: number;
}) {
	const rows = await options.db
		.select({ id: chatMessages.id, customerUserId: chatMessages.customerUserId })
		.from(chatMessages)
		.where(
			and(
				gt(chatMessages.id, options.afterId),
				options.viewer.role === "owner"
					? undefined
					: eq(chatMessages.customerUserId, options.viewer.id),
			),
		)
		.orderBy(chatMessages.id)
		.limit(options.limit ?? 500);
	return rows.map((r) => ({ id: Number(r.id), customerUserId: r.customerUserId }));
}

/**
 * Keeps the conversation row beside its messages true to a message just saved: the newest
 * message and time, and one more unread for the side that did not send it. Run in the
 * transaction that saves the message.
 */
export async function countInConversation(
	tx: Executor,
	message: {
		id: number;
		customerUserId: string;
		senderRole: ChatRole;
		createdAt: Date;
	},
) {
	const fromCustomer = message.senderRole === "customer";
	await tx
		.insert(chatConversations)
		.values({
			customerUserId: message.customerUserId,
			lastMessageId: message.id,
			lastMessageAt: message.createdAt,
			ownerUnread: fromCustomer ? 1 : 0,
			customerUnread: fromCustomer ? 0 : 1,
		})
		.onConflictDoUpdate({
			target: chatConversations.customerUserId,
			set: {
				lastMessageId: sql`greatest(${chatConversations.lastMessageId}, excluded.last_message_id)`,
				lastMessageAt: sql`greatest(${chatConversations.lastMessageAt}, excluded.last_message_at)`,
				ownerUnread: sql`${chatConversations.ownerUnread} + excluded.owner_unread`,
				customerUnread: sql`${chatConversations.customerUnread} + excluded.customer_unread`,
			},
		});
}
