import { createHash } from "node:crypto";
import {
	type Browser,
	type BrowserContext,
	type BrowserContextOptions,
	test as base,
	devices,
	expect,
	type Page,
} from "@playwright/test";
import { CONFIRM_PATH, firstLink, waitForMail } from "../../support/outbox.ts";
import { PageErrorWatcher } from "./page-errors.ts";

export { failedResource } from "./page-errors.ts";

import { type RunningServer, startServer } from "./server.ts";

export const OWNER = {
	email: "owner@buckeye.test",
	password: "owner-secret",
	displayName: "Olivia Owner",
};

/** The options of a page's own browser context: a phone on the test's server unless told otherwise. */
export type PageOptions = BrowserContextOptions;

/** A customer's e-mail address and password. */
export type Credentials = { email: string; password: string };

type WorkerFixtures = { server: RunningServer };
type TestFixtures = {
	freshServer: RunningServer;
	/**
	 * A new page, signed out, in a browser context of its own (a Pixel 7 on the worker's server
	 * unless `options` say otherwise). Every context it made is closed after the test.
	 */
	newPage: (options?: PageOptions) => Promise<Page>;
	/** The worker server's owner (`OWNER`), signed in at a desk (1280 × 900), in a context of its own. */
	ownerPage: Page;
	/**
	 * A customer's phone in a context of its own: signed in as `account`, or signed out without
	 * one (to sign up in it). Every context it made is closed after the test.
	 */
	customerPage: (account?: Credentials, options?: PageOptions) => Promise<Page>;
	/** The browser contexts the test opens, each of which must be closed by its end. */
	openContexts: ContextLedger;
	/**
	 * Console errors this test expects, each matched against "message (at url)". Keep them narrow:
	 * e.g. `/status of 500 .*\/api\/estimate/`, never `/Failed to load resource/`.
	 */
	allowedConsoleErrors: RegExp[];
	/** Fails the test when any page errs; `watch` covers contexts launched outside `browser`. */
	pageErrors: PageErrorWatcher;
};

/**
 * The browser contexts a test opens (beyond those open when it began). Those its fixtures close
 * themselves are `owned`; any other still open at the end was left open by the test.
 */
class ContextLedger {
	private readonly browser: Browser;
	private readonly before: Set<BrowserContext>;
	private readonly owned = new Set<BrowserContext>();
	private readonly leaks: string[] = [];

	constructor(browser: Browser) {
		this.browser = browser;
		this.before = new Set(browser.contexts());
	}

	/** `context` is closed by the fixture that made it. */
	own(context: BrowserContext): BrowserContext {
		this.owned.add(context);
		return context;
	}

	/**
	 * Closes the contexts the test opened that are still open, noting those no fixture owns as
	 * left open; fixtures' own are closed too with `owned`, else left for their fixtures to close.
	 */
	async closeLeftovers({ owned }: { owned: boolean }): Promise<void> {
		const opened = this.browser.contexts().filter((context) => !this.before.has(context));
		const left = opened.filter((context) => !this.owned.has(context));
		for (const context of left) {
			const urls = context.pages().map((page) => page.url());
			this.leaks.push(urls.length > 0 ? urls.join(", ") : "(no page)");
		}
		for (const context of owned ? opened : left) await context.close();
	}

	/** What the test left open, or null when it closed everything it opened. */
	report(): string | null {
		if (this.leaks.length === 0) return null;
		const count =
			this.leaks.length === 1 ? "1 browser context" : `${this.leaks.length} browser contexts`;
		return [
			`The test left ${count} open (closed now): open pages with the newPage, ownerPage and customerPage fixtures, which close them, or close each context the test opens. The pages left open:`,
			...this.leaks.map((urls, i) => `  ${i + 1}. ${urls}`),
		].join("\n");
	}
}

/** The watcher of the test running on this worker (a worker runs one test at a time). */
let currentWatcher: PageErrorWatcher | undefined;

