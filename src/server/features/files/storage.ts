/** A byte range of a stored file, both ends included (as in an HTTP Range header). */
interface ByteRange {
	start: number;
	end: number;
}

/** One stored file as listed: its key, size and when it was written. */
export interface StoredEntry {
	key: string;
	size: number;
	lastModified: Date;
}

/**
 * Where uploaded files live: this server's disk, or an S3-compatible bucket shared by every
 * instance. The features that store files see only these calls.
 */
export interface FileStorage {
	/** Where the files are, for logs and messages: a folder or s3://bucket. */
	readonly location: string;
	/** Stores bytes under a new key; refuses to overwrite an existing one (StorageKeyTaken). */
	put(key: string, data: Uint8Array, contentType: string): Promise<void>;
	/** The bytes, or null when nothing is stored under the key. */
	get(key: string): Promise<Buffer | null>;
	/** A stream of the bytes (of `range` only, when given), or null when nothing is stored. */
	read(key: string, range?: ByteRange): Promise<ReadableStream<Uint8Array> | null>;
	/** Removes the key; removing a missing key is not an error. */
	delete(key: string): Promise<void>;
	/** Every stored file whose key starts with `prefix`, a page at a time. */
	list(prefix?: string): AsyncIterable<StoredEntry[]>;
	/** Resolves when the store answers (the health check), rejects otherwise. */
	check(signal: AbortSignal): Promise<void>;
}

/** Thrown by `put` when the key already holds a file: a stored file is never replaced. */
export class StorageKeyTaken extends Error {
	constructor(key: string) {
		super(`A file is already stored under ${key}`);
		this.name = "StorageKeyTaken";
	}
}

/** Keys are relative paths of safe segments: "quote-photos/<uuid>/<uuid>.jpg". */
const KEY_RE = /^[a-z0-9][a-z0-9_-]*(?:\/[a-z0-9][a-z0-9_.-]*)*$/i;

export function assertStorageKey(key: string): void {
	if (!KEY_RE.test(key) || key.includes("..") || key.length > 300) {
		throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
	}
}

/** Files being written under a temporary name (renamed into place once complete). */
export const isPartialFile = (key: string) => key.endsWith(".part");
