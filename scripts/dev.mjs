// `npm run dev`: the API server (restarting on change) and Vite's dev server with hot reload.
// Open http://localhost:5173; /api is proxied to the API server on API_PORT (default 3001).
import { spawn } from "node:child_process";

const apiPort = process.env.API_PORT ?? "3001";
const env = {
	...process.env,
	PORT: apiPort,
	APP_URL: "http://localhost:5173",
	NODE_ENV: "development",
};
const children = [
	spawn("npx", ["tsx", "watch", "src/server/index.ts"], { stdio: "inherit", env }),
	spawn("npx", ["react-router", "dev", "--port", "5173"], {
		stdio: "inherit",
		env: { ...process.env, API_PORT: apiPort },
	}),
];
const stop = () => {
	for (const child of children) child.kill("SIGTERM");
	process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
