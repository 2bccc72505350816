/** One event read from a live stream: its id (a chat message's id) and its JSON data. */
export interface LiveEvent {
	id?: string;
	data: { kind: string; [key: string]: unknown };
}

/**
 * Opens GET /api/live as a browser's EventSource would (a cookie, optionally Last-Event-ID, or the
 * time its page started reading, `since`) and collects its events. `next(match)` waits for the next event matching `match`.
 */
export async function openLiveStream(
	baseUrl: string,
	cookie: string,
	options: { lastEventId?: string; since?: number } = {},
) {
	const abort = new AbortController();
	const headers: Record<string, string> = { cookie, accept: "text/event-stream" };
	if (options.lastEventId) headers["last-event-id"] = options.lastEventId;
	const query = options.since === undefined ? "" : `?since=${options.since}`;
	const response = await fetch(`${baseUrl}/api/live${query}`, { headers, signal: abort.signal });
	const events: LiveEvent[] = [];
	const comments: string[] = [];
	let waiters: (() => void)[] = [];
	let ended = false;
	const done = (async () => {
		if (!response.ok || !response.body) return;
		const decoder = new TextDecoder();
		let buffer = "";
		try {
			for await (const chunk of response.body) {
				buffer += decoder.decode(chunk as Uint8Array, { stream: true });
				let end = buffer.indexOf("\n\n");
				while (end >= 0) {
					const block = buffer.slice(0, end);
					buffer = buffer.slice(end + 2);
					let id: string | undefined;
					let data = "";
					for (const line of block.split("\n")) {
						if (line.startsWith(":")) comments.push(line.slice(1).trim());
						else if (line.startsWith("id: ")) id = line.slice(4);
						else if (line.startsWith("data: ")) data += line.slice(6);
					}
					if (data) events.push({ id, data: JSON.parse(data) });
					for (const wake of waiters) wake();
					waiters = [];
					end = buffer.indexOf("\n\n");
				}
			}
		} catch {
			// aborted
		} finally {
			ended = true;
			for (const wake of waiters) wake();
		}
	})();
	let read = 0;
	const stream = {
		status: response.status,
		headers: response.headers,
		events,
		comments,
		get ended() {
			return ended;
		},
		/** The next unread event for which `match` holds (others are skipped), within `timeoutMs`. */
		async next(match: (e: LiveEvent) => boolean = () => true, timeoutMs = 5000) {
			const deadline = Date.now() + timeoutMs;
			for (;;) {
				while (read < events.length) {
					const event = events[read++]!;
					if (match(event)) return event;
				}
				if (ended) throw new Error("the stream ended");
				const left = deadline - Date.now();
				if (left <= 0) throw new Error(`no matching event within ${timeoutMs} ms`);
				await new Promise<void>((resolve) => {
					const timer = setTimeout(resolve, left);
					waiters.push(() => {
						clearTimeout(timer);
						resolve();
					});
				});
			}
		},
		/** Resolves once the server has ended the stream. */
		closed: done,
		close() {
			abort.abort();
			return done;
		},
	};
	return stream;
}
