import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { serve } from "@hono/node-server";
import { createApp } from "./app.ts";
import { openDatabase } from "./db/database.ts";
import type { Env } from "./env.ts";
import { createAuth } from "./features/auth/auth.ts";
import { createMailer } from "./features/email/email.service.ts";
import { createLogger } from "./lib/logger.ts";
import { ReadCache } from "./lib/read-cache.ts";

/** AUTH_SECRET, or one made on first start and kept beside the data. */
function authSecret(env: Env): string {
	if (env.AUTH_SECRET) return env.AUTH_SECRET;
	const file = path.join(env.DATA_DIR, "auth-secret");
	if (!fs.existsSync(file)) {
		fs.mkdirSync(env.DATA_DIR, { recursive: true });
		fs.writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600, flag: "wx" });
	}
	return fs.readFileSync(file, "utf8").trim();
}

/** Opens the database, builds the app and listens; resolves once the server accepts requests. */
export async function startServer(env: Env, options: { clientDir?: string } = {}) {
	const logger = createLogger(env.LOG_LEVEL);
	const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
	const mailer = createMailer({ db: database.db, env, logger });
	const auth = createAuth({ db: database.db, env, secret: authSecret(env), mailer, logger });
	const app = createApp({
		db: database.db,
		env,
		auth,
		mailer,
		logger,
		readCache: new ReadCache(env.READ_CACHE_MS),
		clientDir: options.clientDir,
	});
	mailer.start();

	const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
		const s = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, () => resolve(s));
	});
	const address = server.address();
	const port = typeof address === "object" && address ? address.port : env.PORT;

	let closing: Promise<void> | undefined;
	const close = () => {
		closing ??= (async () => {
			await new Promise<void>((resolve) => server.close(() => resolve()));
			await mailer.stop();
			await database.close();
		})();
		return closing;
	};
	return { app, port, logger, database, mailer, close };
}
