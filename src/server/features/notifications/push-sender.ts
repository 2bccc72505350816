import { and, eq, inArray, lte, sql } from "drizzle-orm";
import webpush from "web-push";
import type { PushKind, PushPayload } from "../../../shared/notifications.ts";
import type { Database } from "../../db/database.ts";
import { pushSends, pushSubscriptions } from "../../db/schema.ts";
import type { Env } from "../../env.ts";
import type { EventBus } from "../../lib/events.ts";
import type { Logger } from "../../lib/logger.ts";
import { outboxWorker } from "../../lib/outbox-worker.ts";
import type { SecretBox } from "../../lib/secret-box.ts";
import { loadVapidKeys, type VapidKeys } from "./vapid.ts";

export interface PushSender {
	/** The public key browsers subscribe with (applicationServerKey). */
	publicKey(): Promise<string>;
	/** Delivers the pushes that are due; safe to run from several instances at once. */
	deliverDue(): Promise<number>;
	start(): void;
	stop(): Promise<void>;
}

/** A push waits this long for its push service; then it counts as a failure to retry. */
const REQUEST_TIMEOUT_MS = 10_000;
/** A push goes at most this many times; then it is recorded as failed with the last reason. */
const PUSH_MAX_ATTEMPTS = 3;
const BATCH = 100;
/** Requests to push services at once, per instance. */
const PARALLEL = 32;
const POLL_MS = 10_000;
const GATHER_MS = 50;
/** How long a push may wait in the push service for an offline device. */
const TTL_SECONDS = 24 * 60 * 60;
/** A VAPID token is signed once per push service and reused for this long (it is valid 12 h). */
const VAPID_REUSE_MS = 6 * 60 * 60 * 1000;

const retryDelaySeconds = (attempts: number) => 30 * 4 ** (attempts - 1);

type Outcome =
	| { ok: true }
	/** The device is gone (404, 410): its subscription is deleted. */
	| { ok: false; gone: true; reason: string }
	/** Worth trying again later (a timeout, 429, 5xx, the network). */
	| { ok: false; gone: false; retry: boolean; reason: string };

