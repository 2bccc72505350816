import type { SessionUser } from "../../../shared/auth.ts";
import type { AppEvent, EventBus } from "../../lib/events.ts";
import type { Logger } from "../../lib/logger.ts";

/**
 * The most streams one account keeps open on one instance: a phone, a laptop and a few tabs.
 * Each stream holds a socket (a file descriptor); unbounded, one account could use them all up.
 */
export const STREAMS_PER_ACCOUNT = 8;

/**
 * How long this instance keeps the events it heard, for streams that open after their page has
 * read its data (`since`), and how many at most. A page opens its stream within seconds of
 * loading; one that waited longer reads everything again.
 */
export const RECENT_MS = 5 * 60_000;
const RECENT_MAX = 10_000;
/** Instances' clocks and the time a page's first read takes on the server: replayed from this much earlier. */
export const SINCE_MARGIN_MS = 2000;

/** One open event stream: who it is for and how to reach the browser. */
interface LiveStream {
	user: Pick<SessionUser, "id" | "role">;
	/** Sends one event to the browser. */
	send(event: AppEvent): void;
	/**
	 * Ends the stream (a sign-out, or the server shutting down). `reconnectMs`: the server is
	 * stopping, and the page should open a new stream, through the proxy to another instance, after
	 * that long.
	 */
	close(options?: { reconnectMs?: number }): void;
}

export interface LiveStreams {
	/** Starts delivering to `stream`; returns the function that stops it. Refused once closed. */
	open(stream: LiveStream): (() => void) | null;
	/**
	 * The events `user` may see that this instance heard from `since` (the server's clock, in ms)
	 * on, oldest first; null when it cannot say (it started later, or may have missed some since):
	 * the page must read everything again.
	 */
	since(since: number, user: LiveStream["user"]): AppEvent[] | null;
	/** How many streams are open on this instance. */
	readonly size: number;
	/** True once `closeAll` ran. */
	readonly closed: boolean;
	/**
	 * Ends every stream and refuses new ones: the server is shutting down. Each page is told to
	 * reconnect after a short delay, spread over a second or two so the others are not all hit at once.
	 */
	closeAll(): void;
}

/**
 * Whether `user` may see `event` on their live stream: the owner sees every change to customer
 * data; a customer only those naming their own account. E-mail, leads and other users' sessions
 * are nobody's business on a page.
 */
function visibleTo(user: LiveStream["user"], event: AppEvent): boolean {
	switch (event.kind) {
		case "chat.message":
		case "chat.read":
			return user.role === "owner" || event.customerUserId === user.id;
		case "quote.changed":
		case "bill.changed":
		case "customer.changed":
		case "request.changed":
			return user.role === "owner" || event.userId === user.id;
		// Prices, services and the business's details: public, and on every page.
		case "settings.changed":
		case "catalog.changed":
			return true;
		case "profile.changed":
		case "session.ended":
			return event.userId === user.id;
		case "lead.created":
		case "customer.record.changed":
			return user.role === "owner";
		// The calendar: the owner sees every booking; a customer theirs, and the days' changes
		// (their booking page shows which days are open). Bins: the owner's all, a customer's own.
		case "booking.changed":
		case "storage.changed":
			return user.role === "owner" || event.userId === user.id;
		case "calendar.changed":
			return true;
		case "events.missed":
			return true;
		case "email.queued":
		case "push.queued":
			return false;
	}
}

/**
 * The open event streams of this instance, fed by the event bus (so by every instance's writes).
 * One subscription for all of them; customers' streams are found by user id, the owners' apart,
 * so an event costs only the streams that may see it. An account's ninth stream closes its
 * oldest (a tab left open long ago reconnects when looked at again).
 */
export function createLiveStreams(
	events: EventBus,
	logger: Logger,
	now: () => number = Date.now,
): LiveStreams {
	const byUser = new Map<string, Set<LiveStream>>();
	/** What this instance heard, oldest first, and since when it has heard everything. */
	const recent: { at: number; event: AppEvent }[] = [];
	let heardAllSince = now();
	const owners = new Set<LiveStream>();
	const stops = new WeakMap<LiveStream, () => void>();
	let closed = false;
	let size = 0;

	const deliver = (stream: LiveStream, event: AppEvent) => {
		if (!visibleTo(stream.user, event)) return;
		if (event.kind === "session.ended") return stream.close();
		stream.send(event);
	};

	const userOf = (event: AppEvent): string | null | undefined => {
		switch (event.kind) {
			case "chat.message":
			case "chat.read":
				return event.customerUserId;
			case "quote.changed":
			case "bill.changed":
			case "customer.changed":
			case "request.changed":
			case "profile.changed":
			case "session.ended":
				return event.userId;
			default:
				return undefined;
		}
	};

	const remember = (event: AppEvent) => {
		const at = now();
		// A gap (the database connection dropped): nothing before it can be vouched for.
		if (event.kind === "events.missed") {
			recent.length = 0;
			heardAllSince = at;
			return;
		}
		recent.push({ at, event });
		let drop = 0;
		while (
			drop < recent.length &&
			(recent.length - drop > RECENT_MAX || recent[drop]!.at < at - RECENT_MS)
		)
			drop++;
		if (drop) heardAllSince = recent.splice(0, drop).at(-1)!.at + 1;
	};

	events.subscribe((event) => {
		remember(event);
		if (size === 0) return;
		const userId = userOf(event);
		if (userId === undefined) {
			for (const streams of [...byUser.values()]) for (const s of [...streams]) deliver(s, event);
			return;
		}
		const mine = userId ? byUser.get(userId) : undefined;
		for (const s of [...(mine ?? [])]) deliver(s, event);
		for (const s of [...owners]) if (!mine?.has(s)) deliver(s, event);
	});

	return {
		since(since, user) {
			const from = since - SINCE_MARGIN_MS;
			if (from < heardAllSince) return null;
			return recent
				.filter((r) => r.at >= from && r.event.kind !== "session.ended" && visibleTo(user, r.event))
				.map((r) => r.event);
		},
		open(stream) {
			if (closed) return null;
			const set = byUser.get(stream.user.id) ?? new Set();
			byUser.set(stream.user.id, set);
			const stop = () => {
				if (!set.delete(stream)) return;
				size--;
				owners.delete(stream);
				if (set.size === 0 && byUser.get(stream.user.id) === set) byUser.delete(stream.user.id);
			};
			if (set.size >= STREAMS_PER_ACCOUNT) {
				// A Set keeps insertion order: the first is the oldest. It stops counting at once.
				const oldest = set.values().next().value!;
				logger.warn(
					{ userId: stream.user.id, open: set.size },
					"live streams: the account's limit is reached, its oldest stream is closed",
				);
				stops.get(oldest)?.();
				oldest.close();
			}
			set.add(stream);
			stops.set(stream, stop);
			if (stream.user.role === "owner") owners.add(stream);
			size++;
			return stop;
		},
		get size() {
			return size;
		},
		get closed() {
			return closed;
		},
		closeAll() {
			closed = true;
			for (const streams of [...byUser.values()])
				for (const s of [...streams])
					s.close({ reconnectMs: 500 + Math.floor(Math.random() * 1500) });
		},
	};
}
