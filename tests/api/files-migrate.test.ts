import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createS3Storage } from "../../src/server/features/files/s3-storage.ts";
import { type S3Server, startS3Server } from "../support/s3-server.ts";
import { startServerProcess, stopServerProcess } from "../support/server-process.ts";

/**
 * `npm run files:migrate` on a folder of real photos: stopped half-way and run again, it ends with
 * every file in the bucket, checked; the server refuses the bucket until then.
 */
let s3: S3Server;
const folders: string[] = [];
beforeAll(async () => {
	s3 = await startS3Server({ bucket: "holiday-lights-migrate" });
});
afterAll(async () => {
	await s3?.close();
	for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

const bucket = () =>
	createS3Storage({
		bucket: s3.bucket,
		endpoint: s3.endpoint,
		region: "us-east-1",
		accessKeyId: s3.env.S3_ACCESS_KEY_ID,
		secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY,
		forcePathStyle: true,
	});

/** A DATA_DIR whose uploads folder holds `count` JPEG photos as the app stores them. */
async function dataDirWithPhotos(count: number) {
	const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bhl-migrate-"));
	folders.push(dataDir);
	const keys: string[] = [];
	for (let i = 0; i < count; i++) {
		const key = `quote-photos/${randomUUID()}/${randomUUID()}.jpg`;
		const noise = Buffer.from(
			Array.from({ length: 160 * 120 * 3 }, () => (Math.random() * 256) | 0),
		);
		const jpeg = await sharp(noise, { raw: { width: 160, height: 120, channels: 3 } })
			.jpeg()
			.toBuffer();
		const file = path.join(dataDir, "uploads", ...key.split("/"));
		fs.mkdirSync(path.dirname(file), { recursive: true });
		fs.writeFileSync(file, jpeg);
		keys.push(key);
	}
	return { dataDir, keys };
}

/** Runs the command; `killWhen` may stop it (SIGKILL) once its output says so. */
function migrate(dataDir: string, killWhen?: (output: string) => boolean) {
	const child: ChildProcess = spawn(
		process.execPath,
		["--import", "tsx", "scripts/files-migrate.ts"],
		{
			env: { ...process.env, ...s3.env, DATA_DIR: dataDir, LOG_LEVEL: "warn" },
			stdio: ["ignore", "pipe", "pipe"],
		},
	);
	let output = "";
	const collect = (chunk: Buffer) => {
		output += String(chunk);
		if (killWhen?.(output) && child.exitCode === null) child.kill("SIGKILL");
	};
	child.stdout!.on("data", collect);
	child.stderr!.on("data", collect);
	return new Promise<{ code: number | null; signal: string | null; output: string }>((resolve) =>
		child.once("exit", (code, signal) => resolve({ code, signal, output })),
	);
}

const count = (output: string, label: string) =>
	Number(output.match(new RegExp(`${label}:\\s+(\\d+)`))?.[1] ?? Number.NaN);
const doneSoFar = (output: string) =>
	Math.max(0, ...[...output.matchAll(/\] (\d+)\/\d+ files/g)].map((m) => Number(m[1])));

describe("npm run files:migrate", () => {
	it("copies every photo, resumes after being killed half-way, and only then lets the server use the bucket", async () => {
		const { dataDir, keys } = await dataDirWithPhotos(150);

		await expect(startServerProcess({ ...s3.env, DATA_DIR: dataDir })).rejects.toThrow(
			/still holds files that are not in the bucket.*npm run files:migrate/,
		);

		const killed = await migrate(dataDir, (output) => doneSoFar(output) >= 30);
		expect(killed.signal, killed.output).toBe("SIGKILL");
		const before = doneSoFar(killed.output);
		expect(before).toBeLessThan(150);
		expect(fs.existsSync(path.join(dataDir, "uploads", ".in-bucket.json"))).toBe(false);

		const resumed = await migrate(dataDir);
		expect(resumed.code, resumed.output).toBe(0);
		expect(count(resumed.output, "Files")).toBe(150);
		expect(count(resumed.output, "already in the bucket")).toBeGreaterThanOrEqual(before - 8);
		expect(
			count(resumed.output, "copied and checked") + count(resumed.output, "already in the bucket"),
		).toBe(150);
		expect(count(resumed.output, "failed")).toBe(0);
		expect(resumed.output).toMatch(/\[#{30}\] 150\/150 files/);
		expect(resumed.output).toMatch(/files\/s\)/);

		const store = bucket();
		for (const key of keys) {
			const local = fs.readFileSync(path.join(dataDir, "uploads", ...key.split("/")));
			expect((await store.get(key))?.equals(local), key).toBe(true);
		}

		// Again: nothing to copy, everything checked.
		const again = await migrate(dataDir);
		expect(again.code).toBe(0);
		expect(count(again.output, "already in the bucket")).toBe(150);
		expect(count(again.output, "copied and checked")).toBe(0);

		const server = await startServerProcess({ ...s3.env, DATA_DIR: dataDir });
		try {
			expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
		} finally {
			await stopServerProcess(server);
		}
	}, 120_000);

	it("never replaces a different file in the bucket: it reports it and does not mark the move done", async () => {
		const { dataDir, keys } = await dataDirWithPhotos(2);
		await bucket().put(keys[0]!, Buffer.from("another file"), "image/jpeg");
		const run = await migrate(dataDir);
		expect(run.code).toBe(1);
		expect(run.output).toContain(`${keys[0]}: a different file is stored under this key`);
		expect(count(run.output, "failed")).toBe(1);
		expect(String(await bucket().get(keys[0]!))).toBe("another file");
		expect(fs.existsSync(path.join(dataDir, "uploads", ".in-bucket.json"))).toBe(false);
	}, 60_000);

	it("says what is missing without a bucket", async () => {
		const { dataDir } = await dataDirWithPhotos(1);
		const child = spawn(process.execPath, ["--import", "tsx", "scripts/files-migrate.ts"], {
			env: { ...process.env, DATA_DIR: dataDir, S3_BUCKET: "" },
			stdio: ["ignore", "pipe", "pipe"],
		});
		let output = "";
		child.stderr!.on("data", (c) => {
			output += String(c);
		});
		const code = await new Promise((resolve) => child.once("exit", resolve));
		expect(code).toBe(1);
		expect(output).toContain("S3_BUCKET is not set");
	});
});
