import { availableParallelism } from "node:os";
import { and, eq } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import sharp, { type Sharp } from "sharp";
import type { FileKind } from "../../../shared/files.ts";
import type { Deps } from "../../app-env.ts";
import type { Executor } from "../../db/database.ts";
import { files } from "../../db/schema.ts";
import type { Env } from "../../env.ts";
import type { Actor } from "../../lib/actor.ts";
import { AppError, badRequest, notFound } from "../../lib/errors.ts";
import { createStorage } from "./configured-storage.ts";
import { createWorkQueue } from "./image-queue.ts";

/** Largest upload accepted for a photo or attachment (PRODUCT: 10 MB per file). */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

/** Image types accepted, as detected from the bytes (never from the name or the browser's type). */
const IMAGE_TYPES = new Set([
	"image/jpeg",
	"image/png",
	"image/webp",
	"image/gif",
	"image/heic",
	"image/heif",
]);

/** Stored photos are at most this wide and tall; larger ones are scaled down. */
const MAX_DIMENSION = 2560;
/**
 * Photos beyond this are refused before they are decoded: phone cameras save 12 to 24 megapixels
 * (48 in their largest mode, which people rarely send), and each megapixel costs 4 MB to decode.
 */
const MAX_INPUT_PIXELS = 40_000_000;
const MAX_MEGAPIXELS = MAX_INPUT_PIXELS / 1_000_000;

/**
 * Photos processed at once across the process (one or two), each on one libvips thread: the other
 * cores stay free for every other request while big photos are processed.
 */
const IMAGE_CONCURRENCY = Math.min(2, Math.max(1, availableParallelism() - 1));
sharp.concurrency(1);
/** Six uploads of six photos may wait their turn; more are refused until the queue shortens. */
const imageQueue = createWorkQueue({ concurrency: IMAGE_CONCURRENCY, maxWaiting: 36 });

export interface PreparedImage {
	fileName: string;
	contentType: "image/jpeg" | "image/webp";
	extension: "jpg" | "webp";
	data: Buffer;
}

