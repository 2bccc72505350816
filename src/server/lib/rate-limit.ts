import { randomUUID } from "node:crypto";
import { and, like, lt, sql } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env.ts";
import type { Executor } from "../db/database.ts";
import { rateLimits } from "../db/schema.ts";
import { tooManyRequests } from "./errors.ts";
import { PUBLIC_RATE_LIMITS, type PublicRateLimit } from "./rate-limit-rules.ts";
import { clientIp } from "./security.ts";

export const RATE_LIMIT_MESSAGE = "Too many requests. Please wait a few minutes and try again.";

const KEY_PREFIX = "public:";
/** Rows of windows that ended this long ago are deleted now and then. */
const KEEP_MS = 24 * 60 * 60_000;

/**
 * Counts one request against `key` in a fixed window, atomically (one upsert, safe across server
 * instances), and returns the count so far in the current window and when that window ends.
 * For these keys `last_request` holds the start of the current window.
 */
export async function hitRateLimit(options: {
	db: Executor;
	key: string;
	windowMs: number;
	now?: number;
}): Promise<{ count: number; resetAt: number }> {
	const now = options.now ?? Date.now();
	const expired = sql`${rateLimits.lastRequest} <= ${now - options.windowMs}`;
	const [row] = await options.db
		.insert(rateLimits)
		.values({ id: randomUUID(), key: options.key, count: 1, lastRequest: now })
		.onConflictDoUpdate({
			target: rateLimits.key,
			set: {
				count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
				lastRequest: sql`case when ${expired} then ${now} else ${rateLimits.lastRequest} end`,
			},
		})
		.returning({ count: rateLimits.count, windowStart: rateLimits.lastRequest });
	// A new window began: a cheap moment to drop other addresses' long-finished windows.
	if (row!.count === 1) {
		await options.db
			.delete(rateLimits)
			.where(
				and(like(rateLimits.key, `${KEY_PREFIX}%`), lt(rateLimits.lastRequest, now - KEEP_MS)),
			);
	}
	return { count: row!.count, resetAt: Number(row!.windowStart) + options.windowMs };
}

/**
 * Middleware limiting a public endpoint per client address; answers 429 with Retry-After.
 * Tests may pass other limits to createApp (`rateLimits`), never through the environment.
 */
export function rateLimit(name: PublicRateLimit) {
	return createMiddleware<AppEnv>(async (c, next) => {
		const { db, rateLimits: overrides } = c.var.deps;
		const rule = overrides?.[name] ?? PUBLIC_RATE_LIMITS[name];
		const now = Date.now();
		const { count, resetAt } = await hitRateLimit({
			db,
			key: `${KEY_PREFIX}${name}:${clientIp(c)}`,
			windowMs: rule.windowMs,
			now,
		});
		if (count > rule.max) {
			c.header("retry-after", String(Math.max(1, Math.ceil((resetAt - now) / 1000))));
			throw tooManyRequests(RATE_LIMIT_MESSAGE);
		}
		await next();
	});
}
