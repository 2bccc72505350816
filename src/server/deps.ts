import type { Deps } from "./app-env.ts";
import type { DatabaseHandle } from "./db/database.ts";
import type { Env } from "./env.ts";
import { createAuth } from "./features/auth/auth.ts";
import { createHashPool } from "./features/auth/hash-pool.ts";
import type { ScryptCost } from "./features/auth/password-hash.ts";
import { scheduledJobs } from "./features/automations/jobs.ts";
import { startScheduler } from "./features/automations/scheduler.ts";
import { createMailer } from "./features/email/email.service.ts";
import { createLiveStreams } from "./features/live/live-streams.ts";
import { createPushSender } from "./features/notifications/push-sender.ts";
import { createEventBus } from "./lib/events.ts";
import type { Logger } from "./lib/logger.ts";
import { postgresTransport } from "./lib/postgres-transport.ts";
import { ReadCache } from "./lib/read-cache.ts";
import { createSecretBox, settingsKey } from "./lib/secret-box.ts";

export interface RunningDeps extends Deps {
	/** Starts listening to other instances, delivering e-mail and running the scheduled jobs. */
	start(): Promise<void>;
	/** Stops what `start` began; the database is the caller's to close. */
	stop(): Promise<void>;
}

/**
 * Everything the app's handlers reach, wired once: the server and the test app both build their
 * dependencies here, so a new one is added in one place.
 */
export function buildDeps(options: {
	env: Env;
	database: DatabaseHandle;
	logger: Logger;
	authSecret: string;
	rateLimits?: Deps["rateLimits"];
	/** Lower than OWASP's scrypt cost for tests only, so hundreds of sign-ups stay quick. */
	passwordHashCost?: ScryptCost;
}): RunningDeps {
	const { env, database, logger } = options;
	const db = database.db;
	// Instances share PostgreSQL and hear each other through it; PGlite serves one instance only.
	const transport = database.url ? postgresTransport(database.url) : undefined;
	const events = createEventBus({ db, transport, logger });
	const readCache = new ReadCache(env.READ_CACHE_MS);
	events.subscribe(readCache.onEvent);
	const live = createLiveStreams(events, logger);
	const mailer = createMailer({ db, env, logger, events });
	const hashPool = createHashPool();
	const auth = createAuth({
		db,
		env,
		secret: options.authSecret,
		mailer,
		events,
		logger,
		passwordHashCost: options.passwordHashCost,
		hashPool,
	});
	const secrets = createSecretBox(
		settingsKey({ encryptionKey: env.SETTINGS_ENCRYPTION_KEY, authSecret: options.authSecret }),
	);
	const pusher = createPushSender({ db, env, logger, events, secrets });
	let scheduler: ReturnType<typeof startScheduler> | undefined;
	const deps: Deps = {
		db,
		secrets,
		env,
		auth,
		mailer,
		pusher,
		logger,
		events,
		readCache,
		live,
		hashPool,
		clock: { now: () => new Date() },
		rateLimits: options.rateLimits,
	};
	return {
		...deps,
		async start() {
			await events.start();
			mailer.start();
			pusher.start();
			if (env.SCHEDULER_TICK_MS > 0)
				scheduler = startScheduler(deps, scheduledJobs(deps), env.SCHEDULER_TICK_MS);
		},
		async stop() {
			await scheduler?.stop();
			live.closeAll();
			await mailer.stop();
			await pusher.stop();
			await events.stop();
			await hashPool.close();
		},
	};
}