/**
 * `server`: one production server per worker whose owner account already exists.
 * `freshServer`: a brand-new install for tests that need an empty database.
 * Every test fails on an uncaught page error, a console error it did not allow, or a
 * Content Security Policy violation, in any context the test opens; and when a browser context it
 * opened is still open after its fixtures' teardown.
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
		async ({ openContexts }, use) => {
			const server = await startServer();
			await use(server);
			// Pages still open would keep calling it (the live stream reconnects): close them first.
			await openContexts.closeLeftovers({ owned: true });
			await server.stop();
		},
		{ timeout: 90_000 },
	],
	openContexts: [
		async ({ browser }, use, testInfo) => {
			const ledger = new ContextLedger(browser);
			await use(ledger);
			// Every fixture that opened a context has closed it by now.
			await ledger.closeLeftovers({ owned: false });
			const report = ledger.report();
			if (report) {
				await testInfo.attach("contexts-left-open", { body: report, contentType: "text/plain" });
				throw new Error(report);
			}
		},
		{ auto: true },
	],
	newPage: async ({ openContexts, browser, baseURL, pageErrors }, use) => {
		const contexts: BrowserContext[] = [];
		await use(async (options = {}) => {
			const context = await browser.newContext({ ...devices["Pixel 7"], baseURL, ...options });
			contexts.push(openContexts.own(context));
			await pageErrors.watch(context);
			return context.newPage();
		});
		// One after another: contexts closing together may write the same trace resource at once.
		for (const context of contexts) await context.close();
	},
	ownerPage: async ({ newPage }, use) => {
		const page = await newPage({
			...devices["Desktop Chrome"],
			viewport: { width: 1280, height: 900 },
		});
		await signInViaApi(page, OWNER);
		await use(page);
	},
	customerPage: async ({ newPage }, use) => {
		await use(async (account, options) => {
			const page = await newPage(options);
			if (account) await signInViaApi(page, account);
			return page;
		});
	},
	baseURL: async ({ server }, use) => use(server.url),
	// The server trusts one proxy (TRUST_PROXY=true), as deployed: each test is a visitor of its
	// own address, so the per-address limits (sign-ups, forms) count a test's requests alone, as
	// they would a household's, not every test's on the worker's server together.
	extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
		const hash = createHash("sha256").update(`${testInfo.testId}:${testInfo.retry}`).digest();
		const visitor = `198.18.${hash[0]}.${hash[1]}`;
		await use({ ...extraHTTPHeaders, "x-forwarded-for": visitor });
	},
	allowedConsoleErrors: [[], { option: true }],
	pageErrors: [
		async ({ allowedConsoleErrors }, use, testInfo) => {
			const watcher = new PageErrorWatcher(allowedConsoleErrors);
			currentWatcher = watcher;
			await use(watcher);
			currentWatcher = undefined;
			const report = watcher.report();
			if (report) {
				await testInfo.attach("browser-errors", { body: report, contentType: "text/plain" });
				throw new Error(`The browser reported problems during the test:\n${report}`);
			}
		},
		{ auto: true },
	],
	// Contexts a test makes itself with `browser.newContext()` are watched as they are created...
	browser: [
		async ({ browser }, use) => {
			const onContext = (context: BrowserContext) => {
				// A context closed before it was set up cannot report anything any more.
				currentWatcher?.watch(context).catch(() => {});
			};
			browser.on("context", onContext);
			await use(browser);
			browser.off("context", onContext);
		},
		{ scope: "worker" },
	],
	// ...and the default one is watched before its first page opens.
	context: async ({ openContexts, context, pageErrors }, use) => {
		openContexts.own(context);
		await pageErrors.watch(context);
		await use(context);
	},
});

// Specs take everything from this module, so none can bypass the checks above.
export {
	type Browser,
	type BrowserContext,
	devices,
	type Locator,
	type Page,
} from "@playwright/test";
export { expect };

let counter = 0;
/** A unique e-mail address for this run. */
export const uniqueEmail = (prefix = "customer") =>
	`${prefix}-${Date.now().toString(36)}-${process.pid}-${counter++}@example.test`;

/**
 * Signs up through the API in the page's browser context (so the page is signed in too). With
 * `confirmOn` (the server, whose outbox holds the mail), the new account then confirms its
 * address from the e-mailed link, as a customer does before chatting or sending photos.
 */
export async function signUpViaApi(
	page: Page,
	account: {
		email: string;
		password: string;
		role?: "customer" | "owner";
		displayName?: string;
		inviteCode?: string;
	},
	confirmOn?: Pick<RunningServer, "dataDir">,
) {
	const res = await page.request.post("/api/account/sign-up", {
		data: { role: "customer", ...account },
	});
	expect(res.status(), await res.text()).toBe(201);
	if (confirmOn) await confirmViaMail(page, confirmOn, account.email);
}

/** The confirmation link the server e-mailed to `email` (the newest one). */
export async function confirmationLink(server: Pick<RunningServer, "dataDir">, email: string) {
	return firstLink(await waitForMail(server.dataDir, email, { containing: CONFIRM_PATH }));
}

/**
 * Follows the e-mailed confirmation link as its page does (its token to GET /api/auth/verify-email),
 * in the page's browser context. The confirmation page itself has its own test.
 */
async function confirmViaMail(page: Page, server: Pick<RunningServer, "dataDir">, email: string) {
	const token = new URL(await confirmationLink(server, email)).searchParams.get("token")!;
	const res = await page.request.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
	expect(res.status(), await res.text()).toBe(200);
}

export async function signInViaApi(page: Page, account: Credentials) {
	const res = await page.request.post("/api/auth/sign-in/email", {
		data: { email: account.email, password: account.password },
	});
	expect(res.status(), await res.text()).toBe(200);
}
