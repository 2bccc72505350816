import fs from "node:fs";
import type { Logger } from "./logger.ts";

/**
 * Below this many open files a busy evening runs out: every live stream, upload and database
 * connection holds one, and at the limit the server silently stops accepting anyone.
 */
export const LOW_FILE_LIMIT = 8192;

/** The process's soft limit on open files, from Linux's /proc; null where that cannot be read. */
export function openFileLimit(limits?: string): number | null {
	let text = limits;
	if (text === undefined) {
		try {
			text = fs.readFileSync("/proc/self/limits", "utf8");
		} catch {
			return null;
		}
	}
	const soft = text.match(/^Max open files\s+(\S+)/m)?.[1];
	if (!soft) return null;
	return soft === "unlimited" ? Number.POSITIVE_INFINITY : Number(soft);
}

/** Warns at start-up when the open-file limit leaves too little room, saying how to raise it. */
export function checkFileLimit(logger: Logger, limit = openFileLimit()): void {
	if (limit === null || limit >= LOW_FILE_LIMIT) return;
	logger.warn(
		{ openFileLimit: limit, recommended: LOW_FILE_LIMIT },
		`the open-file limit is ${limit}: each live page, upload and database connection holds one, so raise it to at least ${LOW_FILE_LIMIT} (ulimit -n, or LimitNOFILE= in a systemd unit)`,
	);
}
