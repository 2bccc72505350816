import { badRequest } from "./errors.ts";

export type FormReading = FormData | "too large" | "too many parts";

/** Headers of one part beyond this are not a browser's: the form is refused. */
const MAX_PART_HEADERS = 8 * 1024;

/** The boundary of a multipart/form-data content type, or null. */
export function boundaryOf(contentType: string | undefined): string | null {
	if (!contentType?.toLowerCase().startsWith("multipart/form-data")) return null;
	const match = /;\s*boundary=(?:"([^"]{1,70})"|([^;\s]{1,70}))/i.exec(contentType);
	return match ? (match[1] ?? match[2] ?? null) : null;
}

/**
 * Reads a multipart/form-data body as it arrives and parses it. While it arrives, its size and its
 * delimiters ("--boundary", one per part and one to close) are counted, and it is refused as soon
 * as it breaks a limit. Then it is parsed here rather than by the platform's `formData()`, which
 * kept the event loop for about a second on a form of six 10 MB photos (and many seconds on a form
 * of many parts): each chunk is copied into one buffer as it comes, the parts are found with
 * `Buffer.indexOf`, and each file is a view of that buffer until it is wrapped in a File.
 * The rest of a refused body is left to finishRefusedBody (lib/security.ts).
 */
export async function readForm(
	body: ReadableStream<Uint8Array>,
	options: { boundary: string; maxSize: number; maxParts: number; declaredSize?: number },
): Promise<FormReading> {
	const delimiter = Buffer.from(`--${options.boundary}`);
	const keep = delimiter.length - 1;
	const declared = options.declaredSize;
	let buffer = Buffer.allocUnsafe(
		declared !== undefined && declared <= options.maxSize ? declared : 64 * 1024,
	);
	let size = 0;
	let delimiters = 0;
	const reader = body.getReader();
	try {
		for (;;) {
			const { done, value } = await reader.read();
			if (done) break;
			if (size + value.byteLength > options.maxSize) return "too large";
			if (size + value.byteLength > buffer.length) {
				const grown = Buffer.allocUnsafe(
					Math.min(options.maxSize, Math.max(size + value.byteLength, buffer.length * 2)),
				);
				buffer.copy(grown, 0, 0, size);
				buffer = grown;
			}
			buffer.set(value, size);
			// Search the new bytes and the delimiter's length before them (one split across chunks,
			// however small they are).
			const from = Math.max(0, size - keep);
			size += value.byteLength;
			delimiters += count(buffer.subarray(from, size), delimiter);
			if (delimiters > options.maxParts + 1) return "too many parts";
		}
	} finally {
		reader.releaseLock();
	}
	return parseForm(buffer.subarray(0, size), delimiter);
}

function count(haystack: Buffer, needle: Buffer): number {
	let found = 0;
	for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) found++;
	return found;
}

const CRLF = Buffer.from("\r\n");
const HEADERS_END = Buffer.from("\r\n\r\n");
const malformed = () => badRequest("The upload is not a complete form. Please try again.");

/** The parts of a whole multipart body (RFC 7578), as FormData: files as File, the rest as text. */
function parseForm(body: Buffer, delimiter: Buffer): FormData {
	const form = new FormData();
	const next = Buffer.concat([CRLF, delimiter]);
	// The first delimiter opens the body, or follows a preamble and a line break.
	let at = body.subarray(0, delimiter.length).equals(delimiter) ? 0 : body.indexOf(next);
	if (at === -1) throw malformed();
	if (at > 0) at += CRLF.length;
	for (;;) {
		at += delimiter.length;
		if (body[at] === 0x2d && body[at + 1] === 0x2d) return form; // "--": the closing delimiter
		const headersStart = body.indexOf(CRLF, at);
		if (headersStart === -1) throw malformed();
		const headersEnd = body.indexOf(HEADERS_END, headersStart);
		if (headersEnd === -1 || headersEnd - headersStart > MAX_PART_HEADERS) throw malformed();
		const contentStart = headersEnd + HEADERS_END.length;
		const contentEnd = body.indexOf(next, contentStart);
		if (contentEnd === -1) throw malformed();
		const part = partHeaders(body.toString("utf8", headersStart + CRLF.length, headersEnd));
		const content = body.subarray(contentStart, contentEnd);
		if (part.name !== null) {
			if (part.fileName === null) form.append(part.name, content.toString("utf8"));
			else
				form.append(
					part.name,
					new File([content as Uint8Array<ArrayBuffer>], part.fileName, { type: part.type }),
				);
		}
		at = contentEnd + CRLF.length;
	}
}

/** A part's field name, file name (null for a text field) and content type. */
function partHeaders(text: string): { name: string | null; fileName: string | null; type: string } {
	let disposition = "";
	let type = "application/octet-stream";
	for (const line of text.split("\r\n")) {
		const colon = line.indexOf(":");
		const header = line.slice(0, colon).trim().toLowerCase();
		const value = line.slice(colon + 1).trim();
		if (header === "content-disposition") disposition = value;
		else if (header === "content-type" && value) type = value;
	}
	if (!/^form-data\s*(;|$)/i.test(disposition)) throw malformed();
	const params = new Map<string, string>();
	for (const [, key, quoted, bare] of disposition.matchAll(
		/;\s*([^=;\s]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g,
	)) {
		params.set(key!.toLowerCase(), quoted?.replace(/\\(.)/g, "$1") ?? bare!.trim());
	}
	// filename*=UTF-8''... (RFC 5987) wins over filename where a client sends both.
	const extended = /^utf-8''(.*)$/i.exec(params.get("filename*") ?? "");
	let fileName = params.get("filename") ?? null;
	if (extended) {
		try {
			fileName = decodeURIComponent(extended[1]!);
		} catch {
			throw malformed();
		}
	}
	return { name: params.get("name") ?? null, fileName, type };
}
