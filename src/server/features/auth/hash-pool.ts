import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";

export interface ScryptJob {
	password: string;
	salt: string;
	keyLength: number;
	options: { N: number; r: number; p: number; maxmem: number };
}

/**
 * Password hashes run here, on threads of their own, never in libuv's shared pool: Node's async
 * scrypt holds one of libuv's four threads for the whole hash (0.4 s at the product's cost), and
 * file reads queue for the same threads, so a sign-in flood stalled photo downloads for seconds.
 * A worker calls scryptSync, which runs on the worker's own thread.
 */
export interface HashPool {
	scrypt(job: ScryptJob): Promise<Buffer>;
	/** Hashes waiting for a thread (not counting those running). */
	readonly waiting: number;
	/**
	 * Lets one more sign-in on its way to a hash, or answers null when so many are (running,
	 * waiting, or still reading the account) that it would wait seconds: sign-in then refuses at
	 * once. Counted from the request's start, so a burst cannot all slip in before the first hash
	 * is queued. Call the release once the sign-in is answered. Sign-up and password resets are
	 * rarer, limited per address, and never refused half-done: they just queue.
	 */
	admit(): (() => void) | null;
	/** Ends the threads; hashes still waiting are refused. */
	close(): Promise<void>;
}

// Plain JavaScript run by `new Worker(..., { eval: true })`: no file to find, from the sources,
// the bundled server or the tests alike.
const WORKER_SOURCE = `
const { parentPort } = require("node:worker_threads");
const { scryptSync } = require("node:crypto");
parentPort.on("message", ({ password, salt, keyLength, options }) => {
	try {
		parentPort.postMessage({ key: scryptSync(password, salt, keyLength, options) });
	} catch (error) {
		parentPort.postMessage({ error: String(error && error.message) });
	}
});
`;

/**
 * Hash threads for this server: half the cores, at least two, at most four. Each running hash
 * takes 128 MiB and a core; the rest of the cores keep answering requests.
 */
const defaultHashThreads = () => Math.max(2, Math.min(4, Math.floor(availableParallelism() / 2)));

interface Task {
	job: ScryptJob;
	resolve(key: Buffer): void;
	reject(error: Error): void;
}

interface Slot {
	worker: Worker;
	task?: Task;
}

/**
 * `maxAdmitted`: sign-ins `admit` lets through at once; by default 8 per thread (about 3 s of
 * hashing at the product's cost).
 */
export function createHashPool(options: { threads?: number; maxAdmitted?: number } = {}): HashPool {
	const threads = Math.max(1, options.threads ?? defaultHashThreads());
	const maxAdmitted = options.maxAdmitted ?? 8 * threads;
	let admitted = 0;
	const slots: Slot[] = [];
	const queue: Task[] = [];
	let closed = false;

	const spawn = (): Slot => {
		const slot: Slot = { worker: new Worker(WORKER_SOURCE, { eval: true }) };
		// An idle thread never keeps the process alive; a busy one does until its answer.
		slot.worker.unref();
		slot.worker.on("message", (message: { key?: Uint8Array; error?: string }) => {
			const task = slot.task;
			slot.task = undefined;
			slot.worker.unref();
			if (message.key) task?.resolve(Buffer.from(message.key));
			else task?.reject(new Error(message.error ?? "scrypt failed"));
			next();
		});
		const lost = (error: Error) => {
			slots.splice(slots.indexOf(slot), 1);
			slot.task?.reject(error);
			slot.task = undefined;
			next();
		};
		slot.worker.on("error", lost);
		slot.worker.on("exit", (code) => {
			if (slots.includes(slot)) lost(new Error(`hash thread ended (${code})`));
		});
		slots.push(slot);
		return slot;
	};

	const next = () => {
		while (!closed && queue.length > 0) {
			const slot = slots.find((s) => !s.task) ?? (slots.length < threads ? spawn() : undefined);
			if (!slot) return;
			const task = queue.shift()!;
			slot.task = task;
			slot.worker.ref();
			slot.worker.postMessage(task.job);
		}
	};

	return {
		scrypt(job) {
			if (closed) return Promise.reject(new Error("The password hash threads are closed"));
			return new Promise<Buffer>((resolve, reject) => {
				queue.push({ job, resolve, reject });
				next();
			});
		},
		get waiting() {
			return queue.length;
		},
		admit() {
			if (admitted >= maxAdmitted) return null;
			admitted++;
			let released = false;
			return () => {
				if (!released) admitted--;
				released = true;
			};
		},
		async close() {
			closed = true;
			for (const task of queue.splice(0))
				task.reject(new Error("The password hash threads are closed"));
			const all = slots.splice(0);
			for (const slot of all) slot.task?.reject(new Error("The password hash threads are closed"));
			await Promise.all(all.map((slot) => slot.worker.terminate()));
		},
	};
}
