import { scryptSync } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { createHashPool, type HashPool, type ScryptJob } from "./hash-pool.ts";

const job = (password: string): ScryptJob => ({
	password,
	salt: "salt",
	keyLength: 64,
	options: { N: 2 ** 10, r: 8, p: 1, maxmem: 32 * 1024 * 1024 },
});

let pool: HashPool;
afterEach(() => pool.close());

describe("the password hash threads", () => {
	it("runs at most its threads' number of hashes at once, and answers each with scrypt's key", async () => {
		pool = createHashPool({ threads: 2 });
		const running = ["a", "b", "c", "d", "e"].map((p) => pool.scrypt(job(p)));
		expect(pool.waiting).toBe(3);
		const keys = await Promise.all(running);
		keys.forEach((key, i) => {
			const { password, salt, keyLength, options } = job("abcde"[i]!);
			expect(key.equals(scryptSync(password, salt, keyLength, options))).toBe(true);
		});
		expect(pool.waiting).toBe(0);
	});

	it("admits so many sign-ins at once, and another once one is done", () => {
		pool = createHashPool({ threads: 1, maxAdmitted: 2 });
		const first = pool.admit();
		const second = pool.admit();
		expect(first).toBeTypeOf("function");
		expect(second).toBeTypeOf("function");
		expect(pool.admit()).toBeNull();
		first!();
		first!(); // a second release of the same sign-in frees nothing more
		const third = pool.admit();
		expect(third).toBeTypeOf("function");
		expect(pool.admit()).toBeNull();
	});

	it("refuses a hash scrypt cannot make, and goes on with the next", async () => {
		pool = createHashPool({ threads: 1 });
		const bad = { ...job("x"), options: { ...job("x").options, N: 1000 } };
		await expect(pool.scrypt(bad)).rejects.toThrow();
		expect((await pool.scrypt(job("y"))).length).toBe(64);
	});

	it("refuses what still waits when closed", async () => {
		pool = createHashPool({ threads: 1 });
		const refused = ["a", "b"].map((p) => expect(pool.scrypt(job(p))).rejects.toThrow(/closed/));
		await pool.close();
		await Promise.all(refused);
		await expect(pool.scrypt(job("c"))).rejects.toThrow(/closed/);
	});
});
