import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type S3Server, startS3Server } from "../../../../tests/support/s3-server.ts";
import { createLocalStorage } from "./local-storage.ts";
import { createS3Storage } from "./s3-storage.ts";
import { type FileStorage, StorageKeyTaken } from "./storage.ts";

let s3: S3Server;
let folder: string;
beforeAll(async () => {
	s3 = await startS3Server();
	folder = fs.mkdtempSync(path.join(os.tmpdir(), "bhl-storage-"));
});
afterAll(async () => {
	await s3?.close();
	fs.rmSync(folder, { recursive: true, force: true });
});

const s3Storage = () =>
	createS3Storage({
		bucket: s3.bucket,
		endpoint: s3.endpoint,
		region: "us-east-1",
		accessKeyId: s3.env.S3_ACCESS_KEY_ID,
		secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY,
		forcePathStyle: true,
	});

const stores: [string, () => FileStorage][] = [
	["local disk", () => createLocalStorage({ root: folder })],
	["S3-compatible bucket", s3Storage],
];

async function text(stream: ReadableStream<Uint8Array> | null): Promise<Buffer> {
	if (!stream) throw new Error("nothing stored");
	return Buffer.from(await new Response(stream).arrayBuffer());
}

describe.each(stores)("file storage on the %s", (_name, open) => {
	it("stores, reads whole and in ranges, and removes a file", async () => {
		const storage = open();
		const key = `quote-photos/${crypto.randomUUID()}/photo.jpg`;
		const bytes = randomBytes(3 * 1024 * 1024 + 17);
		await storage.put(key, bytes, "image/jpeg");

		expect((await storage.get(key))?.equals(bytes)).toBe(true);
		expect((await text(await storage.read(key))).equals(bytes)).toBe(true);
		const part = await text(await storage.read(key, { start: 1000, end: 1999 }));
		expect(part.equals(bytes.subarray(1000, 2000))).toBe(true);
		const tail = await text(
			await storage.read(key, { start: bytes.length - 5, end: bytes.length - 1 }),
		);
		expect(tail.equals(bytes.subarray(-5))).toBe(true);

		await storage.delete(key);
		expect(await storage.get(key)).toBeNull();
		expect(await storage.read(key)).toBeNull();
		await storage.delete(key); // a second removal is not an error
	});

	it("never replaces a stored file", async () => {
		const storage = open();
		const key = `chat-attachments/${crypto.randomUUID()}.jpg`;
		await storage.put(key, Buffer.from("first"), "image/jpeg");
		await expect(storage.put(key, Buffer.from("second"), "image/jpeg")).rejects.toBeInstanceOf(
			StorageKeyTaken,
		);
		expect(String(await storage.get(key))).toBe("first");
		await storage.delete(key);
	});

	it("lists files by prefix with their sizes and ages", async () => {
		const storage = open();
		const prefix = `installation-media/${crypto.randomUUID()}`;
		const keys = [`${prefix}/a.jpg`, `${prefix}/b.jpg`, `${prefix}/c/d.webp`];
		for (const [i, key] of keys.entries())
			await storage.put(key, Buffer.alloc(10 + i), "image/jpeg");
		const listed = [];
		for await (const page of storage.list(prefix)) listed.push(...page);
		expect(listed.map((e) => [e.key, e.size]).sort()).toEqual(keys.map((k, i) => [k, 10 + i]));
		for (const entry of listed)
			expect(Date.now() - entry.lastModified.getTime()).toBeLessThan(60_000);
		for (const key of keys) await storage.delete(key);
		const after = [];
		for await (const page of storage.list(prefix)) after.push(...page);
		expect(after).toEqual([]);
	});

	it("answers the health check", async () => {
		await expect(open().check(AbortSignal.timeout(3000))).resolves.toBeUndefined();
	});

	it("refuses keys that could leave the store's folder", async () => {
		const storage = open();
		await expect(storage.put("../escape.jpg", Buffer.from("x"), "image/jpeg")).rejects.toThrow(
			/Invalid storage key/,
		);
		await expect(storage.get("/etc/passwd")).rejects.toThrow(/Invalid storage key/);
	});
});

describe("a bucket that stops answering", () => {
	it("fails the check within 3 s, and passes again once the bucket is back", async () => {
		const storage = s3Storage();
		await s3.stop();
		try {
			const started = performance.now();
			await expect(storage.check(AbortSignal.timeout(3000))).rejects.toThrow();
			expect(performance.now() - started).toBeLessThan(3500);
		} finally {
			await s3.start();
		}
		await expect(storage.check(AbortSignal.timeout(3000))).resolves.toBeUndefined();
	});
});

describe("a bucket that takes connections and never answers", () => {
	it("fails the check when the health check's 3 s are up", async () => {
		const sockets: net.Socket[] = [];
		const silent = net.createServer((socket) => sockets.push(socket));
		await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
		const { port } = silent.address() as net.AddressInfo;
		try {
			const storage = createS3Storage({
				bucket: "holiday-lights-silent",
				endpoint: `http://127.0.0.1:${port}`,
				region: "us-east-1",
				accessKeyId: "key",
				secretAccessKey: "secret",
			});
			const started = performance.now();
			await expect(storage.check(AbortSignal.timeout(3000))).rejects.toThrow();
			expect(performance.now() - started).toBeLessThan(3500);
		} finally {
			for (const socket of sockets) socket.destroy();
			await new Promise((resolve) => silent.close(resolve));
		}
	});
});
