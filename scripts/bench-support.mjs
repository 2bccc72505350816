// What the benchmarks share: a fresh PostgreSQL database, and server instances on it started as
// deployed (src/server/index.ts), each on its own port with the same session secret.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";

export const adminUrl =
	process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

async function freePort() {
	return new Promise((resolve) => {
		const s = net.createServer().listen(0, "127.0.0.1", () => {
			const { port } = s.address();
			s.close(() => resolve(port));
		});
	});
}

/** Runs one statement on `url` with its own connection. */
export async function sql(url, text, params) {
	const client = new pg.Client({ connectionString: url });
	await client.connect();
	try {
		return await client.query(text, params);
	} finally {
		await client.end();
	}
}

/**
 * A new, empty database `name` (dropped first if a run left it), and `startServer(settings)`
 * for instances on it. `finish()` stops them, and drops the database unless BENCH_KEEP is set.
 */
export async function benchDatabase(name) {
	await sql(adminUrl, `drop database if exists ${name} with (force)`);
	await sql(adminUrl, `create database ${name}`);
	const dbUrl = new URL(adminUrl);
	dbUrl.pathname = `/${name}`;
	const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
	const authSecret = randomBytes(32).toString("hex");
	const servers = [];
	process.on("exit", () => {
		for (const s of servers) s.process.kill("SIGTERM");
	});

	/** One instance; start them one after the other (each migrates the database first). */
	async function startServer(settings = {}) {
		const port = await freePort();
		const base = `http://127.0.0.1:${port}`;
		// BENCH_NODE_ARGS adds Node options to the instance, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
		const nodeArgs = process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
		const child = spawn(process.execPath, [...nodeArgs, "--import", "tsx", "src/server/index.ts"], {
			env: {
				...process.env,
				PORT: String(port),
				HOST: "127.0.0.1",
				APP_URL: base,
				DATABASE_URL: dbUrl.toString(),
				DATA_DIR: dataDir,
				AUTH_SECRET: authSecret,
				LOG_LEVEL: "warn",
				NODE_ENV: "production",
				...settings,
			},
			stdio: ["ignore", "ignore", "inherit"],
		});
		const server = { base, port, process: child };
		servers.push(server);
		for (let i = 0; i < 200; i++) {
			try {
				if ((await fetch(`${base}/api/health`)).ok) return server;
			} catch {}
			await new Promise((r) => setTimeout(r, 250));
		}
		throw new Error(`the server on ${base} did not start`);
	}

	async function finish() {
		await Promise.all(
			servers.map((s) => {
				const exited = new Promise((resolve) => s.process.once("exit", resolve));
				s.process.kill("SIGTERM");
				return exited;
			}),
		);
		if (!process.env.BENCH_KEEP)
			await sql(adminUrl, `drop database if exists ${name} with (force)`);
		fs.rmSync(dataDir, { recursive: true, force: true });
	}

	return { url: dbUrl.toString(), authSecret, startServer, finish };
}
