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
		// Chromium 156 loads its address bar's suggestion pages (browser UI made of web pages) at
		// each start, headless too: about a second of a core, beside the page under test.
		"--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup",
	],
};

/** Specs under tests/e2e/api/ use `request` only (see the "api" project). */
const API_SPECS = /[\\/]e2e[\\/]api[\\/].*\.spec\.ts$/;

export default defineConfig({
	testDir: "tests/e2e",
	globalSetup: "./tests/e2e/support/global-setup.ts",
	fullyParallel: true,
	workers: 2,
	retries: process.env.CI ? 1 : 0,
	// A test that passes only on its retry is a failure in CI: the retry shows it, it does not hide it.
	failOnFlakyTests: !!process.env.CI,
	// Sign-ups and sign-ins hash at the product's real scrypt cost: a few per test on a 2-core machine.
	timeout: 60_000,
	// CI's two cores also run the other worker's browser and server, and the hostile-data sweep for
	// a quarter of an hour: a screen that shows in 2 s alone can take 12 there. How fast screens
	// show is measured by `npm run bench:web`, not by these waits.
	expect: { timeout: process.env.CI ? 20_000 : 10_000 },
	reporter: process.env.CI ? [["list"]] : [["list"]],
	use: {
		launchOptions: chromiumLaunch,
		trace: "retain-on-failure",
		screenshot: "only-on-failure",
	},
	projects: [
		// Specs that only make HTTP requests and never render a page: one run is enough.
		{ name: "api", testMatch: API_SPECS },
		{
			name: "phone",
			testIgnore: API_SPECS,
			use: { ...devices["Pixel 7"], launchOptions: chromiumLaunch },
		},
		// The public site is checked at desktop size too (tests/e2e/owner/shell.spec.ts sets its own sizes).
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
