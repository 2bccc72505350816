import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors.ts";
import { createWorkQueue } from "./image-queue.ts";

const tick = () => new Promise((r) => setTimeout(r, 5));

describe("createWorkQueue", () => {
	it("runs one at a time, an upload's tasks one after the other, and refuses past its waiting room", async () => {
		const queue = createWorkQueue({ concurrency: 1, maxWaiting: 4 });
		const order: string[] = [];
		let atOnce = 0;
		let most = 0;
		const task = (name: string) => async () => {
			atOnce++;
			most = Math.max(most, atOnce);
			await tick();
			order.push(name);
			atOnce--;
			return name;
		};
		const a = queue.runAll([task("a1"), task("a2"), task("a3")]);
		const b = queue.runAll([task("b1"), task("b2")]);
		// Two waiting for a, two for b: a third upload finds no room and is refused at once.
		const c = queue.runAll([task("c1")]);
		await expect(c).rejects.toBeInstanceOf(AppError);
		await expect(c).rejects.toMatchObject({ status: 503 });
		expect(await a).toEqual(["a1", "a2", "a3"]);
		expect(await b).toEqual(["b1", "b2"]);
		expect(order).toEqual(["a1", "a2", "a3", "b1", "b2"]);
		expect(most).toBe(1);
		expect(queue.size()).toEqual({ running: 0, waiting: 0 });
	});

	it("skips an upload's remaining tasks once one fails", async () => {
		const queue = createWorkQueue({ concurrency: 1, maxWaiting: 10 });
		const ran: number[] = [];
		const result = queue.runAll([
			async () => {
				ran.push(1);
				throw new Error("unreadable");
			},
			async () => {
				ran.push(2);
			},
		]);
		await expect(result).rejects.toThrow("unreadable");
		await tick();
		expect(ran).toEqual([1]);
		expect(queue.size()).toEqual({ running: 0, waiting: 0 });
	});
});
