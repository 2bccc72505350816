import { FIRST_READS } from "../../../src/shared/first-reads.ts";
import { PAGE_PATHS } from "../../../src/shared/routes.ts";
import {
	type Browser,
	test as base,
	devices,
	expect,
	failedResource,
	type Locator,
	type Page,
} from "../support/fixtures.ts";
import { type Account, type HostileWorld, seedHostileWorld } from "../support/hostile.ts";
import {
	layoutProblems,
	resize,
	seriousA11yViolations,
	settle,
	WIDTHS,
} from "../support/layout-guard.ts";

/**
 * The layout guard: a fresh install filled with hostile but realistic data (support/hostile.ts),
 * every page of the app, and the dialogs that matter, at 360, 390, 1024, 1280 and 1440 px. A
 * screen fails when the page or a dialog scrolls sideways, when two of its cards overlap, when
 * something covers a button or link, when an e-mail address or phone number breaks mid-word, when
 * a status shows as its code ("InProgress") or when a progress bar has other colours than the
 * others (support/layout-guard.ts); the customer and owner screens are also checked with axe
 * (WCAG 2.2 AA and best practice, serious and critical) at 390 and 1280 px. The test lists every
 * problem, with the screen, the width and the elements, before failing. GUARD_DEBUG=1 prints the
 * seeding's and each screen's timings.
 */

const test = base.extend<object, { world: HostileWorld }>({
	world: [
		async ({}, use) => {
			const world = await seedHostileWorld();
			await use(world);
			await world.stop();
		},
		// Some 20 s on a quiet 2-core machine, a minute or more on a busy one.
		{ scope: "worker", timeout: 180_000 },
	],
	// The pages are the hostile install's (and no other server is started for this file).
	baseURL: async ({ world }, use) => use(world.server.url),
});

// One worker seeds once and runs every test of the file.
test.describe.configure({ mode: "default" });

/** A screen: a path, and what to do there before looking (open a tab or a dialog). */
interface Screen {
	/** The route pattern of src/shared/routes.ts it stands for. */
	route: (typeof PAGE_PATHS)[number] | "*";
	/** Where it is: a path, or one made from the seeded ids. */
	path: string | ((world: HostileWorld) => string);
	/** How the report names it, when not by its path. */
	name?: string;
	prepare?: (page: Page) => Promise<void>;
	/** Checked with axe too (customer and owner screens). */
	axe?: boolean;
}

const AXE_WIDTHS = [390, 1280];

/** Expands the first quote of the owner's list (each row opens its details in place). */
const openQuote = async (page: Page) => {
	const main = page.getByRole("main");
	await main.locator("button[aria-expanded=false]").first().click({ timeout: 15_000 });
	await main.locator("button[aria-expanded=true]").first().waitFor({ timeout: 15_000 });
};

/** Opens a dialog with the button named `name` (the first one) and waits for it. */
const openDialog = (name: string | RegExp) => async (page: Page) => {
	// A control that is not there fails the guard at once, not at the test's end.
	await page.getByRole("main").getByRole("button", { name }).first().click({ timeout: 15_000 });
	await page.getByRole("dialog").waitFor({ timeout: 15_000 });
};

/**
 * Visits each screen in one page of `account` (signed out without), resizing it to every width;
 * answers the layout problems and the axe violations found.
 */
async function inspect(
	browser: Browser,
	world: HostileWorld,
	account: Account | null,
	screens: Screen[],
) {
	const { defaultBrowserType: _, ...desktop } = devices["Desktop Chrome"];
	const context = await browser.newContext({
		...desktop,
		baseURL: world.server.url,
		viewport: WIDTHS[0],
		storageState: account?.storageState,
	});
	const layout: string[] = [];
	const axe: string[] = [];
	try {
		await visitAll(await context.newPage(), world, screens, { layout, axe });
	} finally {
		await context.close();
	}
	return { layout, axe };
}

