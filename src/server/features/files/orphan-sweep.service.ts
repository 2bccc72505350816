import { inArray } from "drizzle-orm";
import type { Deps } from "../../app-env.ts";
import { files } from "../../db/schema.ts";
import { createStorage } from "./configured-storage.ts";

/**
 * How old an unrecorded file must be before it is removed. A file is written before the
 * transaction that records it, which takes seconds at most: a day leaves any upload under way alone.
 */
export const ORPHAN_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * Removes stored files that no row names and that are older than ORPHAN_AGE_MS: left by a server
 * that stopped between writing a file and recording it, or after a row's removal when deleting its
 * bytes failed. Safe on several instances at once (deleting twice is not an error).
 */
export async function sweepOrphanFiles(options: {
	deps: Pick<Deps, "db" | "env" | "logger">;
	now?: Date;
}): Promise<{ checked: number; removed: number }> {
	const { deps } = options;
	const storage = createStorage(deps.env);
	const cutoff = (options.now ?? new Date()).getTime() - ORPHAN_AGE_MS;
	let checked = 0;
	let removed = 0;
	for await (const page of storage.list()) {
		const old = page.filter((entry) => entry.lastModified.getTime() < cutoff);
		checked += page.length;
		if (old.length === 0) continue;
		const keys = old.map((entry) => entry.key);
		const recorded = await deps.db
			.select({ key: files.storageKey })
			.from(files)
			.where(inArray(files.storageKey, keys));
		const known = new Set(recorded.map((r) => r.key));
		for (const key of keys) {
			if (known.has(key)) continue;
			await storage.delete(key);
			removed++;
		}
	}
	if (removed > 0)
		deps.logger.info({ removed, checked, location: storage.location }, "unrecorded files removed");
	return { checked, removed };
}
