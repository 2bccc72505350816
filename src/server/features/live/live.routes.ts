import { createRoute, z } from "@hono/zod-openapi";
import { streamSSE } from "hono/streaming";
import { AppError } from "../../lib/errors.ts";
import type { AppEvent } from "../../lib/events.ts";
import { createRouter, errorResponses } from "../../lib/router.ts";
import { signedIn } from "../auth/auth.middleware.ts";
import { messagesAfter } from "../chat/chat.service.ts";

/** A comment line this often keeps proxies from closing a quiet stream (SPEC: 25 s). */
const HEARTBEAT_MS = 25_000;

/**
 * The signed-in user's live events as Server-Sent Events: each names what changed (an AppEvent
 * as JSON), and the page refetches exactly that. A chat message's event id is the message id;
 * a stream reopened with `Last-Event-ID` (or `?lastEventId=`) first gets the chat messages it
 * missed, from the table, then live ones, none twice. A page's first stream names when the page
 * started reading (`?since=`, the server's clock from GET /api/me): it first gets what changed
 * since then, so the page need not read everything again, or `events.missed` when this instance
 * cannot tell.
 */
export const customerRoutes = createRouter().openapi(
	createRoute({
		method: "get",
		path: "/live",
		tags: ["live"],
		summary:
			"My live events (Server-Sent Events): what changed in my conversation, quotes, bills and record (the owner: everyone's)",
		middleware: signedIn(),
		request: {
			query: z.object({
				lastEventId: z.coerce
					.number("Invalid event id")
					.int("Invalid event id")
					.min(0, "Invalid event id")
					.optional()
					.openapi({ description: "The last chat message id received, as Last-Event-ID" }),
				since: z.coerce
					.number("Invalid time")
					.int("Invalid time")
					.min(0, "Invalid time")
					.optional()
					.openapi({
						description:
							"When the page started reading its data (the server's clock, ms since 1970, as GET /api/me's `at`): what changed since then is sent first",
					}),
			}),
		},
		responses: {
			200: {
				description: "An event stream; each event's data is a JSON AppEvent",
				content: { "text/event-stream": { schema: z.string() } },
			},
			...errorResponses,
		},
	}),
	(c) => {
		const { deps } = c.var;
		const user = c.var.user;
		const header = c.req.header("last-event-id");
		const fromHeader = header && /^\d{1,15}$/.test(header) ? Number(header) : undefined;
		const { since, lastEventId: lastInQuery } = c.req.valid("query");
		const lastEventId = lastInQuery ?? fromHeader;

		if (deps.live.closed) throw new AppError(503, "The server is restarting. Please try again.");
		return streamSSE(c, async (stream) => {
			/** Messages replayed from the table: their live event, if it comes too, is not sent again. */
			const replayed = new Set<number>();
			/** Live events that arrive while the missed messages are read: sent after them. */
			let held: AppEvent[] | null = lastEventId !== undefined ? [] : null;
			let finish: () => void = () => {};
			const ended = new Promise<void>((resolve) => {
				finish = resolve;
			});

			const write = (event: AppEvent) => {
				if (event.kind === "chat.message" && replayed.has(event.messageId)) return;
				stream
					.writeSSE({
						data: JSON.stringify(event),
						id: event.kind === "chat.message" ? String(event.messageId) : undefined,
					})
					.catch(finish);
			};
			const stop = deps.live.open({
				user,
				send: (event) => (held ? held.push(event) : write(event)),
				close: (options) => {
					if (options?.reconnectMs === undefined) return finish();
					// `retry` for any EventSource; the named event for our pages, which reconnect themselves.
					stream
						.writeSSE({
							event: "reconnect",
							data: String(options.reconnectMs),
							retry: options.reconnectMs,
						})
						.finally(finish);
				},
			});
			if (!stop) return;
			// Taken with the stream's start, before any later event can reach it: none lost, none twice.
			const changed =
				since === undefined || lastEventId !== undefined
					? undefined
					: (deps.live.since(since, user) ?? [{ kind: "events.missed" } as const]);
			// However the connection ends (the browser leaves, the network drops), the stream goes.
			stream.onAbort(finish);
			c.req.raw.signal.addEventListener("abort", finish, { once: true });
			const heartbeat = setInterval(() => {
				stream.write(": heartbeat\n\n").catch(finish);
			}, HEARTBEAT_MS);

			try {
				// The browser learns the stream is open (and, on a reconnect, is told nothing twice).
				await stream.write(": connected\n\n");
				for (const event of changed ?? []) write(event);
				if (lastEventId !== undefined) {
					const missed = await messagesAfter({ db: deps.db, viewer: user, afterId: lastEventId });
					for (const m of missed) {
						write({ kind: "chat.message", messageId: m.id, customerUserId: m.customerUserId });
						replayed.add(m.id);
					}
					const waiting = held ?? [];
					held = null;
					for (const event of waiting) write(event);
				}
				await ended;
			} finally {
				clearInterval(heartbeat);
				stop();
			}
		}) as never;
	},
);