export function createPushSender(options: {
	db: Database;
	env: Env;
	logger: Logger;
	events: EventBus;
	secrets: SecretBox;
}): PushSender {
	const { db, env, logger, events } = options;
	let keys: Promise<VapidKeys> | undefined;
	const vapidKeys = () => {
		keys ??= loadVapidKeys(options).catch((error) => {
			keys = undefined;
			throw error;
		});
		return keys;
	};
	/** Signed VAPID headers per push service origin, reused while fresh. */
	const vapidHeaders = new Map<string, { authorization: string; until: number }>();
	const authorization = (endpoint: string, k: VapidKeys) => {
		const audience = new URL(endpoint).origin;
		const cached = vapidHeaders.get(audience);
		if (cached && cached.until > Date.now()) return cached.authorization;
		const headers = webpush.getVapidHeaders(
			audience,
			k.subject,
			k.publicKey,
			k.privateKey,
			"aes128gcm",
			Math.floor(Date.now() / 1000) + 12 * 60 * 60,
		);
		vapidHeaders.set(audience, {
			authorization: headers.Authorization,
			until: Date.now() + VAPID_REUSE_MS,
		});
		return headers.Authorization;
	};

	async function sendOne(
		sub: { endpoint: string; p256dh: string; auth: string },
		payload: string,
		push: { kind: PushKind; tag: string },
		k: VapidKeys,
	): Promise<Outcome> {
		if (!sub.endpoint.startsWith("https://") && !env.PUSH_HTTP_ENDPOINTS)
			return { ok: false, gone: true, reason: "The push endpoint is not https" };
		try {
			const details = webpush.generateRequestDetails(
				{ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
				payload,
				{
					TTL: TTL_SECONDS,
					urgency:
						push.kind === "chat_reply" || push.kind === "new_chat_message" ? "high" : "normal",
					topic: push.tag.replace(/[^A-Za-z0-9_-]/g, "").slice(0, 32) || undefined,
					headers: { Authorization: authorization(sub.endpoint, k) },
				},
			);
			const res = await fetch(details.endpoint, {
				method: "POST",
				headers: Object.fromEntries(
					Object.entries(details.headers).map(([h, v]) => [h, String(v)]),
				),
				body: new Uint8Array(details.body),
				signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
			});
			const text = res.ok ? "" : (await res.text().catch(() => "")).slice(0, 200);
			await res.body?.cancel().catch(() => {});
			if (res.ok) return { ok: true };
			const reason = `The push service answered ${res.status}${text ? `: ${text}` : ""}`;
			if (res.status === 404 || res.status === 410) return { ok: false, gone: true, reason };
			const retry = res.status === 408 || res.status === 429 || res.status >= 500;
			return { ok: false, gone: false, retry, reason };
		} catch (error) {
			const reason = `The push service could not be reached: ${(error as Error).message ?? error}`;
			return { ok: false, gone: false, retry: true, reason: reason.slice(0, 300) };
		}
	}

	async function deliverDue(): Promise<number> {
		const claimed = await db
			.update(pushSends)
			.set({
				attempts: sql`${pushSends.attempts} + 1`,
				nextAttemptAt: sql`now() + interval '10 minutes'`,
			})
			.where(
				inArray(
					pushSends.id,
					db
						.select({ id: pushSends.id })
						.from(pushSends)
						.where(and(eq(pushSends.status, "pending"), lte(pushSends.nextAttemptAt, sql`now()`)))
						.orderBy(pushSends.id)
						.limit(BATCH)
						.for("update", { skipLocked: true }),
				),
			)
			.returning();
		if (claimed.length === 0) return 0;
		const k = await vapidKeys();
		const userIds = [...new Set(claimed.map((c) => c.userId).filter((u): u is string => !!u))];
		const subs =
			userIds.length === 0
				? []
				: await db
						.select()
						.from(pushSubscriptions)
						.where(
							and(
								inArray(pushSubscriptions.userId, userIds),
								eq(pushSubscriptions.vapidPublicKey, k.publicKey),
							),
						);
		const okSubs: string[] = [];
		const goneSubs: string[] = [];
		const failedSubs: string[] = [];
		/** Sent rows by the number of devices that took them. */
		const sent = new Map<number, number[]>();

		const work = claimed.map((row) => async () => {
			const mine = subs.filter((s) => s.userId === row.userId);
			if (mine.length === 0) {
				await db
					.update(pushSends)
					.set({ status: "failed", lastError: "No device has notifications on" })
					.where(eq(pushSends.id, row.id));
				return;
			}
			const payload = JSON.stringify({
				web_push: 8030,
				notification: {
					title: row.title,
					body: row.body,
					navigate: `${env.APP_URL}${row.url}`,
					tag: row.tag,
				},
				kind: row.kind as PushKind,
			} satisfies PushPayload);
			const outcomes = await Promise.all(
				mine.map(async (s) => {
					const outcome = await sendOne(
						s,
						payload,
						{ kind: row.kind as PushKind, tag: row.tag },
						k,
					);
					(outcome.ok ? okSubs : outcome.gone ? goneSubs : failedSubs).push(s.id);
					return outcome;
				}),
			);
			const delivered = outcomes.filter((o) => o.ok).length;
			if (delivered > 0) {
				sent.set(delivered, [...(sent.get(delivered) ?? []), row.id]);
				return;
			}
			const last = outcomes.find((o) => !o.ok && !o.gone) ?? outcomes[0]!;
			const reason = last.ok ? "" : last.reason;
			const retry = !last.ok && !last.gone && last.retry && row.attempts < PUSH_MAX_ATTEMPTS;
			await db
				.update(pushSends)
				.set(
					retry
						? {
								lastError: reason,
								nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(row.attempts)})`,
							}
						: { status: "failed", lastError: reason },
				)
				.where(eq(pushSends.id, row.id));
		});
		await pool(work, PARALLEL);

		for (const [delivered, ids] of sent)
			await db
				.update(pushSends)
				.set({ status: "sent", sentAt: sql`now()`, delivered, lastError: null })
				.where(inArray(pushSends.id, ids));
		if (okSubs.length > 0)
			await db
				.update(pushSubscriptions)
				.set({ lastSuccessAt: sql`now()`, failureCount: 0 })
				.where(inArray(pushSubscriptions.id, [...new Set(okSubs)]));
		if (goneSubs.length > 0)
			await db
				.delete(pushSubscriptions)
				.where(inArray(pushSubscriptions.id, [...new Set(goneSubs)]));
		if (failedSubs.length > 0)
			await db
				.update(pushSubscriptions)
				.set({ failureCount: sql`least(${pushSubscriptions.failureCount} + 1, 1000)` })
				.where(inArray(pushSubscriptions.id, [...new Set(failedSubs)]));
		return claimed.length;
	}

	const worker = outboxWorker({
		deliverDue: () => deliverDue(),
		batch: BATCH,
		wakeOn: "push.queued",
		gatherMs: GATHER_MS,
		pollMs: POLL_MS,
		events,
		logger,
		name: "push",
	});

	return {
		async publicKey() {
			return (await vapidKeys()).publicKey;
		},
		deliverDue,
		start: worker.start,
		stop: worker.stop,
	};
}

/** Runs `tasks`, at most `limit` at once. */
async function pool(tasks: (() => Promise<void>)[], limit: number) {
	let next = 0;
	const worker = async () => {
		while (next < tasks.length) await tasks[next++]!();
	};
	await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
}
