import type { Deps } from "./app-env.ts";
import type { DatabaseHandle } from "./db/database.ts";
import type { Env } from "./env.ts";
import { createAuth } from "./features/auth/auth.ts";
import { createHashPool } from "./features/auth/hash-pool.ts";
import type { ScryptCost } from "./features/auth/password-hash.ts";
import { createMailer } from "./features/email/email.service.ts";
import { startOrphanSweep } from "./features/files/orphan-sweep.ts";
import { createLiveStreams } from "./features/live/live-streams.ts";
import { startPlanBilling } from "./features/payments/plan.service.ts";
import { createEventBus } from "./lib/events.ts";
import type { Logger } from "./lib/logger.ts";
import { postgresTransport } from "./lib/postgres-transport.ts";
import { ReadCache } from "./lib/read-cache.ts";
import { createSecretBox, settingsKey } from "./lib/secret-box.ts";

export interface RunningDeps extends Deps {
	/** Starts listening to other instances and delivering e-mail. */
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
	let planBilling: ReturnType<typeof startPlanBilling> | undefined;
	let orphanSweep: ReturnType<typeof startOrphanSweep> | undefined;
	const deps: Deps = {
		db,
		secrets,
		env,
		auth,
		mailer,
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
			if (env.PLAN_BILLING_INTERVAL_MS > 0)
				planBilling = startPlanBilling(deps, env.PLAN_BILLING_INTERVAL_MS);
			if (env.FILE_SWEEP_INTERVAL_MS > 0)
				orphanSweep = startOrphanSweep(deps, env.FILE_SWEEP_INTERVAL_MS);
		},
		async stop() {
			await planBilling?.stop();
			await orphanSweep?.stop();
			live.closeAll();
			await mailer.stop();
			await events.stop();
			await hashPool.close();
		},
	};
}