async function visitAll(
	page: Page,
	world: HostileWorld,
	screens: Screen[],
	found: { layout: string[]; axe: string[] },
) {
	const { layout, axe } = found;
	for (const screen of screens) {
		const started = Date.now();
		const times: string[] = [];
		const lap = (what: string) => times.push(`${what} ${Date.now() - started}`);
		const path = typeof screen.path === "string" ? screen.path : screen.path(world);
		const name = screen.name ?? path;
		await page.setViewportSize(WIDTHS[0]);
		await page.goto(path);
		await settle(page);
		await screen.prepare?.(page);
		await settle(page);
		lap("open");
		for (const size of WIDTHS) {
			await resize(page, size);
			const problems = await layoutProblems(page, `${name} at ${size.width}px`);
			layout.push(...problems);
			lap(`${size.width}`);
			if (screen.axe && AXE_WIDTHS.includes(size.width)) {
				for (const v of await seriousA11yViolations(page))
					axe.push(
						`${name} at ${size.width}px: ${v.impact} ${v.id} (${v.help})\n    ${v.targets.join("\n    ")}`,
					);
				lap("axe");
			}
		}
		if (process.env.GUARD_DEBUG) console.log(`guard: ${name}: ${times.join(", ")} ms`);
	}
}

function expectNone(problems: string[], what: string) {
	expect
		.soft(problems.length, `${problems.length} ${what}:\n\n${problems.join("\n\n")}\n\n`)
		.toBe(0);
}

const publicScreens: Screen[] = [
	{ route: "/", path: "/" },
	{ route: "/quote", path: "/quote" },
	{
		route: "/quote",
		path: "/quote",
		name: "/quote with every service chosen",
		prepare: async (page) => {
			const boxes = page.getByRole("main").getByRole("checkbox");
			for (let i = 0; i < (await boxes.count()); i++) await boxes.nth(i).check();
		},
	},
	{ route: "/contact", path: "/contact" },
	{ route: "/privacy", path: "/privacy" },
	{ route: "/terms", path: "/terms" },
	{ route: "/refunds", path: "/refunds" },
	{ route: "/offline", path: "/offline" },
	{ route: "/auth", path: "/auth" },
	{
		route: "/auth",
		path: "/auth",
		name: "/auth, sign up",
		prepare: (page) => page.getByRole("tab", { name: /sign up/i }).click(),
	},
	{ route: "/auth/reset-password", path: "/auth/reset-password" },
	{ route: "/auth/confirm-email", path: "/auth/confirm-email" },
	{ route: "/app-home", path: "/app-home", name: "/app-home (signed out: sign in)" },
	{ route: "*", path: "/no-such-page", name: "not found" },
];

/**
 * The customer with every badge, then customers whose quote is pending, revised or rejected, and a
 * returning customer with next season's renewal offer.
 */
const customerScreens: [
	keyof Pick<HostileWorld, "hostile" | "pending" | "revised" | "rejected" | "returning">,
	Screen[],
][] = [
	[
		"hostile",
		[
			{ route: "/app", path: "/app", axe: true },
			{ route: "/app/payments", path: "/app/payments", axe: true },
			{
				route: "/app/payments",
				path: "/app/payments",
				name: "/app/payments, a receipt open",
				prepare: openDialog(/^Receipt for/),
				axe: true,
			},
			{
				route: "/app/payments/checkout/:billId",
				path: (w) => `/app/payments/checkout/${w.hostile.pendingBillId}`,
				axe: true,
			},
			{ route: "/app/requests", path: "/app/requests", axe: true },
			{
				route: "/app/requests",
				path: "/app/requests",
				name: "/app/requests, Change Colors form",
				prepare: (page) => page.getByRole("button", { name: "Change Colors" }).click(),
			},
			{
				route: "/app/requests",
				path: "/app/requests",
				name: "/app/requests, history",
				prepare: (page) => page.getByRole("tab", { name: "Request History" }).click(),
				axe: true,
			},
			{ route: "/app/profile", path: "/app/profile", axe: true },
			{ route: "/app/quote-request", path: "/app/quote-request", axe: true },
			{ route: "/app/booking", path: "/app/booking", axe: true },
		],
	],
	["pending", [{ route: "/app", path: "/app", name: "/app (quote pending)", axe: true }]],
	["revised", [{ route: "/app", path: "/app", name: "/app (quote revised)", axe: true }]],
	[
		"rejected",
		[
			{ route: "/app", path: "/app", name: "/app (quote rejected)", axe: true },
			{
				route: "/app/quote-request",
				path: "/app/quote-request",
				name: "/app/quote-request (form)",
				axe: true,
			},
		],
	],
	[
		"returning",
		[
			{ route: "/app", path: "/app", name: "/app (renewal offer)", axe: true },
			{
				route: "/app",
				path: "/app",
				name: "/app, renewing",
				prepare: openDialog(/^Renew$/),
				axe: true,
			},
			{
				route: "/app",
				path: "/app",
				name: "/app, declining the renewal",
				prepare: openDialog("Not This Year"),
				axe: true,
			},
			{
				route: "/app/quote-request",
				path: "/app/quote-request?from=renewal",
				name: "/app/quote-request, Change My Design",
				axe: true,
			},
		],
	],
];

