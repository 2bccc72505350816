import { describe, expect, it } from "vitest";
import { ReadCache } from "./read-cache.ts";

/** A loader that counts its calls and answers with the call number. */
function counter() {
	let calls = 0;
	const load = async () => ++calls;
	return { load, calls: () => calls };
}

describe("ReadCache", () => {
	it("answers a key from one load until the time is up", async () => {
		const cache = new ReadCache(50);
		const { load, calls } = counter();
		expect(await cache.read("k", load)).toBe(1);
		expect(await cache.read("k", load)).toBe(1);
		expect(await cache.read("other", load)).toBe(2);
		await new Promise((r) => setTimeout(r, 60));
		expect(await cache.read("k", load)).toBe(3);
		expect(calls()).toBe(3);
	});

	it("shares one load between reads that arrive while it runs", async () => {
		const cache = new ReadCache(1000);
		const { load, calls } = counter();
		const answers = await Promise.all([1, 2, 3].map(() => cache.read("k", load)));
		expect(answers).toEqual([1, 1, 1]);
		expect(calls()).toBe(1);
	});

	it("forgets everything on clear, a load still running included", async () => {
		const cache = new ReadCache(1000);
		const { load } = counter();
		const running = cache.read("k", load);
		cache.clear();
		expect(await cache.read("k", load)).toBe(2);
		expect(await running).toBe(1);
		expect(await cache.read("k", load)).toBe(2);
	});

	it("keeps no failed load", async () => {
		const cache = new ReadCache(1000);
		await expect(cache.read("k", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
		expect(await cache.read("k", async () => "up")).toBe("up");
	});

	it("lets an answer end sooner than the time", async () => {
		const cache = new ReadCache(1000);
		const { load } = counter();
		await cache.read("k", load, () => Date.now() - 1);
		expect(await cache.read("k", load, () => Date.now() - 1)).toBe(2);
	});

	it("with no time, loads on every read", async () => {
		const cache = new ReadCache(0);
		const { load } = counter();
		await cache.read("k", load);
		expect(await cache.read("k", load)).toBe(2);
	});

	it("starts over when full", async () => {
		const cache = new ReadCache(1000, 2);
		const { load } = counter();
		await cache.read("a", load);
		await cache.read("b", load);
		await cache.read("c", load);
		expect(await cache.read("a", load)).toBe(4);
	});
});
