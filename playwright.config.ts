import { defineConfig, devices } from "@playwright/test";

/** Debian's Chromium, with the flags this closed network needs (never `playwright install`). */
export const chromiumLaunch = {
	executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
	args: [
		"--no-sandbox",
		"--disable-gpu",
		"--disable-quic",
		"--no-first-run",
		"--disable-background-networking",
		"--disable-component-update",
		"--disable-sync",
	],
};

export default defineConfig({
	testDir: "tests/e2e",
	globalSetup: "./tests/e2e/support/global-setup.ts",
	fullyParallel: true,
	workers: 2,
	retries: process.env.CI ? 1 : 0,
	timeout: 30_000,
	expect: { timeout: 10_000 },
	reporter: process.env.CI ? [["list"]] : [["list"]],
	use: {
		launchOptions: chromiumLaunch,
		trace: "retain-on-failure",
		screenshot: "only-on-failure",
	},
	projects: [
		{ name: "phone", use: { ...devices["Pixel 7"], launchOptions: chromiumLaunch } },
		// The public site is checked at desktop size too.
		{
			name: "desktop",
			testMatch: /public\/.*\.spec\.ts/,
			use: {
				...devices["Desktop Chrome"],
				viewport: { width: 1280, height: 800 },
				launchOptions: chromiumLaunch,
			},
		},
	],
});
