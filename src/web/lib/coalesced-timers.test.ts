import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { coalescedTimers } from "./coalesced-timers.ts";

describe("coalescedTimers", () => {
	beforeEach(() => {
		vi.useFakeTimers();
		vi.setSystemTime(10_250);
	});
	afterEach(() => vi.useRealTimers());

	it("ends timers of a second or more on the next whole second, one browser timer for all", () => {
		const timers = coalescedTimers();
		const ended: string[] = [];
		timers.setTimeout(() => ended.push("a"), 5000);
		vi.advanceTimersByTime(350);
		timers.setTimeout(() => ended.push("b"), 4500);
		expect(vi.getTimerCount()).toBe(1);
		// Due at 15.25 s and 15.1 s: both end at 16 s.
		vi.advanceTimersByTime(15_999 - 10_600);
		expect(ended).toEqual([]);
		vi.advanceTimersByTime(1);
		expect(ended).toEqual(["a", "b"]);
		expect(vi.getTimerCount()).toBe(0);
	});

	it("cancels one timer of a shared second and leaves the others", () => {
		const timers = coalescedTimers();
		const ended: string[] = [];
		const a = timers.setTimeout(() => ended.push("a"), 2000);
		timers.setTimeout(() => ended.push("b"), 2000);
		timers.clearTimeout(a);
		vi.advanceTimersByTime(3000);
		expect(ended).toEqual(["b"]);
	});

	it("leaves shorter timers to the browser, to the millisecond, and cancels them", () => {
		const timers = coalescedTimers();
		const ended: string[] = [];
		timers.setTimeout(() => ended.push("soon"), 300);
		const never = timers.setTimeout(() => ended.push("never"), 10);
		timers.clearTimeout(never);
		vi.advanceTimersByTime(299);
		expect(ended).toEqual([]);
		vi.advanceTimersByTime(1);
		expect(ended).toEqual(["soon"]);
	});

	it("runs the rest of a second's timers when one of them throws", () => {
		const reportError = vi.fn();
		vi.stubGlobal("reportError", reportError);
		const timers = coalescedTimers();
		const ended: string[] = [];
		timers.setTimeout(() => {
			throw new Error("broken");
		}, 1000);
		timers.setTimeout(() => ended.push("after"), 1000);
		vi.advanceTimersByTime(2000);
		expect(ended).toEqual(["after"]);
		expect(reportError).toHaveBeenCalledWith(new Error("broken"));
		vi.unstubAllGlobals();
	});
});
