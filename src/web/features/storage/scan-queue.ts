import type { BinScanInput, BinScanResult } from "../../../shared/storage.ts";
import { ApiError } from "../../lib/api-client.ts";
import { sendScan } from "./api.ts";

/**
 * Scans wait on the phone until the server has answered them: each keeps the id it was made with,
 * so one sent again after a lost answer is counted once (the server keeps scans by that id).
 */
const KEY = "bhl.binScans";

export type QueuedScan = BinScanInput & { id: string; code: string };

export function queuedScans(): QueuedScan[] {
	try {
		const stored = JSON.parse(localStorage.getItem(KEY) ?? "[]");
		return Array.isArray(stored) ? stored : [];
	} catch {
		return [];
	}
}

const save = (scans: QueuedScan[]) => localStorage.setItem(KEY, JSON.stringify(scans));

export function enqueueScan(scan: Omit<QueuedScan, "id">): QueuedScan {
	const queued = { ...scan, id: crypto.randomUUID() };
	save([...queuedScans(), queued]);
	return queued;
}

export type ScanOutcome =
	| { scan: QueuedScan; ok: true; result: BinScanResult }
	| { scan: QueuedScan; ok: false; message: string };

let running: Promise<void> | null = null;

/**
 * Sends the queued scans in the order they were made, one at a time. An answer (counted or
 * refused) takes a scan off the queue; no answer (offline) leaves it and the rest for later.
 */
export function flushScans(onOutcome: (outcome: ScanOutcome) => void): Promise<void> {
	if (running) return running;
	// Known to be offline: the `online` event brings them.
	if (!navigator.onLine) return Promise.resolve();
	const run = async () => {
		for (;;) {
			const [scan] = queuedScans();
			if (!scan) return;
			try {
				const result = await sendScan(scan);
				onOutcome({ scan, ok: true, result });
			} catch (error) {
				if (error instanceof ApiError && error.status === 0) return;
				onOutcome({
					scan,
					ok: false,
					message: error instanceof Error ? error.message : "The scan was refused",
				});
			}
			save(queuedScans().filter((s) => s.id !== scan.id));
		}
	};
	const current = run().finally(() => {
		running = null;
	});
	running = current;
	return current;
}
