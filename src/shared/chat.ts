// No imports on purpose: enumerations only, light enough for any page.

/** What a chat message carries: text, an image or a file. */
export const MESSAGE_TYPES = ["text", "image", "file"] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];
