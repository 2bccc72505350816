import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Env } from "../../env.ts";

/**
 * Where uploaded files live. Local disk today; an S3-compatible bucket can implement the same
 * three calls later without touching the features that store files.
 */
export interface FileStorage {
	/** Stores bytes under a new key; refuses to overwrite an existing one. */
	put(key: string, data: Uint8Array, contentType: string): Promise<void>;
	/** The bytes, or null when nothing is stored under the key. */
	get(key: string): Promise<Buffer | null>;
	/** Removes the key; removing a missing key is not an error. */
	delete(key: string): Promise<void>;
}

/** Keys are relative paths of safe segments: "quote-photos/<uuid>/<uuid>.jpg". */
const KEY_RE = /^[a-z0-9][a-z0-9_-]*(?:\/[a-z0-9][a-z0-9_.-]*)*$/i;

export function assertStorageKey(key: string): void {
	if (!KEY_RE.test(key) || key.includes("..") || key.length > 300) {
		throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
	}
}

/** Files under one folder, each key a relative path in it; writes are atomic (temp file + rename). */
export function createLocalStorage(options: { root: string }): FileStorage {
	const root = path.resolve(options.root);
	const fileFor = (key: string) => {
		assertStorageKey(key);
		return path.join(root, ...key.split("/"));
	};
	return {
		async put(key, data) {
			const file = fileFor(key);
			await fs.mkdir(path.dirname(file), { recursive: true });
			const temp = `${file}.${randomUUID()}.part`;
			try {
				await fs.writeFile(temp, data, { flag: "wx", mode: 0o640 });
				await fs.link(temp, file); // fails with EEXIST instead of replacing a stored file
			} finally {
				await fs.rm(temp, { force: true });
			}
		},
		async get(key) {
			try {
				return await fs.readFile(fileFor(key));
			} catch (error) {
				if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
				throw error;
			}
		},
		async delete(key) {
			const file = fileFor(key);
			await fs.rm(file, { force: true });
			// Leave no empty folders behind (a request's photo folder after a failed upload).
			for (
				let dir = path.dirname(file);
				dir !== root && dir.startsWith(root);
				dir = path.dirname(dir)
			) {
				try {
					await fs.rmdir(dir);
				} catch {
					break; // not empty, or already gone
				}
			}
		},
	};
}

/** The storage configured for this server: `$DATA_DIR/uploads`. */
export function createStorage(env: Pick<Env, "DATA_DIR">): FileStorage {
	return createLocalStorage({ root: path.join(env.DATA_DIR, "uploads") });
}
