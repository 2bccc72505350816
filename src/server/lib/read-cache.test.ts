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
		expect(await cache.read("k", [], load)).toBe(1);
		expect(await cache.read("k", [], load)).toBe(1);
		expect(await cache.read("other", [], load)).toBe(2);
		await new Promise((r) => setTimeout(r, 60));
		expect(await cache.read("k", [], load)).toBe(3);
		expect(calls()).toBe(3);
	});

	it("shares one load between reads that arrive while it runs", async () => {
		const cache = new ReadCache(1000);
		const { load, calls } = counter();
		const answers = await Promise.all([1, 2, 3].map(() => cache.read("k", [], load)));
		expect(answers).toEqual([1, 1, 1]);
		expect(calls()).toBe(1);
	});

	it("forgets everything on clear, a load still running included", async () => {
		const cache = new ReadCache(1000);
		const { load } = counter();
		const running = cache.read("k", [], load);
		cache.clear();
		expect(await cache.read("k", [], load)).toBe(2);
		expect(await running).toBe(1);
		expect(await cache.read("k", [], load)).toBe(2);
	});

	it("keeps no failed load", async () => {
		const cache = new ReadCache(1000);
		await expect(cache.read("k", [], () => Promise.reject(new Error("down")))).rejects.toThrow(
			"down",
		);
		expect(await cache.read("k", [], async () => "up")).toBe("up");
	});

	it("lets an answer end sooner than the time", async () => {
		const cache = new ReadCache(1000);
		const { load } = counter();
		await cache.read("k", [], load, () => Date.now() - 1);
		expect(await cache.read("k", [], load, () => Date.now() - 1)).toBe(2);
	});

	it("with no time, loads on every read", async () => {
		const cache = new ReadCache(0);
		const { load } = counter();
		await cache.read("k", [], load);
		expect(await cache.read("k", [], load)).toBe(2);
	});

	it("evicts the least recently used answer when full, and keeps the others", async () => {
		const cache = new ReadCache(1000, 2);
		const { load, calls } = counter();
		await cache.read("a", [], load);
		await cache.read("b", [], load);
		await cache.read("a", [], load); // a is now the most recently used
		await cache.read("c", [], load); // evicts b
		expect(await cache.read("a", [], load)).toBe(1);
		expect(await cache.read("b", [], load)).toBe(4);
		expect(calls()).toBe(4);
	});

	it("drops only the answers carrying an invalidated tag", async () => {
		const cache = new ReadCache(1000);
		const { load } = counter();
		await cache.read("dashboard", ["owner"], load);
		await cache.read("bills:1", ["customer:1"], load);
		await cache.read("bills:2", ["customer:2"], load);
		cache.invalidate(["customer:1"]);
		expect(await cache.read("dashboard", ["owner"], load)).toBe(1);
		expect(await cache.read("bills:2", ["customer:2"], load)).toBe(3);
		expect(await cache.read("bills:1", ["customer:1"], load)).toBe(4);
	});

	it("tags an answer from its value, and keeps no load that an invalidation overtook", async () => {
		const cache = new ReadCache(1000);
		let release = () => {};
		const slow = new Promise<void>((r) => {
			release = r;
		});
		const running = cache.read(
			"session:abc",
			(user: { id: string }) => [`session:${user.id}`],
			async () => {
				await slow;
				return { id: "u1" };
			},
		);
		cache.invalidate(["session:u1"]); // a sign-out while the lookup ran
		release();
		expect(await running).toEqual({ id: "u1" });
		const { load } = counter();
		expect(await cache.read("session:abc", [], load)).toBe(1);

		await cache.read(
			"session:def",
			(v: number) => [`session:${v}`],
			async () => 7,
		);
		cache.invalidate(["session:7"]);
		expect(await cache.read("session:def", [], load)).toBe(2);
	});

	it("follows the event bus: a quote change drops the owner's and that customer's answers", async () => {
		const cache = new ReadCache(1000);
		const { load } = counter();
		await cache.read("dashboard", ["owner"], load);
		await cache.read("latest:1", ["customer:1"], load);
		await cache.read("session:x", ["session:1"], load);
		cache.onEvent({ kind: "quote.changed", quoteId: "q", userId: "1" });
		expect(await cache.read("session:x", [], load)).toBe(3);
		expect(await cache.read("dashboard", [], load)).toBe(4);
		expect(await cache.read("latest:1", [], load)).toBe(5);
		cache.onEvent({ kind: "session.ended", userId: "1" });
		expect(await cache.read("dashboard", [], load)).toBe(4);
		expect(await cache.read("session:x", [], load)).toBe(6);
	});
});