/** A person's file name, made safe to store and show: no folders, no control characters. */
function displayName(name: string, fallback: string): string {
	const base = name.split(/[\\/]/).pop() ?? "";
	const clean = base.replace(/[\p{Cc}\p{Cf}"]/gu, "").trim();
	return (clean || fallback).slice(0, 120);
}

const unreadable = (name: string) =>
	badRequest(
		`We couldn't read the photo "${name}". Please save it as a JPEG or PNG and try again.`,
		"unreadable_image",
	);

/**
 * Checks each upload's size, real type and dimensions, then re-encodes it with sharp: turned
 * upright from its EXIF orientation, scaled down to MAX_DIMENSION, and written as JPEG (WebP when
 * it has transparency). Re-encoding drops every piece of metadata, GPS position included. The
 * re-encoding waits its turn in the process's image queue; an upload's photos queue together.
 */
export async function prepareImages(options: {
	files: readonly File[];
	maxBytes?: number;
}): Promise<PreparedImage[]> {
	const maxBytes = options.maxBytes ?? MAX_FILE_BYTES;
	const limitMb = Math.round(maxBytes / (1024 * 1024));
	// Cheap checks for every file first (the headers only), so a bad last file fails before any
	// photo is decoded.
	const checked = [];
	for (const [index, file] of options.files.entries()) {
		const name = displayName(file.name, `Photo ${index + 1}`);
		if (file.size > maxBytes)
			throw new AppError(
				413,
				`"${name}" is larger than ${limitMb} MB. Please choose a smaller photo (at most ${limitMb} MB each).`,
				"file_too_large",
			);
		const bytes = new Uint8Array(await file.arrayBuffer());
		const type = await fileTypeFromBuffer(bytes);
		if (!type || !IMAGE_TYPES.has(type.mime))
			throw badRequest(
				`"${name}" is not a supported image. Please upload JPEG, PNG, WebP, GIF or HEIC photos.`,
				"unsupported_file_type",
			);
		const { width, height, hasAlpha } = await sharp(bytes)
			.metadata()
			.catch(() => {
				throw unreadable(name);
			});
		if (!width || !height) throw unreadable(name);
		if (width * height > MAX_INPUT_PIXELS)
			throw new AppError(
				413,
				`"${name}" is ${Math.round((width * height) / 1_000_000)} megapixels. Please send a smaller photo (at most ${MAX_MEGAPIXELS} megapixels, as a phone camera takes them).`,
				"image_too_large",
			);
		checked.push({ name, bytes, hasAlpha });
	}
	return imageQueue.runAll(checked.map((image) => () => reencode(image)));
}

/** One decode: straight to the stored size, and from there to the stored format. */
async function reencode(image: {
	name: string;
	bytes: Uint8Array;
	hasAlpha: boolean;
}): Promise<PreparedImage> {
	const { name, bytes } = image;
	const stem = name.replace(/\.[^.]*$/, "") || "photo";
	const jpeg = async (pipeline: Sharp): Promise<PreparedImage> => ({
		fileName: `${stem}.jpg`,
		contentType: "image/jpeg",
		extension: "jpg",
		data: await pipeline.jpeg({ quality: 85, mozjpeg: true }).toBuffer(),
	});
	try {
		const upright = sharp(bytes, {
			limitInputPixels: MAX_INPUT_PIXELS,
			failOn: "error",
			sequentialRead: true,
		})
			.rotate()
			.resize({
				width: MAX_DIMENSION,
				height: MAX_DIMENSION,
				fit: "inside",
				withoutEnlargement: true,
			});
		if (!image.hasAlpha) return await jpeg(upright);
		// Whether the alpha channel is used (often it is fully opaque, in PNG and GIF, and then
		// needs no WebP) is known only from the pixels: they are decoded once, at the stored size,
		// looked at, and encoded from there.
		const { data, info } = await upright.raw().toBuffer({ resolveWithObject: true });
		const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
		if ((await sharp(data, raw).stats()).isOpaque) return await jpeg(sharp(data, raw));
		return {
			fileName: `${stem}.webp`,
			contentType: "image/webp",
			extension: "webp",
			data: await sharp(data, raw).webp({ quality: 85 }).toBuffer(),
		};
	} catch {
		// Damaged files, or HEIC variants the image library cannot decode.
		throw unreadable(name);
	}
}

export interface FileToStore {
	id: string;
	storageKey: string;
	fileName: string;
	contentType: string;
	data: Uint8Array;
}

/**
 * Writes files to storage, then runs `commit` (the transaction that records them). If a write or
 * the commit fails, every file written is removed again, so a failed request leaves nothing behind.
 */
export async function storeFiles<T>(options: {
	env: Pick<Env, "DATA_DIR">;
	files: readonly FileToStore[];
	commit: () => Promise<T>;
}): Promise<T> {
	const storage = createStorage(options.env);
	const written: string[] = [];
	try {
		for (const file of options.files) {
			await storage.put(file.storageKey, file.data, file.contentType).catch((error) => {
				if (error instanceof AppError) throw error;
				throw storageUnavailable(error, "We couldn't save your files just now");
			});
			written.push(file.storageKey);
		}
		return await options.commit();
	} catch (error) {
		await Promise.allSettled(written.map((key) => storage.delete(key)));
		throw error;
	}
}

/**
 * The file storage failed (a bucket that does not answer): the request is answered 503, "try
 * again", and the cause is kept for the log.
 */
function storageUnavailable(cause: unknown, what: string) {
	return Object.assign(new AppError(503, `${what}. Please try again in a minute.`, "busy"), {
		cause,
	});
}

/** Removes stored files' bytes once the rows naming them are gone; a leftover is only logged. */
export async function removeStoredFiles(options: {
	deps: Pick<Deps, "env" | "logger">;
	keys: readonly string[];
}) {
	const storage = createStorage(options.deps.env);
	for (const key of options.keys) {
		await storage
			.delete(key)
			.catch((err) => options.deps.logger.warn({ err, key }, "file not removed"));
	}
}

/** Records stored files in the `files` table (pass the transaction that makes their owner). */
export async function recordFiles(options: {
	db: Executor;
	kind: FileKind;
	files: readonly FileToStore[];
	link: {
		marketingQuoteRequestId?: string;
		quoteRequestId?: string;
		serviceRequestId?: string;
		userId?: string;
	};
	uploadedBy?: string;
}): Promise<void> {
	if (options.files.length === 0) return;
	await options.db.insert(files).values(
		options.files.map((f) => ({
			id: f.id,
			kind: options.kind,
			storageKey: f.storageKey,
			fileName: f.fileName,
			contentType: f.contentType,
			sizeBytes: f.data.byteLength,
			uploadedBy: options.uploadedBy,
			...options.link,
		})),
	);
}

/** Which bytes of a file a Range header asks for: all of them, a range, or none that exist. */
type RangeAnswer =
	| { kind: "all" }
	| { kind: "range"; start: number; end: number }
	| { kind: "none" };

/**
 * Reads one `bytes=` range (a video player's or a resumed download's request) against the file's
 * size. Several ranges, other units or a malformed header get the whole file, as HTTP allows.
 */
export function parseRange(header: string | undefined, size: number): RangeAnswer {
	const found = header?.trim().match(/^bytes=(\d*)-(\d*)$/);
	if (!found || (found[1] === "" && found[2] === "")) return { kind: "all" };
	const [, from, to] = found as unknown as [string, string, string];
	if (from === "") {
		// The last N bytes.
		const suffix = Number(to);
		if (suffix === 0 || size === 0) return { kind: "none" };
		return { kind: "range", start: Math.max(0, size - suffix), end: size - 1 };
	}
	const start = Number(from);
	const end = to === "" ? size - 1 : Math.min(Number(to), size - 1);
	if (to !== "" && Number(to) < start) return { kind: "all" };
	if (start >= size) return { kind: "none" };
	return { kind: "range", start, end };
}

/**
 * A stored file's record for the acting user: an owner (also while previewing the customer app)
 * may read any file, a crew member the installation photos, a customer only files of their own. Anything else is "not found", so ids of
 * other people's files reveal nothing.
 */
export async function findFile(options: { deps: Pick<Deps, "db">; actor: Actor; id: string }) {
	const { deps, id, actor } = options;
	const [row] = await deps.db
		.select({
			storageKey: files.storageKey,
			fileName: files.fileName,
			contentType: files.contentType,
			sizeBytes: files.sizeBytes,
		})
		.from(files)
		.where(
			actor.role === "owner"
				? eq(files.id, id)
				: actor.role === "crew"
					? // The crews see the houses' installation photos, nothing else anyone uploaded.
						and(eq(files.id, id), eq(files.kind, "installation_media"))
					: and(eq(files.id, id), eq(files.userId, actor.id)),
		);
	if (!row) throw notFound("File not found");
	return row;
}

/** The bytes of a file found with `findFile` (of `range` only, when given), as a stream. */
export async function openFile(options: {
	deps: Pick<Deps, "env" | "logger">;
	storageKey: string;
	range?: { start: number; end: number };
}): Promise<ReadableStream<Uint8Array>> {
	const body = await createStorage(options.deps.env)
		.read(options.storageKey, options.range)
		.catch((error) => {
			options.deps.logger.error({ err: error, key: options.storageKey }, "file storage failed");
			throw storageUnavailable(error, "We couldn't load this file just now");
		});
	if (!body) {
		// A row without its bytes: written first and removed last, so this should never be.
		options.deps.logger.error(
			{ key: options.storageKey },
			"a recorded file is missing from storage",
		);
		throw notFound("File not found");
	}
	return body;
}

/** Resolves when the file storage answers (the health check); rejects otherwise. */
export async function checkFileStorage(options: { deps: Pick<Deps, "env">; signal: AbortSignal }) {
	await createStorage(options.deps.env).check(options.signal);
}
