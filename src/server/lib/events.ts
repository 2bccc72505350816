import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { AppEvent } from "../../shared/events.ts";
import type { Database, Executor, Transaction } from "../db/database.ts";
import type { Logger } from "./logger.ts";

export type { AppEvent };

export type EventListener = (event: AppEvent) => void;

/** How the bus reaches the other server instances: PostgreSQL NOTIFY, or nothing (PGlite). */
export interface EventTransport {
	/** Sends `payload` to every instance when `executor`'s transaction commits. */
	notify(executor: Executor, payload: string): Promise<void>;
	/**
	 * Calls `onPayload` with every payload sent by any instance, this one included, and `onGap`
	 * after a time when payloads may have been lost (a dropped connection, reconnected).
	 */
	listen(onPayload: (payload: string) => void, onGap: () => void): Promise<() => Promise<void>>;
}

export const EVENT_CHANNEL = "app_events";

/** How long a writer waits to hear its own event back before answering anyway. */
const ECHO_TIMEOUT_MS = 1000;

interface Sent {
	event: AppEvent;
	/** Settles when this instance hears the event back from PostgreSQL. */
	heard?: Promise<void>;
}

export interface EventBus {
	/**
	 * Announces `event` once `tx` commits: to this instance right after the commit and to every
	 * other instance through the transport; the writer's call returns once the others have it too
	 * (see `committed`). Use it inside `transaction()`, or with the database itself after a write
	 * that has committed.
	 */
	publish(tx: Executor, event: AppEvent): Promise<void>;
	subscribe(listener: EventListener): () => void;
	/** Runs `work` in one transaction and delivers what it published after the commit. */
	transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
	start(): Promise<void>;
	stop(): Promise<void>;
}

/** The event bus of one server instance. */
export function createEventBus(options: {
	db: Database;
	transport?: EventTransport;
	logger: Logger;
}): EventBus {
	const { db, transport, logger } = options;
	const instance = randomUUID();
	const listeners = new Set<EventListener>();
	/** Events published inside each open transaction, delivered here once it commits. */
	const pending = new WeakMap<object, Sent[]>();
	/** Events sent to the other instances whose own copy has not come back yet. */
	const echoes = new Map<string, () => void>();
	let stopListening: (() => Promise<void>) | undefined;

	/**
	 * Sends `event` to the other instances (when there are any) and returns a promise that settles
	 * when this instance hears it back, or after ECHO_TIMEOUT_MS.
	 */
	const send = async (tx: Executor, event: AppEvent): Promise<Sent> => {
		if (!transport || !stopListening) return { event };
		const id = randomUUID();
		let timer: NodeJS.Timeout | undefined;
		const heard = new Promise<void>((resolve) => {
			echoes.set(id, resolve);
			timer = setTimeout(resolve, ECHO_TIMEOUT_MS);
		}).finally(() => {
			clearTimeout(timer);
			echoes.delete(id);
		});
		heard.catch(() => {});
		await transport.notify(tx, JSON.stringify({ from: instance, id, event }));
		return { event, heard };
	};

	/**
	 * Delivers committed events here, then waits until the others have had them: PostgreSQL sends a
	 * notification to every listener at once, so when this instance hears its own, so have they. The
	 * writer answers only then, and whoever it answers reads the change on any instance.
	 */
	const committed = async (sent: Sent[]) => {
		for (const { event } of sent) deliver(event);
		await Promise.all(sent.map((s) => s.heard));
	};

	const deliver = (event: AppEvent) => {
		for (const listener of listeners) {
			try {
				listener(event);
			} catch (error) {
				logger.error({ err: error, kind: event.kind }, "event listener failed");
			}
		}
	};

	return {
		async publish(tx, event) {
			const queue = tx === db ? undefined : pending.get(tx);
			if (tx !== db && !queue)
				throw new Error("publish() needs a transaction made by events.transaction()");
			const sent = await send(tx, event);
			if (queue) queue.push(sent);
			else await committed([sent]);
		},
		subscribe(listener) {
			listeners.add(listener);
			return () => {
				listeners.delete(listener);
			};
		},
		async transaction(work) {
			const published: Sent[] = [];
			const result = await db.transaction((tx) => {
				pending.set(tx, published);
				return work(tx);
			});
			await committed(published);
			return result;
		},
		async start() {
			if (!transport || stopListening) return;
			stopListening = await transport.listen(
				(payload) => {
					try {
						const message = JSON.parse(payload) as { from: string; id: string; event: AppEvent };
						if (message.from !== instance) deliver(message.event);
						else echoes.get(message.id)?.();
					} catch (error) {
						logger.warn({ err: error }, "unreadable event");
					}
				},
				() => deliver({ kind: "events.missed" }),
			);
		},
		async stop() {
			await stopListening?.();
			stopListening = undefined;
		},
	};
}

/** NOTIFY inside the transaction: PostgreSQL delivers it to every listener when it commits. */
export async function notifyChannel(executor: Executor, payload: string) {
	await executor.execute(sql`select pg_notify(${EVENT_CHANNEL}, ${payload})`);
}
