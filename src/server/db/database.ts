import { createHash } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { projectRoot } from "../lib/project-root.ts";
import * as schema from "./schema.ts";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** A transaction or the database itself: services accept either. */
export type Executor = Transaction | Database;

/** The rows of a raw `db.execute(sql)`: node-postgres and PGlite shape their results differently. */
export function resultRows<T>(result: unknown): T[] {
	return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

/**
 * A statement of a busy path, built once per database (or transaction) instead of on every call:
 * `build` writes it with `sql.placeholder()` for its values and ends with `.prepare(name)`, so each
 * call only fills in the values, and PostgreSQL parses it once per connection (decision 039).
 */
export function preparedOnce<T>(build: (db: Executor) => T): (db: Executor) => T {
	const built = new WeakMap<Executor, T>();
	return (db) => {
		let statement = built.get(db);
		if (statement === undefined) {
			statement = build(db);
			built.set(db, statement);
		}
		return statement;
	};
}

export interface DatabaseHandle {
	db: Database;
	kind: "postgres" | "pglite";
	/** The PostgreSQL server's address; none for PGlite (embedded, so a single instance). */
	url?: string;
	close(): Promise<void>;
}

const migrationsFolder = path.join(projectRoot, "drizzle");

/** Opens PostgreSQL when a URL is given, else the embedded PGlite database in `dataDir`, and migrates it. */
export async function openDatabase(options: {
	databaseUrl?: string;
	dataDir: string;
}): Promise<DatabaseHandle> {
	if (options.databaseUrl) return openPostgres(options.databaseUrl);
	fs.mkdirSync(options.dataDir, { recursive: true });
	const releaseLock = await lockDataDir(options.dataDir);
	try {
		const client = newPglite(path.join(options.dataDir, "pglite"));
		const handle = await openPglite(client);
		return {
			...handle,
			async close() {
				await handle.close();
				releaseLock();
			},
		};
	} catch (error) {
		releaseLock();
		throw error;
	}
}

/** Called with each SQL statement the app runs (tests count queries with it). */
export type QueryListener = (query: string) => void;

const queryLogger = (onQuery?: QueryListener) =>
	onQuery ? { logQuery: (query: string) => onQuery(query) } : undefined;

export async function openPostgres(url: string, onQuery?: QueryListener): Promise<DatabaseHandle> {
	// Bounded waits: a database that stops answering fails requests within seconds, instead of
	// filling the pool with requests that hang; connections that went bad are dropped and replaced.
	const pool = new pg.Pool({
		connectionString: url,
		max: 10,
		connectionTimeoutMillis: 5_000,
		idleTimeoutMillis: 10_000,
		keepAlive: true,
		query_timeout: 20_000,
		statement_timeout: 15_000,
		idle_in_transaction_session_timeout: 20_000,
	});
	// An idle connection closed by the server (restart, failover) must not crash the process:
	// the pool drops it and opens a new one on the next query.
	pool.on("error", () => {});
	const db = drizzlePg(pool, { schema, logger: queryLogger(onQuery) }) as unknown as Database;
	await migratePg(db as never, { migrationsFolder });
	return { db, kind: "postgres", url, close: () => pool.end() };
}

/** A PGlite client with the extensions the migrations use; in memory without `dataDir`. */
export function newPglite(dataDir?: string): PGlite {
	const options = { extensions: { pg_trgm } };
	return dataDir ? new PGlite(dataDir, options) : new PGlite(options);
}

/** Wraps an open PGlite client (a data directory or an in-memory clone) and migrates it. */
export async function openPglite(client: PGlite, onQuery?: QueryListener): Promise<DatabaseHandle> {
	const db = drizzlePglite(client, { schema, logger: queryLogger(onQuery) }) as unknown as Database;
	await migratePglite(db as never, { migrationsFolder });
	return { db, kind: "pglite", close: () => client.close() };
}

/**
 * PGlite has no lock of its own: two processes on one data directory would corrupt it. The lock
 * is a Unix socket this process listens on in the directory: a second server can connect to it
 * and stops with a clear message, and the kernel closes it when the process dies, however it
 * dies, so a restart after a crash finds it dead (connection refused), removes it and starts.
 * (A pid file cannot tell: after a restart its pid often belongs to a live process again.)
 */
async function lockDataDir(dataDir: string): Promise<() => void> {
	let socketPath = path.join(path.resolve(dataDir), "pglite.lock.sock");
	// Socket paths are limited to about 100 bytes: a deep folder uses the abstract namespace.
	if (Buffer.byteLength(socketPath) > 100) {
		const hash = createHash("sha256").update(socketPath).digest("hex").slice(0, 32);
		socketPath = `\0buckeye-holiday-lights-${hash}`;
	}
	const inUse = () =>
		new Error(
			`The database in ${dataDir} is in use by another server. Stop that server or set a different DATA_DIR.`,
		);
	for (let attempt = 0; attempt < 2; attempt++) {
		const server = net.createServer((socket) => socket.end());
		const error = await new Promise<NodeJS.ErrnoException | null>((resolve) => {
			server.once("error", resolve);
			server.listen(socketPath, () => resolve(null));
		});
		if (!error) {
			server.unref();
			return () => server.close();
		}
		if (error.code !== "EADDRINUSE") throw error;
		if (await answers(socketPath)) throw inUse();
		// Left behind by a server that died (abstract sockets vanish with their process).
		if (!socketPath.startsWith("\0")) fs.rmSync(socketPath, { force: true });
	}
	throw inUse();
}

function answers(socketPath: string): Promise<boolean> {
	return new Promise((resolve) => {
		const socket = net.connect(socketPath);
		socket.once("connect", () => {
			socket.destroy();
			resolve(true);
		});
		socket.once("error", () => resolve(false));
	});
}
