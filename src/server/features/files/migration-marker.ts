import fs from "node:fs/promises";
import path from "node:path";
import type { Env } from "../../env.ts";
import { localUploadsDir } from "./configured-storage.ts";
import { createLocalStorage } from "./local-storage.ts";
import { isPartialFile } from "./storage.ts";

/**
 * Written into DATA_DIR/uploads by `npm run files:migrate` once every file there is in the bucket,
 * verified: the server uses the bucket only then (a dot file, so never listed as a stored file).
 */
const markerFile = (env: Pick<Env, "DATA_DIR">) =>
	path.join(localUploadsDir(env), ".in-bucket.json");

/** Which bucket the local files were copied to, or null when they were not (yet). */
async function migratedTo(env: Pick<Env, "DATA_DIR">): Promise<string | null> {
	try {
		const marker = JSON.parse(await fs.readFile(markerFile(env), "utf8")) as { bucket?: string };
		return marker.bucket ?? null;
	} catch {
		return null;
	}
}

export async function writeMigrationMarker(
	env: Pick<Env, "DATA_DIR">,
	facts: { bucket: string; endpoint?: string; files: number; bytes: number },
) {
	await fs.mkdir(localUploadsDir(env), { recursive: true });
	const text = JSON.stringify({ ...facts, at: new Date().toISOString() }, null, 2);
	await fs.writeFile(markerFile(env), `${text}\n`, { mode: 0o640 });
}

/**
 * With a bucket configured, refuses to start while this server's disk holds files that were not
 * copied to it: rows would name files the bucket lacks. A disk without files has nothing to move.
 */
export async function assertFilesInConfiguredStorage(env: Pick<Env, "DATA_DIR" | "S3_BUCKET">) {
	if (!env.S3_BUCKET) return;
	if ((await migratedTo(env)) === env.S3_BUCKET) return;
	for await (const page of createLocalStorage({ root: localUploadsDir(env) }).list()) {
		if (page.some((entry) => !isPartialFile(entry.key)))
			throw new Error(
				`S3_BUCKET is set, but ${localUploadsDir(env)} still holds files that are not in the bucket "${env.S3_BUCKET}". Run \`npm run files:migrate\` to copy them there (it checks every file), then start the server again; or unset S3_BUCKET to keep using this disk.`,
			);
	}
}
