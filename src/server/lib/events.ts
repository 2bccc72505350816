import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { AppEvent } from "../../shared/events.ts";
import type { Database, Executor, Transaction } from "../db/database.ts";
import type { Logger } from "./logger.ts";

export type { AppEvent };

type EventListener = (event: AppEvent) => void;

/** How the bus reaches the other server instances: PostgreSQL NOTIFY, or nothing (PGlite). */
export interface EventTransport {
	/** Sends `payload` to every instance when `executor`'s transaction commits. */
	notify(executor: Executor, payload: string): Promise<void>;
	/**
	 * The PostgreSQL channel `notify` sends on: a write made of one statement sends its
	 * notification there itself (`announceWith`).
	 */
	readonly channel: string;
	/**
	 * Calls `onPayload` with every payload sent by any instance, this one included, and `onGap`
	 * after a time when payloads may have been lost (a dropped connection, reconnected).
	 */
	listen(onPayload: (payload: string) => void, onGap: () => void): Promise<() => Promise<void>>;
}

export const EVENT_CHANNEL = "app_events";

/** How long a writer waits to hear its own event back before answering anyway. */
const ECHO_TIMEOUT_MS = 1000;

/** NOTIFY payloads must stay under 8,000 bytes: a transaction's events go in as few as fit. */
const MAX_PAYLOAD = 7000;

/** What one instance sends the others: the events of one commit, in the order published. */
interface Message {
	from: string;
	id: string;
	events: AppEvent[];
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
	/**
	 * Runs `work` in one transaction and delivers what it published after the commit. The events
	 * travel to the other instances together, in one notification sent just before the commit
	 * (the same event published twice goes once).
	 */
	transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
	/**
	 * For a write made of one statement (its own transaction): `write` gets the notification that
	 * tells the other instances about `events` (null when there are none to tell), to send within
	 * that statement, `pg_notify(channel, payload)`. Once it returns a result, `events` are
	 * delivered here, and the call returns when the others have them too, as with `transaction()`.
	 * A write that returns undefined wrote nothing (and sent nothing): nothing is announced.
	 */
	announceWith<T>(
		events: AppEvent[],
		write: (notification: { channel: string; payload: string } | null) => Promise<T | undefined>,
	): Promise<T | undefined>;
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
	/**
	 * Each open transaction's events: published and not sent yet, sent, and the echoes awaited;
	 * all delivered when it commits.
	 */
	const pending = new WeakMap<
		object,
		{ queued: AppEvent[]; sent: AppEvent[]; heard: Promise<void>[] }
	>();
	/** Notifications sent to the other instances whose own copy has not come back yet. */
	const echoes = new Map<string, () => void>();
	let stopListening: (() => Promise<void>) | undefined;

	/**
	 * Sends `events` to the other instances (when there are any) in `tx`, and returns promises that
	 * settle when this instance hears them back, or after ECHO_TIMEOUT_MS.
	 */
	const send = async (tx: Executor, events: AppEvent[]): Promise<Promise<void>[]> => {
		if (!transport || !stopListening || events.length === 0) return [];
		const heard: Promise<void>[] = [];
		for (const batch of payloads(events)) {
			const sent = message(batch);
			heard.push(sent.echo);
			await transport.notify(tx, sent.payload);
		}
		return heard;
	};

	/**
	 * One notification of `events` to the other instances: its payload, and `echo`, settled when
	 * this instance hears it back, after ECHO_TIMEOUT_MS, or by `forget()` (it was not sent).
	 */
	const message = (events: AppEvent[]) => {
		const id = randomUUID();
		let timer: NodeJS.Timeout | undefined;
		const echo = new Promise<void>((resolve) => {
			echoes.set(id, resolve);
			timer = setTimeout(resolve, ECHO_TIMEOUT_MS);
		}).finally(() => {
			clearTimeout(timer);
			echoes.delete(id);
		});
		echo.catch(() => {});
		const payload = JSON.stringify({ from: instance, id, events } satisfies Message);
		return { payload, echo, forget: () => echoes.get(id)?.() };
	};

	/**
	 * Delivers committed events here, then waits until the others have had them: PostgreSQL sends a
	 * notification to every listener at once, so when this instance hears its own, so have they. The
	 * writer answers only then, and whoever it answers reads the change on any instance.
	 */
	const committed = async (events: AppEvent[], heard: Promise<void>[]) => {
		for (const event of events) deliver(event);
		await Promise.all(heard);
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

	const flush = async (tx: Transaction) => {
		const state = pending.get(tx);
		if (!state) throw new Error("events need a transaction made by events.transaction()");
		const events = distinct([...state.sent, ...state.queued]).slice(state.sent.length);
		state.queued = [];
		state.sent.push(...events);
		state.heard.push(...(await send(tx, events)));
	};

	return {
		async publish(tx, event) {
			if (tx === db) return committed([event], await send(db, [event]));
			const state = pending.get(tx);
			if (!state) throw new Error("publish() needs a transaction made by events.transaction()");
			state.queued.push(event);
		},
		subscribe(listener) {
			listeners.add(listener);
			return () => {
				listeners.delete(listener);
			};
		},
		async transaction(work) {
			const state = {
				queued: [] as AppEvent[],
				sent: [] as AppEvent[],
				heard: [] as Promise<void>[],
			};
			const result = await db.transaction(async (tx) => {
				pending.set(tx, state);
				const value = await work(tx);
				await flush(tx);
				return value;
			});
			await committed(state.sent, state.heard);
			return result;
		},
		async announceWith(events, write) {
			const unique = distinct(events);
			const batches = transport && stopListening && unique.length > 0 ? payloads(unique) : [];
			if (batches.length > 1) throw new Error("announceWith: the events must fit one notification");
			const sent = transport && batches[0] ? message(batches[0]) : undefined;
			const result = await write(
				transport && sent ? { channel: transport.channel, payload: sent.payload } : null,
			).catch((error: unknown) => {
				sent?.forget();
				throw error;
			});
			if (result === undefined) {
				sent?.forget();
				return undefined;
			}
			await committed(unique, sent ? [sent.echo] : []);
			return result;
		},
		async start() {
			if (!transport || stopListening) return;
			stopListening = await transport.listen(
				(payload) => {
					try {
						const message = JSON.parse(payload) as Message;
						if (message.from !== instance) for (const event of message.events) deliver(event);
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

/** Each event once, in the order first published. */
function distinct(events: AppEvent[]): AppEvent[] {
	const seen = new Set<string>();
	return events.filter((event) => {
		const key = JSON.stringify(event);
		if (seen.has(key)) return false;
		seen.add(key);
		return true;
	});
}

/** `events` cut into runs whose JSON fits one notification. */
function payloads(events: AppEvent[]): AppEvent[][] {
	const batches: AppEvent[][] = [[]];
	let size = 0;
	for (const event of events) {
		const length = JSON.stringify(event).length + 1;
		if (size + length > MAX_PAYLOAD && batches.at(-1)!.length > 0) {
			batches.push([]);
			size = 0;
		}
		batches.at(-1)!.push(event);
		size += length;
	}
	return batches;
}

/** NOTIFY inside the transaction: PostgreSQL delivers it to every listener when it commits. */
export async function notifyChannel(executor: Executor, payload: string) {
	await executor.execute(sql`select pg_notify(${EVENT_CHANNEL}, ${payload})`);
}
