import fs from "node:fs/promises";
import { hashPassword as betterAuthHash } from "better-auth/crypto";
import { describe, expect, it } from "vitest";
import { PASSWORD_HASH_COST, passwordHasher } from "./password-hash.ts";

describe("password hashing", () => {
	it("uses OWASP's scrypt cost in the product", () => {
		expect(PASSWORD_HASH_COST).toEqual({ N: 2 ** 17, r: 8, p: 1 });
	});

	it("verifies its own hashes, with the cost written in each", async () => {
		const low = passwordHasher({ N: 2 ** 10, r: 8, p: 1 });
		const hash = await low.hash("lights-on-the-porch");
		expect(hash).toMatch(/^scrypt\$1024\$8\$1\$[0-9a-f]{32}\$[0-9a-f]{128}$/);
		expect(await low.hash("lights-on-the-porch")).not.toBe(hash); // salted
		// A hasher with another cost still reads the cost from the hash.
		const other = passwordHasher({ N: 2 ** 11, r: 8, p: 1 });
		expect(await other.verify({ hash, password: "lights-on-the-porch" })).toBe(true);
		expect(await other.verify({ hash, password: "lights-on-the-porch!" })).toBe(false);
	});

	it("verifies passwords hashed before, by better-auth's own scrypt", async () => {
		const legacy = await betterAuthHash("an-older-password");
		expect(legacy).toMatch(/^[0-9a-f]+:[0-9a-f]+$/);
		const hasher = passwordHasher({ N: 2 ** 10, r: 8, p: 1 });
		expect(await hasher.verify({ hash: legacy, password: "an-older-password" })).toBe(true);
		expect(await hasher.verify({ hash: legacy, password: "not-the-password" })).toBe(false);
	});

	it("refuses malformed hashes instead of throwing", async () => {
		const hasher = passwordHasher({ N: 2 ** 10, r: 8, p: 1 });
		for (const hash of [
			"",
			"abc",
			"scrypt$x$8$1$aa$bb",
			"scrypt$1024$8$1$$",
			"scrypt$1000$8$1$aa$bb",
		]) {
			expect(await hasher.verify({ hash, password: "whatever" })).toBe(false);
		}
	});

	it("leaves libuv's threads to file reads while hashing at the product's cost", async () => {
		const hasher = passwordHasher(PASSWORD_HASH_COST);
		// Four at once would hold all four of libuv's threads for a hash's time each.
		const hashes = Array.from({ length: 4 }, (_, i) => hasher.hash(`password-${i}`));
		await new Promise((r) => setTimeout(r, 100));
		const started = performance.now();
		await fs.readFile(new URL(import.meta.url));
		const read = performance.now() - started;
		for (const hash of await Promise.all(hashes)) expect(hash).toMatch(/^scrypt\$131072\$8\$1\$/);
		expect(read).toBeLessThan(200);
	}, 60_000);
});
