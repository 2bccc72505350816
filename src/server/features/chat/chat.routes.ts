import { createRoute, z } from "@hono/zod-openapi";
import { createMiddleware } from "hono/factory";
import { MAX_CHAT_MESSAGE_LENGTH } from "../../../shared/chat.ts";
import {
	chatMessageSchema,
	conversationSchema,
	messagesPageSchema,
} from "../../../shared/chat-messages.ts";
import type { OwnerEnv, SignedInEnv } from "../../app-env.ts";
import { badRequest } from "../../lib/errors.ts";
import { multipartForm, uploadLimit } from "../../lib/multipart.ts";
import { component, createRouter, errorResponses, jsonContent } from "../../lib/router.ts";
import { confirmedEmailOnly, signedIn } from "../auth/auth.middleware.ts";
import { MAX_FILE_BYTES } from "../files/files.service.ts";
import { uploadQuota } from "../files/upload-quota.service.ts";
import {
	countOwnerUnread,
	limitSending,
	listConversations,
	listMessages,
	markRead,
	sendMessage,
} from "./chat.service.ts";

const TOO_LONG = `A message can be at most ${MAX_CHAT_MESSAGE_LENGTH} characters long`;

/** Named in the OpenAPI document. */
const messageSchema = component("ChatMessage", chatMessageSchema);
const pageSchema = messagesPageSchema.extend({ messages: z.array(messageSchema) });

const pageQuery = z.object({
	before: z.coerce
		.number("Invalid cursor")
		.int("Invalid cursor")
		.positive("Invalid cursor")
		.optional()
		.openapi({ description: "Messages before this message id (older ones)" }),
	limit: z.coerce.number().int().min(1).max(100).optional(),
});

const textBody = z.object({
	content: z
		.string("Write a message")
		.max(MAX_CHAT_MESSAGE_LENGTH, TOO_LONG)
		.openapi({ description: "The message (whitespace alone is refused)" }),
});

const attachmentForm = multipartForm({
	data: z.object({ content: z.string().max(MAX_CHAT_MESSAGE_LENGTH, TOO_LONG).optional() }),
	description: "JSON: { content } (optional text sent with the file)",
	files: "file",
	maxFiles: 1,
	tooMany: "Attach one file per message",
	notAFile: "The attachment must be a file",
	filesDescription: "One JPEG, PNG, WebP or HEIC photo, or a PDF, at most 10 MB",
});

const attachmentLimit = uploadLimit({
	maxFiles: 1,
	maxFileBytes: MAX_FILE_BYTES,
	message: "The file is larger than 10 MB. Please choose a smaller one.",
});

/** Counts a message against its sender's allowance before its body (a file, say) is read. */
const sendingLimit = createMiddleware<SignedInEnv>(async (c, next) => {
	await limitSending({ db: c.var.deps.db, actor: c.var.user });
	await next();
});

const sent = {
	201: { description: "Saved and sent", ...jsonContent(z.object({ message: messageSchema })) },
	413: { description: "The file is too large" },
	...errorResponses,
};
const read = {
	200: { description: "Marked read", ...jsonContent(z.object({ unread: z.literal(0) })) },
	...errorResponses,
};
const customerParam = z.object({
	customerUserId: z.string().min(1).max(100).openapi({ description: "The customer's user id" }),
});

/** A signed-in customer's one conversation with the business. */
export const customerRoutes = createRouter()
	.openapi(
		createRoute({
			method: "get",
			path: "/chat/messages",
			tags: ["chat"],
			summary: "My conversation with the business, newest page first (oldest to newest within it)",
			middleware: signedIn(),
			request: { query: pageQuery },
			responses: {
				200: { description: "A page of messages", ...jsonContent(pageSchema) },
				...errorResponses,
			},
		}),
		async (c) => {
			const { before, limit } = c.req.valid("query");
			const actor = c.var.user;
			const page = await listMessages({
				db: c.var.deps.db,
				actor: { id: actor.id, role: "customer" },
				customerUserId: actor.id,
				before,
				limit,
			});
			return c.json(page, 200);
		},
	)
	.openapi(
		createRoute({
			method: "post",
			path: "/chat/messages",
			tags: ["chat"],
			summary: "Send the business a message (rate limited; needs a confirmed e-mail address)",
			middleware: signedIn(confirmedEmailOnly, sendingLimit),
			request: { body: { content: { "application/json": { schema: textBody } }, required: true } },
			responses: sent,
		}),
		async (c) => {
			const actor = c.var.user;
			const message = await sendMessage({
				deps: c.var.deps,
				actor,
				customerUserId: actor.id,
				content: c.req.valid("json").content,
			});
			return c.json({ message }, 201);
		},
	)
	.openapi(
		createRoute({
			method: "post",
			path: "/chat/attachments",
			tags: ["chat"],
			summary:
				"Send the business a photo or a PDF, with optional text (rate limited; needs a confirmed e-mail address; upload quotas apply)",
			middleware: signedIn(
				confirmedEmailOnly,
				uploadQuota("chat_attachment"),
				sendingLimit,
				attachmentLimit,
			),
			request: {
				body: { content: { "multipart/form-data": { schema: attachmentForm } }, required: true },
			},
			responses: sent,
		}),
		async (c) => {
			const actor = c.var.user;
			const { data, file } = c.req.valid("form");
			const message = await sendMessage({
				deps: c.var.deps,
				actor,
				customerUserId: actor.id,
				content: data.content,
				file: file[0] ?? missingFile(),
			});
			return c.json({ message }, 201);
		},
	)
	.openapi(
		createRoute({
			method: "post",
			path: "/chat/read",
			tags: ["chat"],
			summary: "I have read my conversation: my unread count drops to zero",
			middleware: signedIn(),
			responses: read,
		}),
		async (c) => {
			const actor = c.var.user;
			return c.json(
				await markRead({
					deps: c.var.deps,
					actor: { id: actor.id, role: "customer" },
					customerUserId: actor.id,
				}),
				200,
			);
		},
	);

