import fs from "node:fs";
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
	const releaseLock = lockDataDir(options.dataDir);
	try {
		const client = new PGlite(path.join(options.dataDir, "pglite"), { extensions: { pg_trgm } });
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
	const pool = new pg.Pool({ connectionString: url, max: 10 });
	// An idle connection closed by the server (restart, failover) must not crash the process:
	// the pool drops it and opens a new one on the next query.
	pool.on("error", () => {});
	const db = drizzlePg(pool, { schema, logger: queryLogger(onQuery) }) as unknown as Database;
	await migratePg(db as never, { migrationsFolder });
	return { db, kind: "postgres", url, close: () => pool.end() };
}

/** Wraps an open PGlite client (a data directory or an in-memory clone) and migrates it. */
export async function openPglite(client: PGlite, onQuery?: QueryListener): Promise<DatabaseHandle> {
	const db = drizzlePglite(client, { schema, logger: queryLogger(onQuery) }) as unknown as Database;
	await migratePglite(db as never, { migrationsFolder });
	return { db, kind: "pglite", close: () => client.close() };
}

/**
 * PGlite has no lock of its own: two processes on one data directory would corrupt it.
 * An O_EXCL pid file makes the second one stop with a clear message.
 */
function lockDataDir(dataDir: string): () => void {
	const lockFile = path.join(dataDir, "pglite.lock");
	for (let attempt = 0; attempt < 2; attempt++) {
		try {
			fs.writeFileSync(lockFile, String(process.pid), { flag: "wx" });
			return () => fs.rmSync(lockFile, { force: true });
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
			const pid = Number(fs.readFileSync(lockFile, "utf8"));
			if (pid && isRunning(pid)) {
				throw new Error(
					`The database in ${dataDir} is in use by another server (pid ${pid}). Stop that server or set a different DATA_DIR.`,
				);
			}
			fs.rmSync(lockFile, { force: true }); // left behind by a process that died
		}
	}
	throw new Error(`Could not lock ${lockFile}`);
}

function isRunning(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === "EPERM";
	}
}
