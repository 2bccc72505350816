import { AppError } from "../../lib/errors.ts";

/**
 * Runs image work a few at a time across the whole process, first come first served. Decoding a
 * big photo takes a core and hundreds of megabytes: five quotes of six photos at once took memory
 * past 2 GB and every other request to seconds. In the queue, photos wait their turn holding only
 * their compressed bytes; past `maxWaiting` the upload is refused (503) rather than held.
 */
export function createWorkQueue(options: { concurrency: number; maxWaiting: number }) {
	let running = 0;
	const waiting: (() => void)[] = [];

	const release = () => {
		running--;
		const next = waiting.shift();
		if (next) {
			running++;
			next();
		}
	};

	const busy = () =>
		new AppError(
			503,
			"We're processing a lot of photos right now. Please try again in a minute.",
			"busy",
		);

	/** Runs `work` once a place is free (the caller checked there is room to wait). */
	async function run<T>(work: () => Promise<T>): Promise<T> {
		if (running >= options.concurrency) await new Promise<void>((r) => waiting.push(r));
		else running++;
		try {
			return await work();
		} finally {
			release();
		}
	}

	return {
		/**
		 * Runs one upload's tasks, queued together so they follow each other: an upload's photos
		 * are done before the next upload's begin. When one fails, those not begun are skipped.
		 */
		async runAll<T>(works: readonly (() => Promise<T>)[]): Promise<T[]> {
			const toWait = Math.max(0, running + works.length - options.concurrency);
			if (toWait > 0 && waiting.length + toWait > options.maxWaiting) throw busy();
			let failed = false;
			return Promise.all(
				works.map((work) =>
					run(async () => {
						if (failed) throw busy(); // never seen: the first failure is the answer
						try {
							return await work();
						} catch (error) {
							failed = true;
							throw error;
						}
					}),
				),
			);
		},
		/** Tasks running and waiting now. */
		size: () => ({ running, waiting: waiting.length }),
	};
}
