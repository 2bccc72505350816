// `npm run bench:files`: what the file stores cost. A 3 MB photo written and read back N times,
// one after the other, on the local disk and on a local S3-compatible server (s3rver, as in the
// tests; a real bucket over a network is slower per request), printing MB/s and p50/p99 per
// photo; then `npm run files:migrate`'s core copying a folder of photos to that server (files/s).
// Env: BENCH_SAMPLES (default 40), BENCH_MIGRATE_FILES (default 300, ~200 KB each).
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createLocalStorage } from "../src/server/features/files/local-storage.ts";
import { migrateFiles } from "../src/server/features/files/migrate-files.ts";
import { createS3Storage } from "../src/server/features/files/s3-storage.ts";
import { startS3Server } from "../tests/support/s3-server.ts";

const samples = Number(process.env.BENCH_SAMPLES ?? 40);
const migrateCount = Number(process.env.BENCH_MIGRATE_FILES ?? 300);
const PHOTO_BYTES = 3 * 1024 * 1024;

const s3 = await startS3Server({ bucket: "holiday-lights-bench" });
const folder = fs.mkdtempSync(path.join(os.tmpdir(), "bhl-bench-files-"));
const bucket = (name = s3.bucket) =>
	createS3Storage({
		bucket: name,
		endpoint: s3.endpoint,
		region: "us-east-1",
		accessKeyId: s3.env.S3_ACCESS_KEY_ID,
		secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY,
		forcePathStyle: true,
	});

const percentile = (sorted, p) =>
	sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
async function drain(stream) {
	let bytes = 0;
	for await (const chunk of stream) bytes += chunk.byteLength;
	return bytes;
}

async function measure(name, storage) {
	const photo = randomBytes(PHOTO_BYTES);
	const keys = Array.from({ length: samples }, () => `bench/${randomUUID()}/${randomUUID()}.jpg`);
	const time = async (fn) => {
		const times = [];
		const started = performance.now();
		for (const key of keys) {
			const t = performance.now();
			await fn(key);
			times.push(performance.now() - t);
		}
		const seconds = (performance.now() - started) / 1000;
		times.sort((a, b) => a - b);
		return {
			mbps: (samples * PHOTO_BYTES) / 1024 / 1024 / seconds,
			p50: percentile(times, 0.5),
			p99: percentile(times, 0.99),
		};
	};
	// One photo first, so connections and folders exist before the timing starts.
	await storage.put(`bench/warm-${randomUUID()}.jpg`, photo, "image/jpeg");
	const up = await time((key) => storage.put(key, photo, "image/jpeg"));
	const down = await time(async (key) => {
		const bytes = await drain(await storage.read(key));
		if (bytes !== PHOTO_BYTES) throw new Error(`read ${bytes} bytes of ${key}`);
	});
	const row = (what, r) =>
		`${name.padEnd(22)} ${what.padEnd(9)} ${r.mbps.toFixed(1).padStart(8)} MB/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms`;
	console.log(row("upload", up));
	console.log(row("download", down));
}

try {
	console.log(
		`A 3 MB photo, ${samples} times one after the other (Node ${process.version}, ${os.availableParallelism()} cores)\n`,
	);
	await measure("local disk", createLocalStorage({ root: path.join(folder, "disk") }));
	await measure("local S3 (s3rver)", bucket());

	const source = createLocalStorage({ root: path.join(folder, "uploads") });
	for (let i = 0; i < migrateCount; i++)
		await source.put(
			`quote-photos/${randomUUID()}/${randomUUID()}.jpg`,
			randomBytes(200 * 1024),
			"image/jpeg",
		);
	const summary = await migrateFiles({ source, target: bucket() });
	if (summary.failed.length > 0)
		throw new Error(`migration failed: ${JSON.stringify(summary.failed[0])}`);
	const seconds = summary.ms / 1000;
	console.log(
		`\nfiles:migrate          ${summary.total} files of 200 KB copied and read back in ${seconds.toFixed(1)} s: ${(summary.total / seconds).toFixed(1)} files/s (${(summary.totalBytes / 1024 / 1024 / seconds).toFixed(1)} MB/s)`,
	);
	const again = await migrateFiles({ source, target: bucket() });
	console.log(
		`files:migrate again    ${again.alreadyThere} files found in place and checked in ${(again.ms / 1000).toFixed(1)} s: ${(again.total / (again.ms / 1000)).toFixed(1)} files/s`,
	);
} finally {
	await s3.close();
	fs.rmSync(folder, { recursive: true, force: true });
}
