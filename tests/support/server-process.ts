import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import { PASSWORD } from "./accounts.ts";
import { HttpClient, read } from "./http-client.ts";
import { firstLink, isConfirmationMail, readOutbox } from "./outbox.ts";
import { clonePostgresTemplate } from "./postgres-template.ts";

/** A server started as it is deployed: `src/server/index.ts` in its own process. */
export interface ServerProcess {
	url: string;
	process: ChildProcess;
	dataDir: string;
	/** What the process printed on standard output so far. */
	output(): string;
}

/**
 * Starts the server with `env` added to the test's environment (PORT 0 on 127.0.0.1, its own
 * DATA_DIR unless given) and resolves once it prints the address it listens on.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
	const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "bhl-instance-"));
	const child = spawn(process.execPath, ["--import", "tsx", "src/server/index.ts"], {
		env: {
			...process.env,
			PORT: "0",
			HOST: "127.0.0.1",
			LOG_LEVEL: "warn",
			...env,
			DATA_DIR: dataDir,
		},
		stdio: ["ignore", "pipe", "pipe"],
	});
	let out = "";
	let errors = "";
	child.stdout!.on("data", (chunk) => {
		out += String(chunk);
	});
	child.stderr!.on("data", (chunk) => {
		errors += String(chunk);
		process.stderr.write(chunk);
	});
	const url = await new Promise<string>((resolve, reject) => {
		child.stdout!.on("data", () => {
			const found = out.match(/open (http:\/\/\S+)/);
			if (found) resolve(found[1]!.replace("localhost", "127.0.0.1"));
		});
		child.once("exit", (code) => reject(new Error(`server exited with ${code}: ${out}${errors}`)));
	});
	return { url, process: child, dataDir, output: () => out };
}

/** Sends SIGTERM (or `signal`) and waits for the process to exit; removes its data folder. */
export async function stopServerProcess(
	server: ServerProcess | undefined,
	signal: NodeJS.Signals = "SIGTERM",
) {
	if (!server) return;
	if (server.process.exitCode === null && server.process.signalCode === null) {
		const exited = new Promise((resolve) => server.process.once("exit", resolve));
		server.process.kill(signal);
		await exited;
	}
	fs.rmSync(server.dataDir, { recursive: true, force: true });
}

/** Instances started with the same secret accept each other's session cookies. */
const SHARED_SECRET = "two-instances-share-this-secret-32+";

/** A server on the PostgreSQL database `databaseUrl`, signing sessions as every other instance. */
export const startInstance = (databaseUrl: string, env: Record<string, string> = {}) =>
	startServerProcess({ DATABASE_URL: databaseUrl, AUTH_SECRET: SHARED_SECRET, ...env });

/**
 * Two instances on one fresh clone of the PostgreSQL database at `databaseUrl`, started before the
 * tests of the calling `describe` and stopped after them: read `a` and `b` inside the tests.
 */
export function twoInstances(databaseUrl: string, env: Record<string, string> = {}) {
	const pair = {} as { a: ServerProcess; b: ServerProcess };
	let database: { url: string; drop(): Promise<void> } | undefined;
	beforeAll(async () => {
		database = await clonePostgresTemplate(databaseUrl);
		const url = database.url;
		[pair.a, pair.b] = await Promise.all([startInstance(url, env), startInstance(url, env)]);
	}, 120_000);
	afterAll(async () => {
		await Promise.all([stopServerProcess(pair.a), stopServerProcess(pair.b)]);
		await database?.drop();
	});
	return pair;
}

/** A new account signed up through `instance`: its client keeps the session. */
export async function signUpOn(instance: ServerProcess, email: string, role: "owner" | "customer") {
	const client = new HttpClient(instance.url);
	const res = await read(
		client.api.account["sign-up"].$post({ json: { email, role, password: PASSWORD } }),
	);
	expect(res.status, res.text).toBe(201);
	return client;
}

/**
 * Confirms a self-signed-up account's address from its e-mailed link, as its owner would. Any of
 * `instances` may have delivered the mail (they share one outbox table), so each one's is read.
 */
export async function confirmOn(instances: ServerProcess[], client: HttpClient, email: string) {
	const deadline = Date.now() + 15_000;
	for (;;) {
		for (const { dataDir } of instances) {
			const mail = (await readOutbox(dataDir)).find(
				(m) => m.to.includes(email) && isConfirmationMail(m),
			);
			if (mail) {
				const token = new URL(firstLink(mail)).searchParams.get("token") ?? "";
				const res = await client.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
				expect(res.status, res.text).toBe(200);
				return;
			}
		}
		if (Date.now() > deadline) throw new Error(`No confirmation e-mail to ${email}`);
		await new Promise((r) => setTimeout(r, 100));
	}
}
