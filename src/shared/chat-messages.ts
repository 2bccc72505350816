import { CHAT_ROLES } from "./auth.ts";
import { MESSAGE_TYPES } from "./chat.ts";
import { z } from "./zod.ts";

/** One chat message as the API answers it, to the customer and the owner alike. */
export const chatMessageSchema = z.object({
	id: z.number().int(),
	customerUserId: z.string(),
	senderRole: z.enum(CHAT_ROLES),
	senderName: z.string(),
	content: z.string().nullable(),
	messageType: z.enum(MESSAGE_TYPES),
	file: z
		.object({ id: z.uuid(), name: z.string(), contentType: z.string() })
		.nullable()
		.meta({ description: "The attachment, fetched from /api/files/{id}" }),
	createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** A page of one conversation's messages, oldest first. */
export const messagesPageSchema = z.object({
	messages: z.array(chatMessageSchema),
	hasOlder: z.boolean(),
	unread: z.number().int().meta({ description: "The other side's messages I have not read" }),
});

/** One row of the owner's chat list: a customer's conversation. */
export const conversationSchema = z.object({
	customerId: z.uuid().nullable(),
	customerUserId: z.string(),
	name: z.string(),
	lastMessage: z.string(),
	lastMessageAt: z.string(),
	lastSenderRole: z.enum(CHAT_ROLES),
	unread: z.number().int(),
});
export type Conversation = z.infer<typeof conversationSchema>;