const customerPage = (who: string, id: (w: HostileWorld) => string): Screen => ({
	route: "/owner/customer/:id",
	path: (w) => `/owner/customer/${id(w)}`,
	name: `/owner/customer/:id (${who})`,
	axe: true,
});

/** The crews' pages: the days with stops, and a day's sheet. */
const crewScreens: Screen[] = [
	{ route: "/crew", path: "/crew", axe: true },
	{ route: "/crew/day/:date", path: (w) => `/crew/day/${w.crewDay}`, axe: true },
	{ route: "/crew/scan", path: "/crew/scan", axe: true },
	{ route: "/bins/:code", path: (w) => `/bins/${w.hostile.binCode}`, axe: true },
];

const ownerScreens: Screen[] = [
	{ route: "/owner", path: "/owner", axe: true },
	{ route: "/owner/chat", path: "/owner/chat", axe: true },
	{
		route: "/owner/chat",
		path: (w) => `/owner/chat?customer=${w.hostile.customerId}`,
		name: "/owner/chat, the customer with every badge open",
		axe: true,
	},
	{ route: "/owner/quotes", path: "/owner/quotes", axe: true },
	{
		route: "/owner/quotes",
		path: "/owner/quotes?status=pending",
		name: "/owner/quotes, a pending quote open",
		prepare: openQuote,
		axe: true,
	},
	{
		route: "/owner/quotes",
		path: "/owner/quotes?status=pending",
		name: "/owner/quotes, revising a quote",
		prepare: async (page) => {
			await openQuote(page);
			await openDialog(/^Revise/)(page);
		},
		axe: true,
	},
	{
		route: "/owner/quotes",
		path: "/owner/quotes?status=approved",
		name: "/owner/quotes, an approved website quote without an account open",
		prepare: openQuote,
		axe: true,
	},
	{ route: "/owner/requests", path: "/owner/requests", axe: true },
	{
		route: "/owner/requests",
		path: "/owner/requests",
		name: "/owner/requests, a request open",
		prepare: openDialog("View"),
		axe: true,
	},
	{ route: "/owner/settings", path: "/owner/settings", axe: true },
	{ route: "/owner/schedule", path: "/owner/schedule", axe: true },
	{ route: "/owner/scan", path: "/owner/scan", axe: true },
	{
		route: "/owner/customer/:id/labels",
		path: (w) => `/owner/customer/${w.hostile.customerId}/labels`,
		axe: true,
	},
	{
		route: "/owner",
		path: "/owner",
		name: "/owner, adding a request for a customer",
		prepare: openDialog(/^Add request/),
		axe: true,
	},
	customerPage("the customer with every badge", (w) => w.hostile.customerId),
	...["billing", "requests", "photos", "storage", "messages"].map((tab) => ({
		...customerPage(`the customer with every badge, ${tab}`, (w) => w.hostile.customerId),
		path: (w: HostileWorld) => `/owner/customer/${w.hostile.customerId}?tab=${tab}`,
	})),
	{
		...customerPage("the customer with every badge, editing a bin", (w) => w.hostile.customerId),
		path: (w) => `/owner/customer/${w.hostile.customerId}?tab=storage`,
		prepare: async (page) => {
			await page
				.getByRole("button", { name: /^Edit BHL-/ })
				.first()
				.click({ timeout: 15_000 });
			await page.getByRole("form", { name: /^Edit BHL-/ }).waitFor({ timeout: 15_000 });
		},
	},
	{
		...customerPage("refunding a card payment", (w) => w.hostile.customerId),
		path: (w) => `/owner/customer/${w.hostile.customerId}?tab=billing`,
		prepare: openDialog(/^Refund/),
	},
	customerPage("added with the Add Customer form", (w) => w.added.customerId),
];

