import { and, eq } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import type { FileKind } from "../../../shared/files.ts";
import type { Deps } from "../../app-env.ts";
import type { Executor } from "../../db/database.ts";
import { files } from "../../db/schema.ts";
import type { Env } from "../../env.ts";
import type { Actor } from "../../lib/actor.ts";
import { AppError, badRequest, notFound } from "../../lib/errors.ts";
import { createStorage } from "./storage.ts";

/** Largest upload accepted for a photo or attachment (PRODUCT: 10 MB per file). */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

/** Image types accepted, as detected from the bytes (never from the name or the browser's type). */
export const IMAGE_TYPES = new Set([
	"image/jpeg",
	"image/png",
	"image/webp",
	"image/gif",
	"image/heic",
	"image/heif",
]);

/** Stored photos are at most this wide and tall; larger ones are scaled down. */
const MAX_DIMENSION = 2560;
/** Refuse "decompression bombs": ~70 megapixels covers every phone camera. */
const MAX_INPUT_PIXELS = 70_000_000;

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

/**
 * Checks each upload's size and real type, then re-encodes it with sharp: turned upright from its
 * EXIF orientation, scaled down to MAX_DIMENSION, and written as JPEG (WebP when it has
 * transparency). Re-encoding drops every piece of metadata, GPS position included.
 */
export async function prepareImages(options: {
	files: readonly File[];
	maxBytes?: number;
}): Promise<PreparedImage[]> {
	const maxBytes = options.maxBytes ?? MAX_FILE_BYTES;
	const limitMb = Math.round(maxBytes / (1024 * 1024));
	// Cheap checks for every file first, so a bad last file fails before any work is done.
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
		checked.push({ name, bytes });
	}
	const prepared: PreparedImage[] = [];
	for (const { name, bytes } of checked) {
		prepared.push(await reencode(name, bytes));
	}
	return prepared;
}

async function reencode(name: string, bytes: Uint8Array): Promise<PreparedImage> {
	const stem = name.replace(/\.[^.]*$/, "") || "photo";
	try {
		const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" });
		// An alpha channel that is fully opaque (common in PNG and GIF) needs no WebP.
		const { hasAlpha } = await image.metadata();
		const transparent = hasAlpha && !(await image.clone().stats()).isOpaque;
		const upright = image.rotate().resize({
			width: MAX_DIMENSION,
			height: MAX_DIMENSION,
			fit: "inside",
			withoutEnlargement: true,
		});
		if (transparent) {
			const data = await upright.webp({ quality: 85 }).toBuffer();
			return { fileName: `${stem}.webp`, contentType: "image/webp", extension: "webp", data };
		}
		const data = await upright.jpeg({ quality: 85, mozjpeg: true }).toBuffer();
		return { fileName: `${stem}.jpg`, contentType: "image/jpeg", extension: "jpg", data };
	} catch {
		// Damaged files, images too large to open, or HEIC variants the image library cannot decode.
		throw badRequest(
			`We couldn't read the photo "${name}". Please save it as a JPEG or PNG and try again.`,
			"unreadable_image",
		);
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
			await storage.put(file.storageKey, file.data, file.contentType);
			written.push(file.storageKey);
		}
		return await options.commit();
	} catch (error) {
		await Promise.allSettled(written.map((key) => storage.delete(key)));
		throw error;
	}
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

/**
 * A stored file for the acting user: an owner (also while previewing the customer app) may read
 * any file, a customer only files of their own. Anything else is "not found", so ids of other
 * people's files reveal nothing.
 */
export async function readFile(options: {
	deps: Pick<Deps, "db" | "env">;
	actor: Actor;
	id: string;
}) {
	const { deps, id, actor } = options;
	const [row] = await deps.db
		.select({
			storageKey: files.storageKey,
			fileName: files.fileName,
			contentType: files.contentType,
		})
		.from(files)
		.where(
			actor.role === "owner" ? eq(files.id, id) : and(eq(files.id, id), eq(files.userId, actor.id)),
		);
	const data = row ? await createStorage(deps.env).get(row.storageKey) : null;
	if (!row || !data) throw notFound("File not found");
	return { ...row, data };
}
