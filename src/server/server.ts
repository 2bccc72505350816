import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { serve } from "@hono/node-server";
import { createApp } from "./app.ts";
import { openDatabase } from "./db/database.ts";
import { buildDeps } from "./deps.ts";
import type { Env } from "./env.ts";
import { createLogger } from "./lib/logger.ts";

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
	const deps = buildDeps({ env, database, logger, authSecret: authSecret(env) });
	const app = createApp({ ...deps, clientDir: options.clientDir });
	await deps.start();

	const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
		const s = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, () => resolve(s));
	});
	const address = server.address();
	const port = typeof address === "object" && address ? address.port : env.PORT;

	let closing: Promise<void> | undefined;
	const close = () => {
		closing ??= (async () => {
			// Open event streams would hold the server open: end them first.
			deps.live.closeAll();
			await new Promise<void>((resolve) => server.close(() => resolve()));
			await deps.stop();
			await database.close();
		})();
		return closing;
	};
	return { app, port, logger, database, deps, close };
}
