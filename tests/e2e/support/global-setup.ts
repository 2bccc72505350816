import { execFileSync, execSync } from "node:child_process";
import { chromiumLaunch } from "../../../playwright.config.ts";

/**
 * Before any browser test: a Chromium that starts (one line says what to install when there is
 * none, instead of a launch error per test), then the production build the tests run against.
 */
export default function globalSetup() {
	const chromium = chromiumLaunch.executablePath;
	try {
		execFileSync(chromium, ["--version"], { stdio: "ignore", timeout: 30_000 });
	} catch {
		throw new Error(
			`No usable Chromium at ${chromium}: install Debian's (apt-get install -y chromium) or set CHROME_PATH to one.`,
		);
	}
	if (process.env.E2E_SKIP_BUILD === "1") return;
	// With the bundle report: the build fails when a route loads more than its budget
	// (scripts/bundle-report.ts).
	execSync("npm run build", { stdio: "inherit", env: { ...process.env, BUNDLE_REPORT: "1" } });
}
