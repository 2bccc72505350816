import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clonePostgresTemplate } from "../support/postgres-template.ts";
import { type S3Server, startS3Server } from "../support/s3-server.ts";
import {
	confirmOn,
	type ServerProcess,
	signUpOn,
	startInstance,
	stopServerProcess,
} from "../support/server-process.ts";

/**
 * Two hosts: two server processes, each with its own DATA_DIR, on one PostgreSQL database and one
 * S3-compatible bucket. A photo sent through one is served by the other, byte for byte, and
 * survives the first host going away with its disk.
 */
const url = process.env.TEST_DATABASE_URL;

/** A photo as a phone takes it: noise compresses badly, so it stays large after re-encoding. */
const noisyPhoto = (width: number, height: number) =>
	sharp(
		Buffer.from(Array.from({ length: width * height * 3 }, () => Math.floor(Math.random() * 256))),
		{
			raw: { width, height, channels: 3 },
		},
	)
		.jpeg({ quality: 95 })
		.toBuffer();

function filesUnder(dir: string): string[] {
	if (!fs.existsSync(dir)) return [];
	return fs
		.readdirSync(dir, { recursive: true, withFileTypes: true })
		.filter((e) => e.isFile())
		.map((e) => path.join(e.parentPath, e.name));
}

describe.skipIf(!url)("files across two hosts sharing one bucket", () => {
	let s3: S3Server;
	let database: { url: string; drop(): Promise<void> };
	let a: ServerProcess | undefined;
	let b: ServerProcess | undefined;
	beforeAll(async () => {
		s3 = await startS3Server();
		database = await clonePostgresTemplate(url!);
		[a, b] = await Promise.all([
			startInstance(database.url, s3.env),
			startInstance(database.url, s3.env),
		]);
	}, 120_000);
	afterAll(async () => {
		await Promise.all([stopServerProcess(a), stopServerProcess(b)]);
		await database?.drop();
		await s3?.close();
	});

	it("a photo sent through A is served by B byte for byte, also in ranges, and outlives A", async () => {
		const owner = await signUpOn(a!, "owner@example.test", "owner");
		const customer = await signUpOn(a!, "cust@example.test", "customer");
		await confirmOn([a!, b!], customer, "cust@example.test");

		const form = new FormData();
		form.append("data", "{}");
		form.append("file", new Blob([new Uint8Array(await noisyPhoto(1600, 1200))]), "roof.jpg");
		const sent = await customer.post("/api/chat/attachments", form);
		expect(sent.status, sent.text).toBe(201);
		const fileUrl = `/api/files/${sent.json.message.file.id}`;

		const download = async (host: ServerProcess, headers: Record<string, string> = {}) => {
			const res = await fetch(host.url + fileUrl, {
				headers: { cookie: owner.cookieHeader(), ...headers },
			});
			return { res, bytes: Buffer.from(await res.arrayBuffer()) };
		};
		const fromA = await download(a!);
		const fromB = await download(b!);
		expect([fromA.res.status, fromB.res.status]).toEqual([200, 200]);
		expect(fromA.bytes.length).toBeGreaterThan(500_000);
		expect(fromB.bytes.equals(fromA.bytes)).toBe(true);
		expect(fromB.res.headers.get("content-type")).toBe("image/jpeg");
		expect(fromB.res.headers.get("content-length")).toBe(String(fromA.bytes.length));
		expect(fromB.res.headers.get("cache-control")).toBe("private, no-cache");

		// A video player's request: one range, from the other host.
		const part = await download(b!, { range: "bytes=1000-4999" });
		expect(part.res.status).toBe(206);
		expect(part.res.headers.get("content-range")).toBe(`bytes 1000-4999/${fromA.bytes.length}`);
		expect(part.bytes.equals(fromA.bytes.subarray(1000, 5000))).toBe(true);
		const beyond = await download(b!, { range: `bytes=${fromA.bytes.length}-` });
		expect(beyond.res.status).toBe(416);
		expect(beyond.res.headers.get("content-range")).toBe(`bytes */${fromA.bytes.length}`);

		// Nothing was kept on either host's disk: the bucket holds it.
		expect(filesUnder(path.join(a!.dataDir, "uploads"))).toEqual([]);
		expect(filesUnder(path.join(b!.dataDir, "uploads"))).toEqual([]);

		// Host A goes away, its disk with it (stopServerProcess removes its DATA_DIR).
		await stopServerProcess(a);
		a = undefined;
		const afterA = await download(b!);
		expect(afterA.res.status).toBe(200);
		expect(afterA.bytes.equals(fromA.bytes)).toBe(true);

		// A stranger still sees nothing, through any host.
		const stranger = await signUpOn(b!, "other@example.test", "customer");
		const res = await fetch(b!.url + fileUrl, { headers: { cookie: stranger.cookieHeader() } });
		expect(res.status).toBe(404);
	}, 120_000);
});
