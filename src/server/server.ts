import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { serve } from "@hono/node-server";
import { createApp } from "./app.ts";
import { openDatabase } from "./db/database.ts";
import { buildDeps } from "./deps.ts";
import type { Env } from "./env.ts";
import { assertFilesInConfiguredStorage } from "./features/files/migration-marker.ts";
import { checkFileLimit } from "./lib/file-limit.ts";
import { createLogger } from "./lib/logger.ts";

/**
 * AUTH_SECRET, or on the embedded database one made on first start and kept beside the data.
 * PostgreSQL may be shared by several instances, which must sign cookies alike: there it is required.
 */
function authSecret(env: Env): string {
	if (env.AUTH_SECRET) return env.AUTH_SECRET;
	if (env.DATABASE_URL) {
		throw new Error(
			"AUTH_SECRET is required with DATABASE_URL: every server instance on the database must sign sessions with the same secret. Set it to a random string of at least 32 characters (e.g. `openssl rand -hex 32`).",
		);
	}
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
	checkFileLimit(logger);
	const secret = authSecret(env);
	await assertFilesInConfiguredStorage(env);
	const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
	const deps = buildDeps({ env, database, logger, authSecret: secret });
	const app = createApp({ ...deps, clientDir: options.clientDir });
	await deps.start();

	const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
		const s = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, () => resolve(s));
	});
	const http = server as import("node:http").Server;
	// An idle kept-alive connection is closed by the client or the proxy first (Caddy keeps them 2
	// minutes), never by the server just as the other side sends on it: that race resets the request.
	http.keepAliveTimeout = 125_000;
	http.headersTimeout = 126_000;
	/** Responses not yet sent: on shutdown each is sent with `Connection: close`. */
	const unsent = new Set<import("node:http").ServerResponse>();
	let draining = false;
	http.on("request", (_req, res: import("node:http").ServerResponse) => {
		if (draining) return void res.setHeader("Connection", "close");
		unsent.add(res);
		res.once("close", () => unsent.delete(res));
		res.once("finish", () => unsent.delete(res));
	});
	const address = server.address();
	const port = typeof address === "object" && address ? address.port : env.PORT;

	let closing: Promise<void> | undefined;
	/**
	 * Drains: stops taking connections, answers the requests under way (each with `Connection:
	 * close`, so a proxy sends its next ones to another instance), closes live streams with a
	 * hint to reconnect elsewhere, and closes each connection as soon as it is idle. After
	 * SHUTDOWN_GRACE_MS whatever is left (a slow client) is cut; then the database closes.
	 */
	const close = () => {
		closing ??= (async () => {
			draining = true;
			for (const res of unsent) if (!res.headersSent) res.setHeader("Connection", "close");
			// Open event streams would hold the server open: end them first.
			deps.live.closeAll();
			const closed = new Promise<void>((resolve) => server.close(() => resolve()));
			http.closeIdleConnections();
			// A keep-alive connection whose last request was under way is idle once answered.
			const sweep = setInterval(() => http.closeIdleConnections(), 50);
			const deadline = setTimeout(() => http.closeAllConnections(), env.SHUTDOWN_GRACE_MS);
			await closed;
			clearInterval(sweep);
			clearTimeout(deadline);
			await deps.stop();
			await database.close();
		})();
		return closing;
	};
	return { app, port, logger, database, deps, close };
}
