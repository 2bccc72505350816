import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** A server process of the product (src/server/index.ts), as deployed. */
export interface ServerProcess {
	url: string;
	process: ChildProcess;
	dataDir: string;
}

/** Instances started with the same secret accept each other's session cookies. */
const SECRET = "two-instances-share-this-secret-32+";

/**
 * Starts the server on `databaseUrl` (PostgreSQL) on a free port and resolves with its address
 * once it accepts requests. `env` adds settings (READ_CACHE_MS, say).
 */
export async function startServerProcess(
	databaseUrl: string,
	env: Record<string, string> = {},
): Promise<ServerProcess> {
	const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bhl-instance-"));
	const child = spawn(process.execPath, ["--import", "tsx", "src/server/index.ts"], {
		env: {
			...process.env,
			PORT: "0",
			HOST: "127.0.0.1",
			DATABASE_URL: databaseUrl,
			DATA_DIR: dataDir,
			AUTH_SECRET: SECRET,
			LOG_LEVEL: "warn",
			...env,
		},
		stdio: ["ignore", "pipe", "inherit"],
	});
	// The server prints the address it listens on once it is ready.
	const address = await new Promise<string>((resolve, reject) => {
		let out = "";
		child.stdout!.on("data", (chunk) => {
			out += String(chunk);
			const found = out.match(/open (http:\/\/\S+)/);
			if (found) resolve(found[1]!.replace("localhost", "127.0.0.1"));
		});
		child.once("exit", (code) => reject(new Error(`server exited with ${code}: ${out}`)));
	});
	return { url: address, process: child, dataDir };
}

/** Stops the server with SIGTERM, as a deployment would, and removes its data folder. */
export async function stopServerProcess(instance: ServerProcess | undefined) {
	if (!instance || instance.process.exitCode !== null) return;
	const exited = new Promise((r) => instance.process.once("exit", r));
	instance.process.kill("SIGTERM");
	await exited;
	fs.rmSync(instance.dataDir, { recursive: true, force: true });
}
