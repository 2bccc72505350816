import { createHash } from "node:crypto";
import { availableParallelism } from "node:os";
import { type FileStorage, isPartialFile, StorageKeyTaken, type StoredEntry } from "./storage.ts";

/** How far a migration is: files done (copied, found in place, or failed) of all, and bytes. */
export interface MigrationProgress {
	done: number;
	total: number;
	bytes: number;
	totalBytes: number;
}

export interface MigrationSummary extends MigrationProgress {
	/** Written to the target and read back identical. */
	copied: number;
	/** In the target already, identical (a run resumed after an interruption). */
	alreadyThere: number;
	/** Files that could not be copied, or whose copy differs: the migration is not complete. */
	failed: { key: string; reason: string }[];
	ms: number;
}

const TYPES: Record<string, string> = {
	jpg: "image/jpeg",
	jpeg: "image/jpeg",
	png: "image/png",
	webp: "image/webp",
	gif: "image/gif",
	pdf: "application/pdf",
};
const typeOf = (key: string) =>
	TYPES[key.split(".").pop()?.toLowerCase() ?? ""] ?? "application/octet-stream";

const sha256 = (data: Uint8Array) => createHash("sha256").update(data).digest("hex");

/**
 * Copies every file of `source` to `target` under the same key and checks each copy by reading it
 * back: same size, same SHA-256. Resumable and idempotent: a file already in the target is checked
 * rather than written again, and nothing in the target is ever replaced (a different file under
 * the same key is reported, not overwritten).
 */
export async function migrateFiles(options: {
	source: FileStorage;
	target: FileStorage;
	concurrency?: number;
	onProgress?: (progress: MigrationProgress) => void;
}): Promise<MigrationSummary> {
	const { source, target } = options;
	const started = performance.now();
	const entries: StoredEntry[] = [];
	for await (const page of source.list())
		entries.push(...page.filter((entry) => !isPartialFile(entry.key)));
	const summary: MigrationSummary = {
		done: 0,
		total: entries.length,
		bytes: 0,
		totalBytes: entries.reduce((sum, e) => sum + e.size, 0),
		copied: 0,
		alreadyThere: 0,
		failed: [],
		ms: 0,
	};
	const copyOne = async (key: string) => {
		const data = await source.get(key);
		if (!data) return; // removed since it was listed: nothing to copy
		const expected = sha256(data);
		const sameAs = (copy: Buffer | null) =>
			copy !== null && copy.byteLength === data.byteLength && sha256(copy) === expected;
		const existing = await target.get(key);
		if (existing) {
			if (sameAs(existing)) summary.alreadyThere++;
			else summary.failed.push({ key, reason: "a different file is stored under this key" });
			return;
		}
		try {
			await target.put(key, data, typeOf(key));
		} catch (error) {
			if (!(error instanceof StorageKeyTaken)) throw error;
		}
		if (sameAs(await target.get(key))) summary.copied++;
		else summary.failed.push({ key, reason: "the copy read back differs in size or checksum" });
	};
	let next = 0;
	const worker = async () => {
		while (next < entries.length) {
			const entry = entries[next++]!;
			try {
				await copyOne(entry.key);
			} catch (error) {
				summary.failed.push({ key: entry.key, reason: (error as Error).message });
			}
			summary.done++;
			summary.bytes += entry.size;
			options.onProgress?.({ ...summary });
		}
	};
	const concurrency = options.concurrency ?? Math.max(2, availableParallelism() * 2);
	await Promise.all(Array.from({ length: Math.min(concurrency, entries.length) }, worker));
	summary.ms = performance.now() - started;
	return summary;
}
