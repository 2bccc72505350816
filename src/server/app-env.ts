import type { SessionUser } from "../shared/auth.ts";
import type { Database } from "./db/database.ts";
import type { Env } from "./env.ts";
import type { Auth } from "./features/auth/auth.ts";
import type { HashPool } from "./features/auth/hash-pool.ts";
import type { Mailer } from "./features/email/email.service.ts";
import type { LiveStreams } from "./features/live/live-streams.ts";
import type { PushSender } from "./features/notifications/push-sender.ts";
import type { EventBus } from "./lib/events.ts";
import type { Logger } from "./lib/logger.ts";
import type { PublicRateLimit, RateLimitRule } from "./lib/rate-limit-rules.ts";
import type { ReadCache } from "./lib/read-cache.ts";
import type { SecretBox } from "./lib/secret-box.ts";

/** What every request handler can reach: built once by createApp. */
export interface Deps {
	db: Database;
	env: Env;
	auth: Auth;
	mailer: Mailer;
	/** Delivers queued pushes (features/notifications/push-sender.ts). */
	pusher: PushSender;
	logger: Logger;
	/** Announces every write to this instance and the others (lib/events.ts). */
	events: EventBus;
	/** Short-lived answers to the busiest reads, dropped by the events of writes (lib/read-cache.ts). */
	readCache: ReadCache;
	/** Encrypts the payment provider's secrets saved in Settings (lib/secret-box.ts). */
	secrets: SecretBox;
	/** The live event streams open on this instance (GET /api/live). */
	live: LiveStreams;
	/** The threads that hash passwords, apart from libuv's (features/auth/hash-pool.ts). */
	hashPool: HashPool;
	/**
	 * What time it is for the season calendar (holds, the change lock, past days): one object
	 * shared by every copy of the deps, so a test can set the time without waiting.
	 */
	clock: Clock;
	/** Other limits for the public endpoints than PUBLIC_RATE_LIMITS (tests only). */
	rateLimits?: Partial<Record<PublicRateLimit, RateLimitRule>>;
}

/** The time now; `now` may be replaced (tests). */
interface Clock {
	now(): Date;
}

/** What every handler has. Public routes see no user: only a guard puts one there. */
export type AppEnv = {
	Variables: {
		deps: Deps;
		requestId: string;
	};
};

/** Routes behind `requireUser`: any signed-in account. */
export type SignedInEnv = { Variables: AppEnv["Variables"] & { user: SessionUser } };

/** An account with owner capability (whatever area it is looking at). */
type OwnerUser = SessionUser & { role: "owner" };

/** Routes behind `requireOwner`, mounted once under /api/owner. */
export type OwnerEnv = { Variables: AppEnv["Variables"] & { user: OwnerUser } };
