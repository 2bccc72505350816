import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { serve } from "@hono/node-server";
import { createApp } from "../../src/server/app.ts";
import type { Deps } from "../../src/server/app-env.ts";
import {
	type DatabaseHandle,
	newPglite,
	openPglite,
	openPostgres,
	type QueryListener,
} from "../../src/server/db/database.ts";
import { buildDeps } from "../../src/server/deps.ts";
import { parseEnv } from "../../src/server/env.ts";
import type { ScryptCost } from "../../src/server/features/auth/password-hash.ts";
import type { Mailer } from "../../src/server/features/email/email.service.ts";
import type { EventBus } from "../../src/server/lib/events.ts";
import { createLogger, type Logger } from "../../src/server/lib/logger.ts";
import type { ReadCache } from "../../src/server/lib/read-cache.ts";
import { clonePostgresTemplate } from "./postgres-template.ts";

export interface TestApp {
	/** Base address of the running server, e.g. http://127.0.0.1:41234 */
	url: string;
	db: DatabaseHandle["db"];
	kind: DatabaseHandle["kind"];
	dataDir: string;
	mailer: Mailer;
	events: EventBus;
	/** The app's short-lived read answers: a test that writes to `db` directly clears it after. */
	readCache: ReadCache;
	/** Every SQL statement run so far (migrations excluded): clear it to count one request's. */
	queries: string[];
	/** Everything the handlers reach, for calling a service directly (the plan's monthly job). */
	deps: Deps;
	close(): Promise<void>;
}

let pgliteTemplate: Promise<PGlite> | undefined;

/** A migrated PGlite made once per test file; each test gets its own clone. */
function template(): Promise<PGlite> {
	pgliteTemplate ??= (async () => {
		const client = newPglite();
		await openPglite(client);
		return client;
	})();
	return pgliteTemplate;
}

/** A fresh database cloned from the migrated template: PostgreSQL when TEST_DATABASE_URL is set. */
async function freshDatabase(onQuery: QueryListener): Promise<DatabaseHandle> {
	const url = process.env.TEST_DATABASE_URL;
	if (!url) return openPglite((await (await template()).clone()) as PGlite, onQuery);
	const clone = await clonePostgresTemplate(url);
	const handle = await openPostgres(clone.url, onQuery);
	return {
		...handle,
		async close() {
			await handle.close();
			await clone.drop();
		},
	};
}

/** The real app on a real socket with its own database and data folder. */
export async function startTestApp(
	options: {
		clientDir?: string;
		logger?: Logger;
		rateLimits?: Deps["rateLimits"];
		/** Settings beyond the test defaults, as the environment would give them. */
		env?: Record<string, string>;
		/** The password hash's cost: low by default, the product's for a test of hashing's load. */
		passwordHashCost?: ScryptCost;
	} = {},
): Promise<TestApp> {
	const queries: string[] = [];
	const database = await freshDatabase((query) => queries.push(query));
	const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bhl-test-"));
	let handler: (request: Request, env: unknown) => Response | Promise<Response> = () =>
		new Response("starting", { status: 503 });
	const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
		const s = serve(
			{ fetch: (request, env) => handler(request, env), port: 0, hostname: "127.0.0.1" },
			() => resolve(s),
		);
	});
	const address = server.address();
	const port = typeof address === "object" && address ? address.port : 0;
	const url = `http://127.0.0.1:${port}`;
	const env = parseEnv({
		DATA_DIR: dataDir,
		APP_URL: url,
		LOG_LEVEL: "silent",
		NODE_ENV: "test",
		// Scheduled jobs (the monthly plan, reminders) are run by the tests that need them, as of
		// the instant they choose.
		SCHEDULER_TICK_MS: "0",
		...options.env,
	});
	const logger = options.logger ?? createLogger(env.LOG_LEVEL);
	const deps = buildDeps({
		env,
		database,
		logger,
		authSecret: "test-secret-test-secret-test-secret!",
		rateLimits: options.rateLimits,
		// The product's cost takes about half a second a hash; the tests make hundreds.
		passwordHashCost: options.passwordHashCost ?? { N: 2 ** 10, r: 8, p: 1 },
	});
	await deps.start();
	const app = createApp({
		...deps,
		clientDir: options.clientDir ?? path.join(dataDir, "no-web-build"),
	});
	// The node server's bindings carry the socket, so the app sees the real client address.
	handler = (request, env) => app.fetch(request, env as never);
	return {
		url,
		db: database.db,
		kind: database.kind,
		dataDir,
		mailer: deps.mailer,
		events: deps.events,
		readCache: deps.readCache,
		queries,
		deps,
		async close() {
			deps.live.closeAll();
			await new Promise<void>((resolve) => server.close(() => resolve()));
			await deps.stop();
			await database.close();
			fs.rmSync(dataDir, { recursive: true, force: true });
		},
	};
}
