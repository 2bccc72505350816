import { execSync } from "node:child_process";

/** The browser tests run against the production build; build it once before they start. */
export default function globalSetup() {
	if (process.env.E2E_SKIP_BUILD === "1") return;
	execSync("npm run build", { stdio: "inherit" });
}