/** The business's side: every customer's conversation, under /api/owner. */
export const ownerRoutes = createRouter<OwnerEnv>()
	.openapi(
		createRoute({
			method: "get",
			path: "/chat/conversations",
			tags: ["chat"],
			summary: "One row per customer who has messages, newest conversation first, a page at a time",
			request: {
				query: z.object({
					cursor: z.string().max(200).optional(),
					limit: z.coerce.number().int().min(1).max(100).optional(),
				}),
			},
			responses: {
				200: {
					description: "A page of conversations",
					...jsonContent(
						z.object({
							conversations: z.array(conversationSchema),
							nextCursor: z.string().nullable(),
						}),
					),
				},
				...errorResponses,
			},
		}),
		async (c) => {
			const { cursor, limit } = c.req.valid("query");
			return c.json(
				await listConversations({ db: c.var.deps.db, actor: c.var.user, cursor, limit }),
				200,
			);
		},
	)
	.openapi(
		createRoute({
			method: "get",
			path: "/chat/unread",
			tags: ["chat"],
			summary: "How many customer messages I have not read, over every conversation",
			responses: {
				200: {
					description: "Unread total",
					...jsonContent(z.object({ unread: z.number().int() })),
				},
				...errorResponses,
			},
		}),
		async (c) => c.json(await countOwnerUnread({ db: c.var.deps.db, actor: c.var.user }), 200),
	)
	.openapi(
		createRoute({
			method: "get",
			path: "/chat/{customerUserId}/messages",
			tags: ["chat"],
			summary: "A customer's conversation, newest page first (oldest to newest within it)",
			request: { params: customerParam, query: pageQuery },
			responses: {
				200: { description: "A page of messages", ...jsonContent(pageSchema) },
				...errorResponses,
			},
		}),
		async (c) => {
			const { before, limit } = c.req.valid("query");
			return c.json(
				await listMessages({
					db: c.var.deps.db,
					actor: c.var.user,
					customerUserId: c.req.valid("param").customerUserId,
					before,
					limit,
				}),
				200,
			);
		},
	)
	.openapi(
		createRoute({
			method: "post",
			path: "/chat/{customerUserId}/messages",
			tags: ["chat"],
			summary: "Answer a customer (rate limited)",
			middleware: [sendingLimit] as const,
			request: {
				params: customerParam,
				body: { content: { "application/json": { schema: textBody } }, required: true },
			},
			responses: sent,
		}),
		async (c) => {
			const message = await sendMessage({
				deps: c.var.deps,
				actor: c.var.user,
				customerUserId: c.req.valid("param").customerUserId,
				content: c.req.valid("json").content,
			});
			return c.json({ message }, 201);
		},
	)
	.openapi(
		createRoute({
			method: "post",
			path: "/chat/{customerUserId}/attachments",
			tags: ["chat"],
			summary: "Send a customer a photo or a PDF, with optional text (rate limited)",
			middleware: [sendingLimit, attachmentLimit] as const,
			request: {
				params: customerParam,
				body: { content: { "multipart/form-data": { schema: attachmentForm } }, required: true },
			},
			responses: sent,
		}),
		async (c) => {
			const { data, file } = c.req.valid("form");
			const message = await sendMessage({
				deps: c.var.deps,
				actor: c.var.user,
				customerUserId: c.req.valid("param").customerUserId,
				content: data.content,
				file: file[0] ?? missingFile(),
			});
			return c.json({ message }, 201);
		},
	)
	.openapi(
		createRoute({
			method: "post",
			path: "/chat/{customerUserId}/read",
			tags: ["chat"],
			summary: "I have read a customer's conversation: its unread count drops to zero",
			request: { params: customerParam },
			responses: read,
		}),
		async (c) =>
			c.json(
				await markRead({
					deps: c.var.deps,
					actor: c.var.user,
					customerUserId: c.req.valid("param").customerUserId,
				}),
				200,
			),
	);

function missingFile(): never {
	throw badRequest("Attach a file", "missing_file");
}
