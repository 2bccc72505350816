// `npm run files:migrate`: copies every file in DATA_DIR/uploads to the bucket named by S3_BUCKET,
// checks each copy (size and SHA-256), and only when all are there marks the folder as moved, so
// the server starts using the bucket. Safe to run again, and to stop and resume: files already in
// the bucket are checked, not copied twice; nothing in the bucket is ever replaced.
import fs from "node:fs";
import { parseEnv } from "../src/server/env.ts";
import { createStorage, localUploadsDir } from "../src/server/features/files/configured-storage.ts";
import { createLocalStorage } from "../src/server/features/files/local-storage.ts";
import {
	type MigrationProgress,
	migrateFiles,
} from "../src/server/features/files/migrate-files.ts";
import { writeMigrationMarker } from "../src/server/features/files/migration-marker.ts";

if (fs.existsSync(".env")) process.loadEnvFile(".env");
let env: ReturnType<typeof parseEnv>;
try {
	env = parseEnv();
} catch (error) {
	console.error((error as Error).message);
	process.exit(1);
}
if (!env.S3_BUCKET) {
	console.error(
		"S3_BUCKET is not set: name the bucket to copy DATA_DIR/uploads to (with S3_ENDPOINT and the keys, see .env.example).",
	);
	process.exit(1);
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const source = createLocalStorage({ root: localUploadsDir(env) });
const target = createStorage(env);
const tty = process.stdout.isTTY;
const started = performance.now();
let step = 1;
let shown = -1;
const show = (p: MigrationProgress) => {
	const seconds = (performance.now() - started) / 1000;
	const rate = seconds > 0 ? (p.done / seconds).toFixed(1) : "-";
	const share = p.total ? p.done / p.total : 1;
	const bar = "#".repeat(Math.round(share * 30)).padEnd(30, "-");
	const line = `[${bar}] ${p.done}/${p.total} files  ${mb(p.bytes)}/${mb(p.totalBytes)} MB  ${rate} files/s`;
	if (tty) process.stdout.write(`\r${line}`);
	else if (p.done === p.total || p.done - shown >= step) {
		// A log, not a terminal: a line per hundredth of the files.
		shown = p.done;
		console.log(line);
	}
};

console.log(`Copying ${source.location} to ${target.location}`);
try {
	await target.check(AbortSignal.timeout(10_000));
} catch (error) {
	console.error(`The bucket ${target.location} does not answer: ${(error as Error).message}`);
	process.exit(1);
}
const summary = await migrateFiles({
	source,
	target,
	onProgress: (p) => {
		step = Math.max(1, Math.floor(p.total / 100));
		show(p);
	},
});
if (tty) process.stdout.write("\n");
const seconds = summary.ms / 1000;
console.log(
	[
		"",
		`Files: ${summary.total} (${mb(summary.totalBytes)} MB)`,
		`  copied and checked:        ${summary.copied}`,
		`  already in the bucket:     ${summary.alreadyThere}`,
		`  failed:                    ${summary.failed.length}`,
		`Time: ${seconds.toFixed(1)} s (${(summary.total / Math.max(seconds, 0.001)).toFixed(1)} files/s)`,
	].join("\n"),
);
if (summary.failed.length > 0) {
	for (const f of summary.failed.slice(0, 20)) console.error(`  ${f.key}: ${f.reason}`);
	console.error(
		"\nNot every file is in the bucket: the server keeps refusing to use it. Fix the above and run `npm run files:migrate` again.",
	);
	process.exit(1);
}
await writeMigrationMarker(env, {
	bucket: env.S3_BUCKET,
	endpoint: env.S3_ENDPOINT,
	files: summary.total,
	bytes: summary.totalBytes,
});
console.log(`\nEvery file is in ${target.location}. Start the server with S3_BUCKET set.`);
