import type { ManagedTimerId, TimeoutCallback, TimeoutProvider } from "@tanstack/react-query";

/** Timers this long or longer end on the next whole multiple of it, with the others ending then. */
const GRAIN_MS = 1000;

/** A timer that ends with its bucket's. */
class Shared {
	constructor(
		readonly at: number,
		readonly run: TimeoutCallback,
	) {}
	[Symbol.toPrimitive]() {
		return this.at;
	}
}

/**
 * TanStack Query's timers (when each observer's data turns stale, when an unused query is dropped)
 * through a few of the browser's: a page that mounts forty observers would otherwise install and
 * clear a browser timer for each, in the task that mounts it, and a browser recording the page (as
 * Lighthouse does) takes a stack for every one. Timers of a second or more end on the next whole
 * second, one browser timer for all that end then; shorter ones (a retry's wait) are the
 * browser's own. Installed with TanStack's `timeoutManager.setTimeoutProvider`.
 */
export function coalescedTimers(): TimeoutProvider<ManagedTimerId> {
	const buckets = new Map<number, Set<Shared>>();
	const end = (at: number) => {
		const bucket = buckets.get(at);
		buckets.delete(at);
		for (const timer of bucket ?? []) {
			try {
				timer.run();
			} catch (error) {
				reportError(error);
			}
		}
	};
	return {
		setTimeout(run, delay) {
			if (!(delay >= GRAIN_MS)) return globalThis.setTimeout(run, delay) as unknown as number;
			const at = Math.ceil((Date.now() + delay) / GRAIN_MS) * GRAIN_MS;
			let bucket = buckets.get(at);
			if (!bucket) {
				bucket = new Set();
				buckets.set(at, bucket);
				globalThis.setTimeout(() => end(at), at - Date.now());
			}
			const timer = new Shared(at, run);
			bucket.add(timer);
			return timer;
		},
		clearTimeout(id) {
			if (id instanceof Shared) buckets.get(id.at)?.delete(id);
			else globalThis.clearTimeout(id as number | undefined);
		},
		setInterval: (run, delay) => globalThis.setInterval(run, delay) as unknown as number,
		clearInterval: (id) => globalThis.clearInterval(id as number | undefined),
	};
}
