// No imports on purpose: enumerations only, light enough for any page.

/** What an uploaded file is for. */
export const FILE_KINDS = [
	"quote_photo",
	"chat_attachment",
	"customer_image",
	"installation_media",
	"request_photo",
	/** A signed contract's PDF, made by the server. */
	"contract",
] as const;
export type FileKind = (typeof FILE_KINDS)[number];
