import { createHash } from "node:crypto";
import pg from "pg";
import { openPostgres } from "../../src/server/db/database.ts";

/** One template per checkout, so two checkouts' test runs on one server never drop each other's. */
const TEMPLATE_DATABASE = `bhl_test_template_${createHash("sha256").update(process.cwd()).digest("hex").slice(0, 8)}`;

/** Vitest global setup: one migrated template database that each test clones. */
export async function setup() {
	const url = process.env.TEST_DATABASE_URL;
	if (!url) return;
	const admin = new pg.Client({ connectionString: url });
	await admin.connect();
	await admin.query(`drop database if exists "${TEMPLATE_DATABASE}" with (force)`);
	await admin.query(`create database "${TEMPLATE_DATABASE}"`);
	await admin.end();
	const target = new URL(url);
	target.pathname = `/${TEMPLATE_DATABASE}`;
	const handle = await openPostgres(target.toString());
	await handle.close();
}

/** A new database cloned from the migrated template on TEST_DATABASE_URL's server, and its removal. */
export async function clonePostgresTemplate(
	url: string,
): Promise<{ url: string; drop(): Promise<void> }> {
	const name = `test_${process.pid}_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
	const admin = new pg.Client({ connectionString: url });
	await admin.connect();
	await admin.query(`create database "${name}" template "${TEMPLATE_DATABASE}"`);
	await admin.end();
	const dbUrl = new URL(url);
	dbUrl.pathname = `/${name}`;
	return {
		url: dbUrl.toString(),
		async drop() {
			const a = new pg.Client({ connectionString: url });
			await a.connect();
			await a.query(`drop database if exists "${name}" with (force)`);
			await a.end();
		},
	};
}