test("the guard visits every page of the app", () => {
	// A page added to the app (src/shared/routes.ts lists them all) gets a screen here too.
	const covered = new Set<string>(
		[
			...publicScreens,
			...customerScreens.flatMap(([, s]) => s),
			...ownerScreens,
			...crewScreens,
		].map((s) => s.route),
	);
	expect(PAGE_PATHS.filter((p) => !covered.has(p))).toEqual([]);
});

/** Each screen's layout at five widths and, where asked, axe at 390 and 1280 px: no problem listed. */
function expectClean(results: { layout: string[]; axe: string[] }[]) {
	expectNone(
		results.flatMap((r) => r.layout),
		"layout problems",
	);
	expectNone(
		results.flatMap((r) => r.axe),
		"serious or critical axe violations",
	);
}

// One test per area, run one after another by the worker that seeded (a failed test costs its
// worker, and the next test's worker seeds again). Each area has a time of its own: all of them in
// one test took 13 to 15 minutes beside the other worker's tests.
test.describe("every page with hostile data: its layout at five widths, axe at 390 and 1280 px", () => {
	test.beforeEach(({ pageErrors }) => pageErrors.allow(failedResource(404, "/no-such-page")));

	test("public pages, signed out", async ({ browser, world }) => {
		test.setTimeout(300_000);
		expectClean([await inspect(browser, world, null, publicScreens)]);
	});

	test("the customer app, as five customers", async ({ browser, world }) => {
		test.setTimeout(900_000);
		const results = [];
		for (const [who, screens] of customerScreens)
			results.push(await inspect(browser, world, world[who], screens));
		expectClean(results);
	});

	test("the owner's area", async ({ browser, world }) => {
		test.setTimeout(600_000);
		expectClean([await inspect(browser, world, world.owner, ownerScreens)]);
	});

	test("the crews' pages", async ({ browser, world }) => {
		test.setTimeout(300_000);
		expectClean([await inspect(browser, world, world.crew, crewScreens)]);
	});
});

