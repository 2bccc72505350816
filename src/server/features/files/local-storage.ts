import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import {
	assertStorageKey,
	type FileStorage,
	StorageKeyTaken,
	type StoredEntry,
} from "./storage.ts";

/** Files under one folder, each key a relative path in it; writes are atomic (temp file + link). */
export function createLocalStorage(options: { root: string }): FileStorage {
	const root = path.resolve(options.root);
	const fileFor = (key: string) => {
		assertStorageKey(key);
		return path.join(root, ...key.split("/"));
	};
	const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === "ENOENT";
	return {
		location: root,
		async put(key, data) {
			const file = fileFor(key);
			await fs.mkdir(path.dirname(file), { recursive: true });
			const temp = `${file}.${randomUUID()}.part`;
			try {
				await fs.writeFile(temp, data, { flag: "wx", mode: 0o640 });
				await fs.link(temp, file); // fails with EEXIST instead of replacing a stored file
			} catch (error) {
				if ((error as NodeJS.ErrnoException).code === "EEXIST") throw new StorageKeyTaken(key);
				throw error;
			} finally {
				await fs.rm(temp, { force: true });
			}
		},
		async get(key) {
			try {
				return await fs.readFile(fileFor(key));
			} catch (error) {
				if (missing(error)) return null;
				throw error;
			}
		},
		async read(key, range) {
			let handle: fs.FileHandle;
			try {
				handle = await fs.open(fileFor(key), "r");
			} catch (error) {
				if (missing(error)) return null;
				throw error;
			}
			const stream = handle.createReadStream(range ? { ...range, autoClose: true } : {});
			return Readable.toWeb(stream) as ReadableStream<Uint8Array>;
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
		async *list(prefix = "") {
			let entries: import("node:fs").Dirent[];
			try {
				entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
			} catch (error) {
				if (missing(error)) return;
				throw error;
			}
			let page: StoredEntry[] = [];
			for (const entry of entries) {
				if (!entry.isFile() || entry.name.startsWith(".")) continue;
				const file = path.join(entry.parentPath, entry.name);
				const key = path.relative(root, file).split(path.sep).join("/");
				if (!key.startsWith(prefix)) continue;
				const stat = await fs.stat(file).catch(() => null);
				if (!stat) continue; // removed meanwhile
				page.push({ key, size: stat.size, lastModified: stat.mtime });
				if (page.length === 1000) {
					yield page;
					page = [];
				}
			}
			if (page.length > 0) yield page;
		},
		async check() {
			await fs.mkdir(root, { recursive: true });
			await fs.access(root, fs.constants.R_OK | fs.constants.W_OK);
		},
	};
}
