import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors.ts";
import { createStorage } from "./configured-storage.ts";
import { MAX_FILE_BYTES, prepareImages, storeFiles } from "./files.service.ts";
import { createLocalStorage } from "./local-storage.ts";
import { assertStorageKey } from "./storage.ts";

let dataDir: string;
beforeEach(() => {
	dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bhl-files-"));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const image = (format: "png" | "webp" | "gif" | "jpeg", alpha = false) =>
	sharp({
		create: {
			width: 30,
			height: 20,
			channels: alpha ? 4 : 3,
			background: alpha ? { r: 255, g: 0, b: 0, alpha: 0.5 } : "#f00",
		},
	})
		.toFormat(format)
		.toBuffer();
const file = (bytes: Uint8Array, name: string) => new File([bytes as BlobPart], name);

async function rejection(promise: Promise<unknown>): Promise<AppError> {
	try {
		await promise;
	} catch (error) {
		expect(error).toBeInstanceOf(AppError);
		return error as AppError;
	}
	throw new Error("expected an AppError");
}

describe("local storage", () => {
	it("puts, gets and deletes by key under DATA_DIR/uploads", async () => {
		const storage = createStorage({ DATA_DIR: dataDir });
		await storage.put("quote-photos/a/b.jpg", new Uint8Array([1, 2, 3]), "image/jpeg");
		expect(fs.readFileSync(path.join(dataDir, "uploads", "quote-photos", "a", "b.jpg"))).toEqual(
			Buffer.from([1, 2, 3]),
		);
		expect(await storage.get("quote-photos/a/b.jpg")).toEqual(Buffer.from([1, 2, 3]));
		await storage.delete("quote-photos/a/b.jpg");
		expect(await storage.get("quote-photos/a/b.jpg")).toBeNull();
		// No empty folders are left behind, and the root stays.
		expect(fs.readdirSync(path.join(dataDir, "uploads"))).toEqual([]);
		await storage.delete("quote-photos/a/b.jpg"); // deleting again is fine
	});

	it("never overwrites a stored file and leaves no temporary files", async () => {
		const storage = createLocalStorage({ root: dataDir });
		await storage.put("k/one.jpg", new Uint8Array([1]), "image/jpeg");
		await expect(storage.put("k/one.jpg", new Uint8Array([2]), "image/jpeg")).rejects.toThrow();
		expect(await storage.get("k/one.jpg")).toEqual(Buffer.from([1]));
		expect(fs.readdirSync(path.join(dataDir, "k"))).toEqual(["one.jpg"]);
	});

	it("refuses keys that could leave the storage folder", () => {
		for (const key of ["../x.jpg", "/etc/passwd", "a/../../x", "a//b", "", "a/.hidden", "a\\b"]) {
			expect(() => assertStorageKey(key), key).toThrow(/Invalid storage key/);
		}
		expect(() => assertStorageKey("quote-photos/1/2.jpg")).not.toThrow();
	});
});

describe("storeFiles", () => {
	const toStore = (n: number) =>
		Array.from({ length: n }, (_, i) => ({
			id: `id-${i}`,
			storageKey: `quote-photos/r/${i}.jpg`,
			fileName: `${i}.jpg`,
			contentType: "image/jpeg",
			data: new Uint8Array([i]),
		}));

	it("keeps the files when the commit succeeds", async () => {
		const result = await storeFiles({
			env: { DATA_DIR: dataDir },
			files: toStore(2),
			commit: async () => "done",
		});
		expect(result).toBe("done");
		expect(fs.readdirSync(path.join(dataDir, "uploads", "quote-photos", "r")).sort()).toEqual([
			"0.jpg",
			"1.jpg",
		]);
	});

	it("removes every written file when the commit fails", async () => {
		await expect(
			storeFiles({
				env: { DATA_DIR: dataDir },
				files: toStore(3),
				commit: async () => {
					throw new Error("database down");
				},
			}),
		).rejects.toThrow("database down");
		expect(fs.readdirSync(path.join(dataDir, "uploads"))).toEqual([]);
	});

	it("removes the files already written when a later write fails", async () => {
		const files = toStore(2);
		files.push({ ...files[0]!, id: "dup" }); // the same key again: the third write fails
		await expect(
			storeFiles({ env: { DATA_DIR: dataDir }, files, commit: async () => "never" }),
		).rejects.toThrow();
		expect(fs.readdirSync(path.join(dataDir, "uploads"))).toEqual([]);
	});
});

describe("prepareImages", () => {
	it("accepts PNG, JPEG, WebP and GIF by their bytes and re-encodes them", async () => {
		const prepared = await prepareImages({
			files: [
				file(await image("png"), "a.png"),
				file(await image("jpeg"), "b.jpeg"),
				file(await image("webp"), "c.webp"),
				file(await image("gif"), "d.gif"),
				file(await image("png"), "no-extension"),
			],
		});
		expect(prepared.map((p) => [p.fileName, p.contentType])).toEqual([
			["a.jpg", "image/jpeg"],
			["b.jpg", "image/jpeg"],
			["c.jpg", "image/jpeg"],
			["d.jpg", "image/jpeg"],
			["no-extension.jpg", "image/jpeg"],
		]);
		for (const p of prepared) {
			expect((await sharp(p.data).metadata()).format).toBe("jpeg");
		}
	});

	it("keeps transparency as WebP", async () => {
		const [p] = await prepareImages({ files: [file(await image("png", true), "logo.png")] });
		expect(p).toMatchObject({
			contentType: "image/webp",
			extension: "webp",
			fileName: "logo.webp",
		});
		expect(await sharp(p!.data).metadata()).toMatchObject({ format: "webp", hasAlpha: true });
	});

	it("scales very large photos down to 2560 px", async () => {
		const big = await sharp({
			create: { width: 4000, height: 1000, channels: 3, background: "#123" },
		})
			.jpeg()
			.toBuffer();
		const [p] = await prepareImages({ files: [file(big, "wide.jpg")] });
		expect(await sharp(p!.data).metadata()).toMatchObject({ width: 2560, height: 640 });
	});

	it("refuses files that are not images, whatever their name says", async () => {
		for (const [bytes, name] of [
			[new TextEncoder().encode("hello"), "photo.png"],
			[new Uint8Array(0), "empty.jpg"],
			[new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"), "icon.svg"],
			[new TextEncoder().encode("%PDF-1.7\n"), "scan.jpg"],
		] as const) {
			const error = await rejection(prepareImages({ files: [file(bytes, name)] }));
			expect(error.status).toBe(400);
			expect(error.message).toBe(
				`"${name}" is not a supported image. Please upload JPEG, PNG, WebP, GIF or HEIC photos.`,
			);
		}
	});

	it("refuses a file over the limit with 413 before decoding anything", async () => {
		expect(MAX_FILE_BYTES).toBe(10 * 1024 * 1024);
		const error = await rejection(
			prepareImages({ files: [file(await image("png"), "a.png")], maxBytes: 10 }),
		);
		expect(error.status).toBe(413);
		expect(error.message).toMatch(/"a.png" is larger than/);
	});

	it("shows a safe file name in messages", async () => {
		const error = await rejection(
			prepareImages({ files: [file(new TextEncoder().encode("x"), '../../evil\u0000".png')] }),
		);
		expect(error.message).toMatch(/^"evil\.png" is not a supported image/);
	});
});
