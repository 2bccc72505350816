/**
 * The answers to the busiest reads (signed-in session, owner dashboard and quote list, customer
 * home), kept in memory for a moment so a burst of identical reads costs one database trip.
 *
 * Every write through the API clears it before its response goes out (see `clearReadsAfterWrites`
 * in app.ts), so whoever changed something, and everyone after them, reads the change at once.
 * Writes that do not come through this server (another server on the same database, a manual SQL
 * fix) show within `ttlMs`. Concurrent misses of one key share a single load.
 */
export class ReadCache {
	readonly #entries = new Map<string, { value: Promise<unknown>; until: number }>();

	constructor(
		/** How long an answer is reused; 0 reads the database every time. */
		readonly ttlMs: number,
		private readonly maxEntries = 10_000,
	) {}

	/**
	 * The answer for `key`, loaded when missing or expired. `expiresAt` may shorten an answer's
	 * life (a session that ends sooner than `ttlMs`).
	 */
	read<T>(key: string, load: () => Promise<T>, expiresAt?: (value: T) => number): Promise<T> {
		if (this.ttlMs <= 0) return load();
		const now = Date.now();
		const hit = this.#entries.get(key);
		if (hit && hit.until > now) return hit.value as Promise<T>;

		if (this.#entries.size >= this.maxEntries) this.#entries.clear();
		const entry = { value: load() as Promise<unknown>, until: now + this.ttlMs };
		this.#entries.set(key, entry);
		entry.value.then(
			(value) => {
				if (expiresAt) entry.until = Math.min(entry.until, expiresAt(value as T));
				if (entry.until <= Date.now() && this.#entries.get(key) === entry)
					this.#entries.delete(key);
			},
			() => {
				if (this.#entries.get(key) === entry) this.#entries.delete(key);
			},
		);
		return entry.value as Promise<T>;
	}

	/** Forgets every answer, including loads still running: the next read goes to the database. */
	clear() {
		this.#entries.clear();
	}
}
