import { test as base } from "vitest";
import { startPushService } from "./push-service.ts";
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

/** `test` with an `app` that takes plain-http push endpoints, and a `push` service on loopback. */
export const pushTest = base.extend<{
	app: TestApp;
	push: Awaited<ReturnType<typeof startPushService>>;
}>({
	// biome-ignore lint/correctness/noEmptyPattern: vitest reads the fixtures a function asks for from its first parameter
	app: async ({}, use) => {
		const app = await startTestApp({ env: { PUSH_HTTP_ENDPOINTS: "true" } });
		await use(app);
		await app.close();
	},
	// biome-ignore lint/correctness/noEmptyPattern: as above
	push: async ({}, use) => {
		const push = await startPushService();
		await use(push);
		await push.close();
	},
});
