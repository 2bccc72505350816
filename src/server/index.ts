import fs from "node:fs";
import { parseEnv } from "./env.ts";
import { startServer } from "./server.ts";

// Settings may also come from a .env file (see .env.example); real environment variables win.
if (fs.existsSync(".env")) process.loadEnvFile(".env");
const env = parseEnv();
try {
	const server = await startServer(env);
	const url = env.APP_URL.includes(`:${server.port}`)
		? env.APP_URL
		: `http://localhost:${server.port}`;
	server.logger.info({ database: server.database.kind, dataDir: env.DATA_DIR }, `ready at ${url}`);
	console.log(`\n  Buckeye Holiday Lights is running: open ${url}\n`);
	for (const signal of ["SIGINT", "SIGTERM"] as const) {
		process.once(signal, () => {
			server.logger.info({ signal }, "shutting down");
			server.close().then(() => process.exit(0));
		});
	}
} catch (error) {
	console.error(`\n  Could not start: ${(error as Error).message}\n`);
	process.exit(1);
}
