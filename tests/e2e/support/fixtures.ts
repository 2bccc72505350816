import { test as base, expect, type Page } from "@playwright/test";
import { type RunningServer, startServer } from "./server.ts";

export const OWNER = {
	email: "owner@buckeye.test",
	password: "owner-secret",
	displayName: "Olivia Owner",
};

type WorkerFixtures = { server: RunningServer };
type TestFixtures = { freshServer: RunningServer };

/**
 * `server`: one production server per worker whose owner account already exists.
 * `freshServer`: a brand-new install for tests that need an empty database.
 */
export const test = base.extend<TestFixtures, WorkerFixtures>({
	server: [
		async ({}, use) => {
			const server = await startServer();
			const res = await fetch(`${server.url}/api/account/sign-up`, {
				method: "POST",
				headers: { "content-type": "application/json" },
				body: JSON.stringify({ ...OWNER, role: "owner" }),
			});
			if (res.status !== 201)
				throw new Error(`owner sign-up failed: ${res.status} ${await res.text()}`);
			await use(server);
			await server.stop();
		},
		{ scope: "worker", timeout: 90_000 },
	],
	freshServer: [
		async ({}, use) => {
			const server = await startServer();
			await use(server);
			await server.stop();
		},
		{ timeout: 90_000 },
	],
	baseURL: async ({ server }, use) => use(server.url),
});

export { expect };

let counter = 0;
/** A unique e-mail address for this run. */
export const uniqueEmail = (prefix = "customer") =>
	`${prefix}-${Date.now().toString(36)}-${process.pid}-${counter++}@example.test`;

/** Signs up through the API in the page's browser context (so the page is signed in too). */
export async function signUpViaApi(
	page: Page,
	account: {
		email: string;
		password: string;
		role?: "customer" | "owner";
		displayName?: string;
		inviteCode?: string;
	},
) {
	const res = await page.request.post("/api/account/sign-up", {
		data: { role: "customer", ...account },
	});
	expect(res.status(), await res.text()).toBe(201);
}

export async function signInViaApi(page: Page, account: { email: string; password: string }) {
	const res = await page.request.post("/api/auth/sign-in/email", {
		data: { email: account.email, password: account.password },
	});
	expect(res.status(), await res.text()).toBe(200);
}
