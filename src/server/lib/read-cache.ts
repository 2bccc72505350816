import { LRUCache } from "lru-cache";
import type { AppEvent } from "./events.ts";

/**
 * The answers to the busiest reads (signed-in session, owner dashboard and quote list, customer
 * home), kept in memory for a moment so a burst of identical reads costs one database trip.
 *
 * Each answer carries tags naming whose data it shows (`owner`, `customer:<user id>`,
 * `session:<user id>`). A change announced on the event bus drops the answers of the tags it
 * touches, on every server instance (`tagsOf` below), so the next read goes to the database.
 * `ttlMs` bounds how long an answer can outlive a change nobody announced (a manual SQL fix).
 * Concurrent misses of one key share a single load; when full, the least recently used go first.
 */
export class ReadCache {
	readonly #entries: LRUCache<string, Entry>;
	readonly #keysByTag = new Map<string, Set<string>>();
	/** Bumped by every invalidation: a load that saw one happen while it ran is not kept. */
	#generation = 0;

	constructor(
		/** How long an answer is reused; 0 reads the database every time. */
		readonly ttlMs: number,
		maxEntries = 10_000,
	) {
		this.#entries = new LRUCache<string, Entry>({
			max: maxEntries,
			ttl: Math.max(ttlMs, 1),
			dispose: (entry, key) => this.#unindex(key, entry.tags),
		});
	}

	/**
	 * The answer for `key`, loaded when missing or expired. `tags` name whose data it holds, from
	 * the answer itself when only the answer knows (a session's user). `expiresAt` may shorten an
	 * answer's life (a session that ends sooner than `ttlMs`).
	 */
	read<T>(
		key: string,
		tags: readonly string[] | ((value: T) => readonly string[]),
		load: () => Promise<T>,
		expiresAt?: (value: T) => number,
	): Promise<T> {
		if (this.ttlMs <= 0) return load();
		const hit = this.#entries.get(key);
		if (hit && hit.until > Date.now()) return hit.value as Promise<T>;

		const generation = this.#generation;
		const entry: Entry = {
			value: load(),
			tags: typeof tags === "function" ? [] : [...tags],
			until: Date.now() + this.ttlMs,
		};
		this.#entries.set(key, entry);
		this.#index(key, entry.tags);
		entry.value.then(
			(value) => {
				if (this.#entries.peek(key) !== entry) return;
				if (generation !== this.#generation) return void this.#entries.delete(key);
				if (typeof tags === "function") {
					entry.tags = [...tags(value as T)];
					this.#index(key, entry.tags);
				}
				if (expiresAt) entry.until = Math.min(entry.until, expiresAt(value as T));
				if (entry.until <= Date.now()) this.#entries.delete(key);
			},
			() => {
				if (this.#entries.peek(key) === entry) this.#entries.delete(key);
			},
		);
		return entry.value as Promise<T>;
	}

	/** Drops every answer carrying one of `tags`, loads still running included. */
	invalidate(tags: readonly string[]) {
		this.#generation++;
		for (const tag of tags) {
			for (const key of this.#keysByTag.get(tag) ?? []) this.#entries.delete(key);
			this.#keysByTag.delete(tag);
		}
	}

	/** Forgets every answer: the next read of anything goes to the database. */
	clear() {
		this.#generation++;
		this.#entries.clear();
		this.#keysByTag.clear();
	}

	/** Keeps the cache true to the events of every instance (see `tagsOf`). */
	onEvent = (event: AppEvent) => {
		if (event.kind === "events.missed") return this.clear();
		const tags = tagsOf(event);
		if (tags.length > 0) this.invalidate(tags);
	};

	#index(key: string, tags: readonly string[]) {
		for (const tag of tags) {
			const keys = this.#keysByTag.get(tag) ?? new Set();
			keys.add(key);
			this.#keysByTag.set(tag, keys);
		}
	}

	#unindex(key: string, tags: readonly string[]) {
		for (const tag of tags) {
			const keys = this.#keysByTag.get(tag);
			keys?.delete(key);
			if (keys?.size === 0) this.#keysByTag.delete(tag);
		}
	}
}

interface Entry {
	value: Promise<unknown>;
	tags: string[];
	until: number;
}

export const OWNER_TAG = "owner";
export const customerTag = (userId: string) => `customer:${userId}`;
/** Answers built from the business's settings or catalogue, whoever reads them. */
export const SITE_TAG = "site";
export const sessionTag = (userId: string) => `session:${userId}`;
/** Answers that hang on a customer's quotes alone (whether one is approved). */
export const quotesTag = (userId: string) => `quotes:${userId}`;

/** Which cached answers an event makes stale. Everything a customer changes, the owner sees too. */
function tagsOf(event: AppEvent): string[] {
	switch (event.kind) {
		case "quote.changed":
			return event.userId
				? [OWNER_TAG, customerTag(event.userId), quotesTag(event.userId)]
				: [OWNER_TAG];
		case "bill.changed":
		case "request.changed":
		case "customer.changed":
			return [OWNER_TAG, customerTag(event.userId)];
		case "profile.changed":
			return [OWNER_TAG, customerTag(event.userId), sessionTag(event.userId)];
		case "customer.record.changed":
			return [OWNER_TAG];
		// The calendar is read from the database every time (its days change under load).
		case "booking.changed":
			return event.userId ? [OWNER_TAG, customerTag(event.userId)] : [OWNER_TAG];
		case "calendar.changed":
			return [];
		// Bins are read from the database every time.
		case "storage.changed":
			return [];
		case "session.ended":
			return [sessionTag(event.userId)];
		case "settings.changed":
		case "catalog.changed":
			return [SITE_TAG];
		// Chat is read from the database every time (it changes too often to be worth keeping).
		case "chat.message":
		case "chat.read":
		case "lead.created":
		case "email.queued":
		case "push.queued":
		case "events.missed":
			return [];
	}
}
