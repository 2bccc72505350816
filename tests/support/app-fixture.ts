import { test as base } from "vitest";
import { startTestApp, type TestApp } from "./test-app.ts";

/**
 * `test` with an `app`: the real server on its own fresh database, closed after the test.
 * `test("…", async ({ app }) => { … })` is all a new API test needs to start.
 */
export const test = base.extend<{ app: TestApp }>({
	// biome-ignore lint/correctness/noEmptyPattern: vitest reads the fixtures a function asks for from its first parameter
	app: async ({}, use) => {
		const app = await startTestApp();
		await use(app);
		await app.close();
	},
});
