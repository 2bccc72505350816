import type { SessionUser } from "../shared/auth.ts";
import type { Database } from "./db/database.ts";
import type { Env } from "./env.ts";
import type { Auth } from "./features/auth/auth.ts";
import type { Mailer } from "./features/email/email.service.ts";
import type { Logger } from "./lib/logger.ts";
import type { PublicRateLimit, RateLimitRule } from "./lib/rate-limit-rules.ts";
import type { ReadCache } from "./lib/read-cache.ts";

/** What every request handler can reach: built once by createApp. */
export interface Deps {
	db: Database;
	env: Env;
	auth: Auth;
	mailer: Mailer;
	logger: Logger;
	/** Short-lived answers to the busiest reads, cleared by every write (lib/read-cache.ts). */
	readCache: ReadCache;
	/** Other limits for the public endpoints than PUBLIC_RATE_LIMITS (tests only). */
	rateLimits?: Partial<Record<PublicRateLimit, RateLimitRule>>;
}

export type AppEnv = {
	Variables: {
		deps: Deps;
		user: SessionUser;
		requestId: string;
	};
};
