// `npm start`: builds once when no build exists, then serves the app.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const server = "build/app-server/index.js";
if (!fs.existsSync(server) || !fs.existsSync("build/client/index.html")) {
	console.log("No build found: building the app first (about a minute)...");
	const result = spawnSync("npm", ["run", "build"], {
		stdio: "inherit",
		shell: process.platform === "win32",
	});
	if (result.status !== 0) process.exit(result.status ?? 1);
}
await import(`../${server}`);