test("each signed-in page takes its first data from its HTML, asks for nothing else first and shows no loading state", async ({
	browser,
	world,
}) => {
	test.setTimeout(300_000);
	const accountFor = (pagePath: string) =>
		pagePath.startsWith("/owner")
			? world.owner
			: pagePath.startsWith("/crew")
				? world.crew
				: world.hostile;
	const fill = (path: string) =>
		path
			.replaceAll(":id", world.hostile.customerId)
			.replaceAll(":billId", world.hostile.pendingBillId)
			.replaceAll(":date", world.crewDay);
	const problems: string[] = [];
	for (const [pagePath, reads = []] of Object.entries(FIRST_READS)) {
		const context = await browser.newContext({
			baseURL: world.server.url,
			storageState: accountFor(pagePath).storageState,
		});
		const page = await context.newPage();
		// Whether the screen ever showed a loading state: with its data in the cache before it
		// renders (lib/first-data.ts), it is drawn once, with that data.
		await page.addInitScript(() => {
			const seen: string[] = [];
			Object.assign(window, { loadingSeen: seen });
			new MutationObserver(() => {
				for (const status of document.querySelectorAll("main [role=status]"))
					if (/loading/i.test(status.textContent ?? "")) seen.push(status.textContent ?? "");
			}).observe(document, { subtree: true, childList: true });
		});
		// The page's reads until it first writes something or opens its live stream: after that, a
		// read may be a refetch of what it changed.
		const asked: string[] = [];
		let first = true;
		const streaming = new Promise<void>((resolve) =>
			page.on("request", (request) => {
				const url = new URL(request.url());
				if (!url.pathname.startsWith("/api/")) return;
				if (url.pathname === "/api/live") resolve();
				if (url.pathname === "/api/live" || request.method() !== "GET") first = false;
				else if (first) asked.push(url.pathname + url.search);
			}),
		);
		const html = (await (await page.goto(fill(pagePath)))?.text()) ?? "";
		await Promise.race([streaming, page.waitForTimeout(30_000)]);
		const loading = await page.evaluate(
			() => (window as unknown as { loadingSeen: string[] }).loadingSeen,
		);
		if (loading.length) problems.push(`${pagePath} showed "${loading[0]}" before its data`);
		const listed = reads.map(fill);
		// What the server wrote in (a read it gave up on, slow or large, is the page's to ask for).
		const answered = new Set([...html.matchAll(/ data-read="([^"]+)"/g)].map((m) => m[1]));
		for (const read of asked) {
			// Files load as images; the business's profile is in every page already and only refreshed.
			if (read.startsWith("/api/files/") || read === "/api/business") continue;
			if (answered.has(read))
				problems.push(`${pagePath} asked for ${read}, which its HTML answered`);
			else if (!listed.includes(read))
				problems.push(
					`${pagePath} asked for ${read} first: add it to its reads in src/shared/first-reads.ts`,
				);
		}
		await context.close();
	}
	expect(problems).toEqual([]);
});

test("a long conversation opens at its newest message, loads older ones above without moving, and follows new ones", async ({
	browser,
	world,
}) => {
	test.setTimeout(120_000);
	const open = async (account: Account, width: number) => {
		const context = await browser.newContext({
			baseURL: world.server.url,
			storageState: account.storageState,
			viewport: { width, height: 844 },
		});
		return context.newPage();
	};
	/** A message's top and bottom in its list's visible box (0 at the box's top), and the box's height. */
	const place = (message: Locator) =>
		message.evaluate((li) => {
			const box = li.closest("[role=log]")!.getBoundingClientRect();
			const own = li.getBoundingClientRect();
			return { top: own.top - box.top, bottom: own.bottom - box.top, height: box.height };
		});
	const atBottom = async (message: Locator) => {
		const { bottom, height } = await place(message);
		return bottom > height - 40 && bottom <= height;
	};

	const customer = await open(world.hostile, 390);
	await customer.goto("/app");
	const log = customer.getByRole("log", { name: "Messages" });
	const messages = log.locator("ol > li:has(time)");
	// One page of the 200: the newest, in view.
	await expect(messages).toHaveCount(30);
	await expect.poll(() => atBottom(messages.last())).toBe(true);

	// At the top, the page before loads above; what the reader was looking at stays where it was.
	await messages.first().evaluate((li) => {
		li.id = "reading";
	});
	const reading = log.locator("#reading");
	await log.evaluate((el) => el.scrollBy(0, -el.scrollHeight));
	const before = (await place(reading)).top;
	expect(before).toBeLessThan(60);
	await expect(messages).toHaveCount(60);
	await customer.waitForTimeout(500);
	expect((await place(reading)).top).toBe(before);

	// The owner has the conversation open, at its newest message.
	const owner = await open(world.owner, 1280);
	await owner.goto(`/owner/chat?customer=${world.hostile.customerId}`);
	const ownerLog = owner.getByRole("log", { name: "Messages" });
	await expect(ownerLog.locator("ol > li:has(time)")).toHaveCount(30);
	await expect.poll(() => atBottom(ownerLog.locator("ol > li:has(time)").last())).toBe(true);

	// The customer, scrolled up, sends: their list goes to the new message; the owner's follows it.
	const box = customer.getByRole("textbox", { name: "Message" });
	await box.fill("Is the garage strand fixed?");
	await box.press("Enter");
	const sent = messages.filter({ hasText: "Is the garage strand fixed?" });
	await expect(sent).toHaveCount(1);
	await expect.poll(() => atBottom(sent)).toBe(true);
	const arrived = ownerLog.locator("ol > li:has(time)", { hasText: "Is the garage strand fixed?" });
	await expect(arrived).toHaveCount(1, { timeout: 10_000 });
	await expect.poll(() => atBottom(arrived)).toBe(true);
	await customer.context().close();
	await owner.context().close();
});
