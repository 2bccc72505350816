// No imports on purpose: enumerations only, light enough for any page.

/** What a chat message carries: text, an image or a file. */
export const MESSAGE_TYPES = ["text", "image", "file"] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** Longest chat message, in characters. */
export const MAX_CHAT_MESSAGE_LENGTH = 4000;

/** What the owner's chat list shows for a message with no text (an image or a file alone). */
export const FILE_SHARED = "File shared";

/** Attachments a chat message may carry, as detected from the bytes. */
export const CHAT_ATTACHMENT_ACCEPT =
	"image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif,application/pdf";
