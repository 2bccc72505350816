import { hashKey, type QueryClient, type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { SessionUser } from "../../../shared/auth.ts";
import type { AppEvent } from "../../../shared/events.ts";
import { forgetFirstReads } from "../../lib/first-reads.ts";
import { whenQueriesSettle } from "../../lib/query-client.tsx";
import { authQueries, isSigningOut, serverTimeAtPageStart } from "../auth/api.ts";
import { bookingQueries } from "../bookings/api.ts";
import { catalogQueries } from "../catalog/api.ts";
import { chatQueries } from "../chat/api.ts";
import { contractQueries } from "../contracts/api.ts";
import { crewQueryKey } from "../crew/api.ts";
import { customerQueries } from "../customers/api.ts";
import { billQueries, paymentQueries } from "../payments/api.ts";
import { quoteQueries } from "../quotes/api.ts";
import { requestQueries } from "../requests/api.ts";
import { settingsQueries } from "../settings/api.ts";
import { storageQueries } from "../storage/api.ts";

/** Reconnect after 1, 2 and 5 seconds, then every 10 (SPEC section 9). */
const RETRY_MS = [1000, 2000, 5000, 10_000];

type Viewer = Pick<SessionUser, "id" | "role">;

/** The query keys an event makes stale, for this viewer. */
function keysFor(event: AppEvent, viewer: Viewer): QueryKey[] {
	const owner = viewer.role === "owner";
	const ownerCustomers = owner
		? [customerQueries.dashboard, customerQueries.ownerList, customerQueries.ownerDetails]
		: [];
	const mine = "userId" in event && event.userId === viewer.id;
	switch (event.kind) {
		case "chat.message":
		case "chat.read":
			return [
				chatQueries.conversation(event.customerUserId),
				...(owner ? [chatQueries.owner] : []),
			];
		case "quote.changed":
			return [
				...(mine ? [quoteQueries.mine] : []),
				...(owner ? [quoteQueries.owner, customerQueries.dashboard] : []),
			];
		case "bill.changed":
			// The bills hold their receipts (["bills", id, "receipt"]); a plan's month is a bill.
			// A deposit paid moves the season's timeline (under the customer's record).
			return [
				...(mine ? [billQueries.mine, paymentQueries.planKey, customerQueries.mine] : []),
				...ownerCustomers,
			];
		case "customer.changed":
			return [...(mine ? [customerQueries.mine, paymentQueries.planKey] : []), ...ownerCustomers];
		case "request.changed":
			return [
				...(mine ? [requestQueries.mine] : []),
				...(owner ? [requestQueries.owner] : []),
				...ownerCustomers,
			];
		case "settings.changed":
			// Pricing shows with the bills and the plan (its price), test mode in the payment setup; the
			// business's details refresh with the page.
			return [
				billQueries.mine,
				paymentQueries.planKey,
				paymentQueries.setupKey,
				// New contract terms: the approved-quote card shows the version in force.
				contractQueries.mine().queryKey,
				...(owner ? [settingsQueries.settings, contractQueries.terms().queryKey] : []),
			];
		case "customer.record.changed":
			return ownerCustomers;
		case "catalog.changed":
			return [catalogQueries.all, ...(owner ? [settingsQueries.catalog] : [])];
		case "profile.changed":
		case "session.ended":
			return mine ? [authQueries.all] : [];
		case "booking.changed":
			return [
				// The season's timeline lives under the customer's record and page.
				...(mine ? [bookingQueries.mine, billQueries.mine, customerQueries.mine] : []),
				...(owner ? [bookingQueries.owner, customerQueries.ownerDetails] : []),
				bookingQueries.days,
			];
		case "calendar.changed":
			return [bookingQueries.days, ...(owner ? [bookingQueries.owner, crewQueryKey] : [])];
		case "storage.changed":
			// A customer's bins show on their storage card and their season's timeline (their record).
			if (owner) return [storageQueries.all, customerQueries.ownerDetails];
			return mine ? [storageQueries.mine().queryKey, customerQueries.mine] : [];
		case "lead.created":
		case "email.queued":
		case "push.queued":
		case "events.missed":
			return [];
	}
}

/** Events that come together (a season's renewal offers, a month's plan bills) refetch once. */
const GATHER_MS = 50;

/**
 * Refetches the queries events name, each key once per burst: a thousand events at once would
 * otherwise start, cancel and start again the same request a thousand times.
 */
function refetcher(queryClient: QueryClient) {
	const keys = new Map<string, QueryKey>();
	let timer: ReturnType<typeof setTimeout> | undefined;
	const flush = () => {
		timer = undefined;
		const due = [...keys.values()];
		keys.clear();
		for (const queryKey of due) void queryClient.invalidateQueries({ queryKey });
	};
	return {
		refetch(list: QueryKey[]) {
			for (const key of list) keys.set(hashKey(key), key);
			if (keys.size) timer ??= setTimeout(flush, GATHER_MS);
		},
		stop: () => clearTimeout(timer),
	};
}

/** The longest the stream waits for the page's first data before it opens anyway. */
const OPEN_AFTER_MAX_MS = 5000;

/**
 * Keeps the signed-in user's pages live: one Server-Sent Events stream (GET /api/live) whose
 * events name what changed; each refetches exactly the queries that show it, and events that come
 * together refetch each query once. A chat message is acted on once, whether it comes live or again
 * in a reconnect's catch-up. After a drop the stream reopens with the last message id it had, and
 * the other data is refetched, since only chat messages are caught up from the server. The stream
 * first opens once the page's first data is in, and first gets what changed since the page started
 * (or, when the server cannot tell, `events.missed`: everything is read again).
 */
export function LiveUpdates({ user }: { user: Viewer }) {
	const queryClient = useQueryClient();
	const { id, role } = user;
	useEffect(() => {
		const viewer = { id, role };
		const changes = refetcher(queryClient);
		const seen = new Set<number>();
		let source: EventSource | null = null;
		let timer: ReturnType<typeof setTimeout> | undefined;
		let failures = 0;
		let dropped = false;
		let lastEventId = "";
		let stopped = false;

		const connect = () => {
			if (stopped) return;
			// Not while signing out, and only for the user the page last heard is signed in (after a
			// sign-out the cache is cleared, then told no one is): the stream would be refused.
			if (isSigningOut()) {
				timer = setTimeout(connect, 1000);
				return;
			}
			if (queryClient.getQueryData(authQueries.me().queryKey)?.user?.id !== id) return;
			// The first open names when the page started reading, and the server first sends what
			// changed since: nothing read before the stream listened is missed.
			const since = serverTimeAtPageStart();
			const url = lastEventId
				? `/api/live?lastEventId=${encodeURIComponent(lastEventId)}`
				: since !== undefined && !dropped
					? `/api/live?since=${since}`
					: "/api/live";
			source = new EventSource(url);
			source.onopen = () => {
				failures = 0;
				if (dropped) {
					// Whatever else changed meanwhile: refetch all but the chat (caught up by the stream).
					void queryClient.invalidateQueries({
						predicate: (q) => q.queryKey[0] !== "chat",
					});
					dropped = false;
				} else if (since === undefined) {
					void queryClient.invalidateQueries();
				}
			};
			source.onmessage = (message) => {
				if (message.lastEventId) lastEventId = message.lastEventId;
				let event: AppEvent;
				try {
					event = JSON.parse(message.data) as AppEvent;
				} catch {
					return;
				}
				if (event.kind === "chat.message") {
					if (seen.has(event.messageId)) return;
					seen.add(event.messageId);
					if (seen.size > 2000) seen.delete(seen.values().next().value as number);
				}
				if (event.kind === "events.missed") return void queryClient.invalidateQueries();
				changes.refetch(keysFor(event, viewer));
			};
			// The instance is stopping: reopen after the delay it names (a proxy sends the new stream
			// to another instance), without counting it as a failure.
			source.addEventListener("reconnect", (message) => {
				source?.close();
				if (stopped) return;
				dropped = true;
				const hinted = Number((message as MessageEvent<string>).data);
				timer = setTimeout(connect, Number.isFinite(hinted) ? Math.min(hinted, 10_000) : 1000);
			});
			source.onerror = () => {
				source?.close();
				if (stopped) return;
				dropped = true;
				// A stream the server ended may mean the session ended: ask who is signed in at once;
				// connect() reopens only for the same user (signed out, the page goes to sign-in).
				const asked = queryClient
					.fetchQuery({ ...authQueries.me(), staleTime: 0 })
					.catch(() => undefined);
				const wait = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)];
				failures++;
				timer = setTimeout(() => void asked.then(connect), wait);
			};
		};
		// The stream holds a connection for as long as the page is open: the page's own first reads
		// come first.
		const cancelOpen = whenQueriesSettle(
			queryClient,
			{ quietMs: 0, mostMs: OPEN_AFTER_MAX_MS },
			() => {
				// What the page's HTML answered and the page did not ask for would only grow stale.
				forgetFirstReads();
				connect();
			},
		);
		return () => {
			cancelOpen();
			stopped = true;
			clearTimeout(timer);
			changes.stop();
			source?.close();
		};
	}, [id, role, queryClient]);
	return null;
}
