import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export interface RunningServer {
	url: string;
	dataDir: string;
	stop(): Promise<void>;
}

async function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const s = net.createServer();
		s.once("error", reject);
		s.listen(0, "127.0.0.1", () => {
			const { port } = s.address() as net.AddressInfo;
			s.close(() => resolve(port));
		});
	});
}

/** The production server (`build/app-server`) on its own port with a fresh embedded database. */
export async function startServer(): Promise<RunningServer> {
	const port = await freePort();
	const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bhl-e2e-"));
	const url = `http://localhost:${port}`;
	const child: ChildProcess = spawn(process.execPath, ["build/app-server/index.js"], {
		env: {
			...process.env,
			PORT: String(port),
			HOST: "127.0.0.1",
			DATA_DIR: dataDir,
			APP_URL: url,
			LOG_LEVEL: "error",
			DATABASE_URL: "",
			// Behind a proxy, as deployed: tests say who they are with X-Forwarded-For.
			TRUST_PROXY: "true",
		},
		stdio: ["ignore", "inherit", "inherit"],
	});
	// A busy machine can take a while to migrate a fresh embedded database.
	const deadline = Date.now() + 60_000;
	for (let ready = false; !ready; ) {
		if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
		if (Date.now() > deadline) {
			child.kill("SIGTERM");
			throw new Error(`server on port ${port} was not healthy within 60 s`);
		}
		try {
			ready = (await fetch(`${url}/api/health`)).ok;
		} catch {}
		if (!ready) await new Promise((r) => setTimeout(r, 100));
	}
	return {
		url,
		dataDir,
		async stop() {
			if (child.exitCode === null) {
				const exited = new Promise((r) => child.once("exit", r));
				child.kill("SIGTERM");
				await exited;
			}
			fs.rmSync(dataDir, { recursive: true, force: true });
		},
	};
}
