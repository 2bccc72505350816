import type { AppEvent } from "../../shared/events.ts";
import type { EventBus } from "./events.ts";
import type { Logger } from "./logger.ts";

/**
 * Delivers an outbox (e-mail, push) in the background of one instance: a run at start, one
 * `gatherMs` after each `wakeOn` event (what is queued meanwhile goes in the same run), and one
 * every `pollMs` for retries and for rows queued while no instance listened. One run at a time;
 * a run that claimed a full `batch` is followed by another at once.
 */
export function outboxWorker(options: {
	/** Delivers what is due now and answers how many rows it claimed. */
	deliverDue: () => Promise<number>;
	batch: number;
	wakeOn: AppEvent["kind"];
	gatherMs: number;
	pollMs: number;
	events: EventBus;
	logger: Logger;
	/** Named in the log when a run fails. */
	name: string;
}) {
	let timer: NodeJS.Timeout | undefined;
	let wake: NodeJS.Timeout | undefined;
	let unsubscribe: (() => void) | undefined;
	let running: Promise<number> | undefined;
	let again = false;

	function run() {
		if (running) {
			again = true;
			return;
		}
		running = options
			.deliverDue()
			.catch((error) => {
				options.logger.error({ err: error }, `${options.name} delivery run failed`);
				return 0;
			})
			.then((claimed) => {
				if (claimed === options.batch) again = true;
				return claimed;
			})
			.finally(() => {
				running = undefined;
				if (again) {
					again = false;
					run();
				}
			});
	}

	return {
		start() {
			unsubscribe ??= options.events.subscribe((event) => {
				if (event.kind !== options.wakeOn) return;
				wake ??= setTimeout(() => {
					wake = undefined;
					run();
				}, options.gatherMs);
			});
			timer ??= setInterval(run, options.pollMs);
			timer.unref();
			run();
		},
		/** Stops waking and waits for a run under way. */
		async stop() {
			unsubscribe?.();
			unsubscribe = undefined;
			clearInterval(timer);
			clearTimeout(wake);
			timer = undefined;
			wake = undefined;
			await running;
		},
	};
}
