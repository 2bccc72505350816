import { and, eq, lt, sql } from "drizzle-orm";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env.ts";
import type { Executor } from "../db/database.ts";
import { requestLimits } from "../db/schema.ts";
import { tooManyRequests } from "./errors.ts";
import { REPLAYED_HEADER } from "./idempotency.ts";
import { PUBLIC_RATE_LIMITS, type PublicRateLimit } from "./rate-limit-rules.ts";
import { clientIp } from "./security.ts";

export const RATE_LIMIT_MESSAGE = "Too many requests. Please wait a few minutes and try again.";

/** Rows of windows that ended this long ago are deleted now and then. */
const KEEP_MS = 24 * 60 * 60_000;

/**
 * Counts one request against `key` in a fixed window, atomically (one upsert, safe across server
 * instances), and returns the count so far in the current window and when that window ends.
 */
export async function hitRateLimit(options: {
	db: Executor;
	key: string;
	windowMs: number;
	now?: number;
}): Promise<{ count: number; resetAt: number }> {
	const now = options.now ?? Date.now();
	const expired = sql`${requestLimits.windowStart} <= ${now - options.windowMs}`;
	const [row] = await options.db
		.insert(requestLimits)
		.values({ key: options.key, count: 1, windowStart: now })
		.onConflictDoUpdate({
			target: requestLimits.key,
			set: {
				count: sql`case when ${expired} then 1 else ${requestLimits.count} + 1 end`,
				windowStart: sql`case when ${expired} then ${now} else ${requestLimits.windowStart} end`,
			},
		})
		.returning({ count: requestLimits.count, windowStart: requestLimits.windowStart });
	// A new window began: a cheap moment to drop other keys' long-finished windows.
	if (row!.count === 1) {
		await options.db.delete(requestLimits).where(lt(requestLimits.windowStart, now - KEEP_MS));
	}
	return { count: row!.count, resetAt: Number(row!.windowStart) + options.windowMs };
}

/**
 * Counts this request against limit `name` for the client's address; past the limit, 429 with
 * Retry-After. Tests may pass other limits to createApp (`rateLimits`), never the environment.
 */
export async function checkRateLimit(c: Context<AppEnv>, name: PublicRateLimit, message?: string) {
	const { db, rateLimits: overrides } = c.var.deps;
	const rule = overrides?.[name] ?? PUBLIC_RATE_LIMITS[name];
	const now = Date.now();
	const key = `${name}:${clientIp(c)}`;
	const { count, resetAt } = await hitRateLimit({
		db,
		key,
		windowMs: rule.windowMs,
		now,
	});
	if (count > rule.max) {
		c.header("retry-after", String(Math.max(1, Math.ceil((resetAt - now) / 1000))));
		throw tooManyRequests(message ?? RATE_LIMIT_MESSAGE);
	}
	return { key, windowStart: resetAt - rule.windowMs };
}

/**
 * Middleware form of `checkRateLimit`, before the route reads its body. With `acceptedOnly`, a
 * request that is refused (any answer but 2xx) or answered with a stored answer (a repeated
 * Idempotency-Key, lib/idempotency.ts) gives its count back: only what was taken counts.
 */
export function rateLimit(
	name: PublicRateLimit,
	message?: string,
	options: { acceptedOnly?: boolean } = {},
) {
	return createMiddleware<AppEnv>(async (c, next) => {
		const counted = await checkRateLimit(c, name, message);
		await next();
		if (options.acceptedOnly && (!c.res.ok || c.res.headers.has(REPLAYED_HEADER))) {
			await c.var.deps.db
				.update(requestLimits)
				.set({ count: sql`greatest(${requestLimits.count} - 1, 0)` })
				.where(
					and(
						eq(requestLimits.key, counted.key),
						eq(requestLimits.windowStart, counted.windowStart),
					),
				);
		}
	});
}
