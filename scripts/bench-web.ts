// `npm run bench:web`: Lighthouse 12 on the production build's public pages.
// Builds (unless BENCH_SKIP_BUILD=1), starts build/app-server on a free port with a throwaway
// DATA_DIR, and runs Lighthouse (mobile emulation, simulated throttling: its defaults) BENCH_RUNS
// times (default 5) on each page. Each run prints its figures; a table then gives each page's
// runs and medians beside the targets.
//
// The floor: beside each page the same run measures a static copy of it, the page as the server
// sends it with every script taken out, served by the same server from build/client/bench-floor/
// (written for the run and removed after it; no link, sitemap or service worker knows it). It
// shows what the page's HTML and stylesheet alone would give: the page's LCP is compared with it.
// Page and floor runs alternate, so both see the same load on the machine.
//
// "JS gzip" is the JavaScript a page loads before the visitor does anything (Lighthouse never
// touches the page): each script's built file gzipped (level 6). "Requests" counts the page's own
// requests, the service worker's precaching after load left out.
//
// Signed-in screens (BENCH_PAGES=signed-in, or any /app, /owner, /crew or /bins path): the server
// is filled first with the browser tests' realistic data at its limits (tests/e2e/support/hostile.ts: a
// customer with 30 bills, requests, photos and 200 chat messages, a crew member with a day) and
// 1,000 more customers for the owner; each screen is then measured signed in as the one who uses
// it (the session cookie sent with every request), cold: a fresh browser profile, no service
// worker. Their floor is the screen's HTML as the server sends it to the signed-in user, with
// every script taken out: it shows little (the app draws the screen), but its TBT is what the
// machine blocks for with no script at all, the reference for the screen's TBT. Then
// warm, as the installed app opens (BENCH_WARM=0 skips it): a profile primed by visits (the session
// cookie in its jar, its service worker installed, the page kept on the device, and the browser's
// install offer answered with 'Later', as the installed app has none) opens the screen again, and
// its LCP must be within 1.0 s. Each primed profile opens the screen twice:
// once simulated, as the cold runs, and once with the same phone and network applied while it
// loads ("warm, applied"). The simulation charges the page read from the device a new
// connection's round trips (about 650 ms of its "TTFB"); applied throttling slows what really goes
// over the network and leaves reads from the device as fast as a phone makes them.
//
// Env: CHROME_PATH (default /usr/bin/chromium), BENCH_SKIP_BUILD, BENCH_RUNS, BENCH_PAGES
// (comma-separated paths, default "/,/quote,/contact"; "signed-in" for every signed-in screen), BENCH_FLOOR=0 (no floor pages),
// BENCH_VERBOSE=1 (lists each page's scripts), BENCH_URL (measure a server that is already running
// there: no build, no server start; the floor then needs that server to serve this build/client),
// BENCH_REPORT_DIR (writes each run's Lighthouse JSON there, for the LCP element, and its trace
// beside it, *.trace.json: the page's tasks as they ran, unthrottled),
// BENCH_WARM=0 (signed-in screens cold only), BENCH_COLD=0 (warm only), BENCH_HTTP1=1 (straight to the server over HTTP/1.1),
// BENCH_CUSTOMERS (the owner's extra customers, default 1000).
//
// The browser reaches the server through a local HTTPS front speaking HTTP/2
// (scripts/bench-https-front.ts), as visitors reach it through the deployed proxy (deploy/Caddyfile:
// HTTPS, and with it HTTP/2). Lighthouse's simulation models the connections it saw: over HTTP/1.1,
// six per origin, each script a round trip of its own; over HTTP/2, one connection that carries
// them all at once.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromiumLaunch } from "../playwright.config.ts";
import { startServer } from "../tests/e2e/support/server.ts";
import { startHttpsFront } from "./bench-https-front.ts";

const CLIENT_DIR = "build/client";
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const runs = Number(process.env.BENCH_RUNS ?? 5);
const withFloor = process.env.BENCH_FLOOR !== "0";
const withWarm = process.env.BENCH_WARM !== "0";
/** BENCH_COLD=0: signed-in screens warm only. */
const withCold = process.env.BENCH_COLD !== "0";
/** A warm run's label: the page's path and this. */
const WARM = " (warm)";
/** A warm run under applied throttling: its label is the page's path and this. */
const WARM_APPLIED = " (warm, applied)";
const FLOOR_DIR = "bench-floor";
/** Every signed-in screen; {customer}, {bill}, {bin} and {day} are filled in from the seeded data. */
const SIGNED_IN_PAGES = [
	"/app",
	"/app/payments",
	"/app/payments/checkout/{bill}",
	"/app/requests",
	"/app/profile",
	"/app/booking",
	"/app/quote-request",
	"/owner",
	"/owner/quotes",
	"/owner/requests",
	"/owner/settings",
	"/owner/chat",
	"/owner/schedule",
	"/owner/customer/{customer}",
	"/owner/customer/{customer}/labels",
	"/owner/scan",
	"/crew",
	"/crew/day/{day}",
	"/crew/scan",
	"/bins/{bin}",
];
const pages = (process.env.BENCH_PAGES ?? "/,/quote,/contact")
	.split(",")
	.flatMap((p) => (p === "signed-in" ? SIGNED_IN_PAGES : [p]))
	.filter(Boolean);
/** Who opens a signed-in screen. */
const roleOf = (pagePath: string) =>
	pagePath.startsWith("/owner")
		? "owner"
		: pagePath.startsWith("/crew") || pagePath.startsWith("/bins/")
			? "crew"
			: pagePath.startsWith("/app")
				? "customer"
				: null;
/** Through a front like production's proxy (scripts/bench-https-front.ts) unless BENCH_HTTP1=1. */
const overHttps = process.env.BENCH_HTTP1 !== "1";
const chromeFlags = [
	"--headless=new",
	...chromiumLaunch.args,
	// The front's certificate is a throwaway one for localhost.
	...(overHttps ? ["--ignore-certificate-errors"] : []),
];

interface Run {
	performance: number;
	accessibility: number;
	bestPractices: number;
	seo: number;
	lcpMs: number;
	tbtMs: number;
	cls: number;
	jsGzipBytes: number;
	jsRequests: number;
	requests: number;
	/** Lighthouse's CPU benchmark for this run: low values mean a busy machine (inflated TBT, LCP). */
	benchmarkIndex: number;
	/** Audits that did not pass, for explaining a missed target. */
	failing: string[];
}

const gzipCache = new Map<string, number>();

/**
 * Gzip size of a script the page loaded: its built file gzipped here (level 6), so the figure does
 * not depend on whether the server or a proxy in front of it compresses. Scripts that are not in
 * build/client count as sent over the wire.
 */
function gzipBytes(origin: string, item: { url: string; transferSize?: number }): number {
	const url = new URL(item.url);
	const file = path.join(CLIENT_DIR, decodeURIComponent(url.pathname));
	if (url.origin !== origin || !fs.existsSync(file)) return item.transferSize ?? 0;
	let size = gzipCache.get(file);
	if (size === undefined) {
		size = zlib.gzipSync(fs.readFileSync(file), { level: 6 }).length;
		gzipCache.set(file, size);
	}
	return size;
}

/**
 * One Lighthouse run. `profile`: a browser profile directory kept between runs, whose storage
 * (service worker, caches, IndexedDB) the run keeps. `applied`: the same phone and network applied
 * to the browser while it loads (Lighthouse's "devtools" throttling) rather than simulated after.
 */
async function audit(
	origin: string,
	pagePath: string,
	cookie?: string,
	profile?: string,
	applied = false,
): Promise<Run> {
	const chrome = await chromeLauncher.launch({
		chromePath,
		chromeFlags,
		logLevel: "silent",
		...(profile ? { userDataDir: profile } : {}),
	});
	try {
		const result = await lighthouse(`${origin}${pagePath}`, {
			port: chrome.port,
			extraHeaders: cookie ? { Cookie: cookie } : undefined,
			disableStorageReset: Boolean(profile),
			...(applied ? { throttlingMethod: "devtools" as const } : {}),
			output: "json",
			logLevel: "error",
			onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
		});
		if (!result) throw new Error("Lighthouse returned no result");
		const { categories, audits, runtimeError, environment } = result.lhr;
		if (runtimeError) throw new Error(`Lighthouse: ${runtimeError.code} ${runtimeError.message}`);
		const reportDir = process.env.BENCH_REPORT_DIR;
		if (reportDir) {
			fs.mkdirSync(reportDir, { recursive: true });
			const name = `${pagePath.replace(/[^a-z0-9]+/gi, "_") || "_"}-${Date.now()}.json`;
			fs.writeFileSync(path.join(reportDir, name), JSON.stringify(result.lhr));
			const trace = (result.artifacts as { Trace?: unknown } | undefined)?.Trace;
			if (trace)
				fs.writeFileSync(
					path.join(reportDir, name.replace(/\.json$/, ".trace.json")),
					JSON.stringify(trace),
				);
		}
		const items = ((audits["network-requests"]?.details as { items?: unknown[] } | undefined)
			?.items ?? []) as {
			url: string;
			resourceType?: string;
			transferSize?: number;
			sessionTargetType?: string;
		}[];
		const pageItems = items.filter((item) => (item.sessionTargetType ?? "page") === "page");
		const scripts = new Map<string, number>();
		for (const item of items) {
			// The page's own scripts; the service worker's precaching (after load) is not the page's JS.
			if (item.resourceType !== "Script" || (item.sessionTargetType ?? "page") !== "page") continue;
			scripts.set(item.url, gzipBytes(origin, item));
		}
		if (process.env.BENCH_VERBOSE === "1") {
			const byTarget = new Map<string, number>();
			for (const item of items) {
				const key = `${item.sessionTargetType ?? "?"}/${item.resourceType ?? "?"}`;
				byTarget.set(key, (byTarget.get(key) ?? 0) + 1);
			}
			console.log(
				`  requests by target/type: ${[...byTarget].map(([k, n]) => `${k} ${n}`).join(", ")}`,
			);
		}
		if (process.env.BENCH_VERBOSE === "1")
			for (const [url, bytes] of [...scripts].sort((a, b) => b[1] - a[1]))
				console.log(`  ${(bytes / 1024).toFixed(1).padStart(6)} KB  ${url.replace(origin, "")}`);
		const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
		const failing = Object.values(audits)
			.filter(
				(a) =>
					a.score !== null &&
					a.score < 0.9 &&
					a.scoreDisplayMode !== "informative" &&
					a.scoreDisplayMode !== "manual" &&
					a.scoreDisplayMode !== "notApplicable",
			)
			.map((a) => `${a.id}: ${a.displayValue ?? a.score}`);
		return {
			performance: score("performance"),
			accessibility: score("accessibility"),
			bestPractices: score("best-practices"),
			seo: score("seo"),
			lcpMs: audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
			tbtMs: audits["total-blocking-time"]?.numericValue ?? Number.NaN,
			cls: audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
			jsGzipBytes: [...scripts.values()].reduce((a, b) => a + b, 0),
			jsRequests: scripts.size,
			requests: pageItems.length,
			benchmarkIndex: environment.benchmarkIndex,
			failing,
		};
	} finally {
		await chrome.kill();
	}
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP): run it again. */
async function withRetries<T>(fn: () => Promise<T>, attempts = 3): Promise<T> {
	for (let i = 1; ; i++) {
		try {
			return await fn();
		} catch (error) {
			if (i >= attempts) throw error;
			console.warn(`  retrying after: ${(error as Error).message}`);
		}
	}
}

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const mark = (ok: boolean) => (ok ? "ok" : "MISSED");

interface Targets {
	/** Performance score: the median must reach it, or with `perfEveryRun` each run. */
	perf: number;
	perfEveryRun?: boolean;
	/** JavaScript loaded before the visitor interacts, KB gzip (median). */
	jsKb?: number;
	/** Total Blocking Time, ms (median). */
	tbtMs?: number;
	/** LCP at most this multiple of the floor's LCP (medians). */
	lcpVsFloor?: number;
}

/**
 * Targets per page: the home page's from decision 006; the quote and contact pages' from decision
 * 018 (performance 100 in every run, TBT ≤ 100 ms, LCP within 1.5x the floor, ≤ 150 KB of JS).
 * Every page also has the site-wide ones: LCP ≤ 2.0 s, CLS ≤ 0.05, accessibility and SEO 100,
 * best practices ≥ 95.
 */
const TARGETS: Record<string, Targets> = {
	"/": { perf: 95, jsKb: 120 },
	"/quote": { perf: 100, perfEveryRun: true, jsKb: 150, tbtMs: 100, lcpVsFloor: 1.5 },
	"/contact": { perf: 100, perfEveryRun: true, jsKb: 150, tbtMs: 100, lcpVsFloor: 1.5 },
};
const DEFAULT_TARGETS: Targets = { perf: 95 };
/** Signed-in screens: performance 90 in every run, TBT ≤ 200 ms, ≤ 150 KB of JS; LCP ≤ 2.5 s. */
const SIGNED_IN_TARGETS: Targets = { perf: 90, perfEveryRun: true, jsKb: 150, tbtMs: 200 };
const targetsOf = (pagePath: string) =>
	TARGETS[pagePath] ?? (roleOf(pagePath) ? SIGNED_IN_TARGETS : DEFAULT_TARGETS);
/** LCP targets: public pages 2.0 s; signed-in screens 2.5 s cold and 1.0 s warm. */
const lcpTargetOf = (pagePath: string) =>
	pagePath.endsWith(WARM) || pagePath.endsWith(WARM_APPLIED) ? 1.0 : roleOf(pagePath) ? 2.5 : 2.0;

function targetText(t: Targets) {
	return [
		`perf ${t.perfEveryRun ? `${t.perf} every run` : `≥${t.perf}`}`,
		t.tbtMs === undefined ? "" : `TBT ≤${t.tbtMs} ms`,
		t.lcpVsFloor === undefined ? "" : `LCP ≤${t.lcpVsFloor}x floor`,
		t.jsKb === undefined ? "" : `JS ≤${t.jsKb} KB`,
	]
		.filter(Boolean)
		.join(", ");
}

function printTable(results: Map<string, Run[]>, floors: Map<string, Run[]>) {
	const header = [
		"page",
		"perf (runs)",
		"a11y",
		"best pr.",
		"SEO",
		"LCP",
		"floor LCP",
		"TBT (runs)",
		"floor TBT",
		"CLS",
		"JS gzip",
		"requests",
	];
	const rows: string[][] = [];
	const missed: string[] = [];
	/** Floors that block with no script: the machine, not the page, then sets TBT. */
	const blockedFloors: string[] = [];
	for (const [pagePath, list] of results) {
		const t = targetsOf(pagePath);
		const m = (k: keyof Omit<Run, "failing" | "benchmarkIndex">) => median(list.map((r) => r[k]));
		const perfRuns = list.map((r) => r.performance);
		const perf = t.perfEveryRun ? Math.min(...perfRuns) : m("performance");
		const lcp = m("lcpMs") / 1000;
		const floorList = floors.get(pagePath) ?? [];
		const floorLcp = floorList.length ? median(floorList.map((r) => r.lcpMs)) / 1000 : Number.NaN;
		const ratio = lcp / floorLcp;
		const floorTbt = floorList.length ? median(floorList.map((r) => r.tbtMs)) : Number.NaN;
		if (floorTbt > 100) blockedFloors.push(`${pagePath} ${Math.round(floorTbt)} ms`);
		const tbt = m("tbtMs");
		const cls = m("cls");
		const js = m("jsGzipBytes") / 1024;
		const checks: Record<string, boolean> = {
			perf: perf >= t.perf,
			a11y: m("accessibility") === 100,
			"best practices": m("bestPractices") >= 95,
			// A signed-in screen is kept out of search engines on purpose.
			SEO: roleOf(pagePath) !== null || m("seo") === 100,
			LCP: lcp <= lcpTargetOf(pagePath) && (t.lcpVsFloor === undefined || !(ratio > t.lcpVsFloor)),
			TBT: t.tbtMs === undefined || tbt <= t.tbtMs,
			CLS: cls <= 0.05,
			JS: t.jsKb === undefined || js <= t.jsKb,
		};
		if (withFloor && t.lcpVsFloor !== undefined && Number.isNaN(ratio))
			missed.push(`${pagePath}: no floor`);
		for (const [name, passed] of Object.entries(checks))
			if (!passed) missed.push(`${pagePath}: ${name}`);
		rows.push([
			pagePath,
			`${perfRuns.join(" ")} ${mark(checks.perf!)}`,
			`${m("accessibility")} ${mark(checks.a11y!)}`,
			`${m("bestPractices")} ${mark(checks["best practices"]!)}`,
			`${m("seo")} ${mark(checks.SEO!)}`,
			`${lcp.toFixed(2)} s${Number.isNaN(ratio) ? "" : ` (${ratio.toFixed(2)}x)`} ${mark(checks.LCP!)}`,
			Number.isNaN(floorLcp) ? "-" : `${floorLcp.toFixed(2)} s`,
			`${Math.round(tbt)} ms (${list.map((r) => Math.round(r.tbtMs)).join(" ")})${t.tbtMs === undefined ? "" : ` ${mark(checks.TBT!)}`}`,
			Number.isNaN(floorTbt) ? "-" : `${Math.round(floorTbt)} ms`,
			`${cls.toFixed(3)} ${mark(checks.CLS!)}`,
			`${js.toFixed(1)} KB${t.jsKb === undefined ? "" : ` ${mark(checks.JS!)}`}`,
			`${m("requests")} (${m("jsRequests")} JS)`,
		]);
	}
	const all = [header, ...rows];
	const widths = header.map((_, i) => Math.max(...all.map((r) => r[i]!.length)));
	const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
	console.log(
		`\nLighthouse 12, mobile, simulated throttling; ${runs} runs per page: each run's performance and TBT, medians otherwise\n`,
	);
	console.log(line(header));
	console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
	for (const r of rows) console.log(line(r));
	console.log(
		"\nTargets (every page also: LCP ≤ 2.0 s, signed-in screens ≤ 2.5 s cold and ≤ 1.0 s warm; CLS ≤ 0.05, a11y and SEO 100, best pr. ≥ 95):",
	);
	for (const pagePath of results.keys())
		console.log(`  ${pagePath}: ${targetText(targetsOf(pagePath))}`);
	console.log(missed.length ? `\nMissed targets: ${missed.join(", ")}` : "\nAll targets met.");
	const cpu = median([...results.values(), ...floors.values()].flat().map((r) => r.benchmarkIndex));
	console.log(
		`CPU benchmark index (Lighthouse): median ${Math.round(cpu)}; ${os.cpus().length} CPUs, load average ${os
			.loadavg()
			.map((l) => l.toFixed(1))
			.join(" ")}. Under ~1000 the machine is busy and TBT and LCP read high.`,
	);
	if (blockedFloors.length)
		console.log(
			`Floor TBT over 100 ms (${blockedFloors.join(", ")}): the machine blocks with no script at all, so this run's TBT and performance read high.`,
		);
	for (const [pagePath, list] of results) {
		// One line per audit, with each run's value.
		const byAudit = new Map<string, string[]>();
		for (const entry of list.flatMap((r) => r.failing)) {
			const [id = "", value = ""] = entry.split(": ");
			byAudit.set(id, [...(byAudit.get(id) ?? []), value]);
		}
		if (byAudit.size) console.log(`\nAudits below 0.9 on ${pagePath} (value per failing run):`);
		for (const [id, values] of byAudit) console.log(`  ${id}: ${values.join(" | ")}`);
	}
}

/** The floor's address for a page: /bench-floor/quote.html for /quote. */
const floorPath = (pagePath: string) =>
	`/${FLOOR_DIR}/${pagePath.replace(/^\/|\/$/g, "").replace(/[^a-z0-9]+/gi, "-") || "home"}.html`;

/**
 * Writes the floor pages: each page as the server sends it (business details filled in), with
 * every script and script preload taken out. Returns the pages whose floor the server serves.
 */
async function writeFloors(
	origin: string,
	pages: string[],
	/** Where a page is fetched from (a signed-in screen's seeded path) and whose cookie sends it. */
	fetched: (pagePath: string) => { url: string; cookie?: string } = (p) => ({ url: p }),
): Promise<Set<string>> {
	const dir = path.join(CLIENT_DIR, FLOOR_DIR);
	fs.mkdirSync(dir, { recursive: true });
	const served = new Set<string>();
	for (const pagePath of pages) {
		const { url, cookie } = fetched(pagePath);
		const html = await (
			await fetch(`${origin}${url}`, { headers: cookie ? { cookie } : {} })
		).text();
		const floor = html
			.replace(/<script\b[\s\S]*?<\/script>/gi, "")
			.replace(/<link rel="modulepreload"[^>]*>/gi, "");
		if (/<script|modulepreload/i.test(floor)) throw new Error(`floor of ${pagePath}: scripts left`);
		const file = path.join(CLIENT_DIR, floorPath(pagePath));
		fs.writeFileSync(file, floor);
		const res = await fetch(`${origin}${floorPath(pagePath)}`);
		if (res.ok && (await res.text()) === floor) served.add(pagePath);
		else console.warn(`  no floor for ${pagePath}: the server does not serve ${file}`);
	}
	return served;
}

/**
 * Primes a browser profile as a phone that has used the app: the session's cookie in its jar, and
 * the page visited until the service worker controls it and keeps the page (scripts/service-worker.ts)
 * with the screen it showed.
 */
async function primeProfile(profile: string, origin: string, pagePath: string, cookie = "") {
	const [{ chromium }, { keptPages, keptScreenText, serviceWorkerControls }] = await Promise.all([
		import("@playwright/test"),
		import("../tests/e2e/support/service-worker.ts"),
	]);
	const context = await chromium.launchPersistentContext(profile, {
		...chromiumLaunch,
		args: chromeFlags.filter((flag) => !flag.startsWith("--headless")),
		ignoreHTTPSErrors: true,
	});
	try {
		await context.addCookies(
			cookie
				.split("; ")
				.filter(Boolean)
				.map((pair) => {
					const at = pair.indexOf("=");
					// Kept when the browser closes, as the session cookie is (it has a Max-Age).
					const expires = Math.floor(Date.now() / 1000) + 24 * 3600;
					return { name: pair.slice(0, at), value: pair.slice(at + 1), url: origin, expires };
				}),
		);
		const page = await context.newPage();
		const url = `${origin}${pagePath}`;
		await page.goto(url);
		await serviceWorkerControls(page);
		await page.goto(url);
		/** Whether `met` came true within `ms`, asked every 200 ms. */
		const within = async (ms: number, met: () => Promise<boolean>) => {
			for (const start = Date.now(); !(await met()); ) {
				if (Date.now() - start > ms) return false;
				await new Promise((resolve) => setTimeout(resolve, 200));
			}
			return true;
		};
		if (!(await within(30_000, async () => (await keptPages(page)).includes(pagePath))))
			throw new Error(`${pagePath} was not kept`);
		// A page of the signed-in layouts keeps its screen once it shows its data (decision 050).
		if (!(await within(10_000, async () => (await keptScreenText(page, pagePath)) !== "")))
			console.warn(`  ${pagePath} kept no screen`);
		// The person has answered the browser's install offer: the installed app shows no banner,
		// and in a tab 'Later' keeps it away (decision 051).
		const later = page
			.getByRole("region", { name: /^Install / })
			.getByRole("button", { name: "Later" });
		if (await within(5_000, () => later.isVisible())) await later.click();
	} finally {
		await context.close();
	}
}

function printRun(label: string, i: number, run: Run) {
	console.log(
		`${label} run ${i}: perf ${run.performance}, LCP ${Math.round(run.lcpMs)} ms, TBT ${Math.round(run.tbtMs)} ms, CLS ${run.cls.toFixed(3)}, JS ${(run.jsGzipBytes / 1024).toFixed(1)} KB gzip in ${run.jsRequests} files, ${run.requests} requests, CPU index ${Math.round(run.benchmarkIndex)}`,
	);
}

type Role = NonNullable<ReturnType<typeof roleOf>>;

/**
 * The browser tests' realistic data (tests/e2e/support/hostile.ts) and 1,000 more customers for
 * the owner, on a server of its own; each role's session cookie, and the paths' placeholders.
 */
async function seedSignedIn() {
	const [{ seedHostileWorld }, { request }] = await Promise.all([
		import("../tests/e2e/support/hostile.ts"),
		import("@playwright/test"),
	]);
	console.log("Seeding the signed-in screens' data...");
	const world = await seedHostileWorld();
	try {
		return await fillSignedIn(world, request);
	} catch (error) {
		await world.stop();
		throw error;
	}
}

async function fillSignedIn(
	world: Awaited<ReturnType<typeof import("../tests/e2e/support/hostile.ts").seedHostileWorld>>,
	request: typeof import("@playwright/test").request,
) {
	const owner = await request.newContext({
		baseURL: world.server.url,
		storageState: world.owner.storageState,
		extraHTTPHeaders: { "x-forwarded-for": "198.18.0.1" },
	});
	const catalog = (await (await owner.get("/api/catalog")).json()) as {
		services: { id: string; hasQuantity: boolean }[];
	};
	const services = catalog.services.slice(0, 2).map((service) => ({
		serviceId: service.id,
		quantity: service.hasQuantity ? 40 : 1,
		unitPriceCents: 150_00,
	}));
	const more = Number(process.env.BENCH_CUSTOMERS ?? 1000);
	let next = 0;
	await Promise.all(
		Array.from({ length: 4 }, async () => {
			for (let i = next++; i < more; i = next++) {
				const r = await owner.post("/api/owner/customers", {
					multipart: {
						data: JSON.stringify({
							name: `Customer ${i + 1} of Stark County`,
							email: `bench-customer-${i + 1}@example.test`,
							password: "bright-lights-2024",
							phone: `330-555-${String(i).padStart(4, "0")}`,
							address: `${100 + i} Market Ave N`,
							city: i % 2 ? "Canton" : "Akron",
							state: "OH",
							zipCode: i % 2 ? "44702" : "44308",
							services,
						}),
					},
				});
				if (!r.ok()) throw new Error(`add customer ${i}: ${r.status()} ${await r.text()}`);
			}
		}),
	);
	// A crew day of up to eight stops (its capacity): the customer with every badge and others.
	type Calendar = {
		seasons: string[];
		windows: {
			id: string;
			kind: string;
			days: { day: string; capacity: number; closed: boolean }[];
		}[];
	};
	const today = new Date().toISOString().slice(0, 10);
	const calendar = (await (await owner.get("/api/owner/schedule")).json()) as Calendar;
	const window = calendar.windows.find(
		(w) => w.kind === "install" && w.days.some((d) => d.day > today),
	);
	const installDay = window?.days.find((d) => d.day > today && !d.closed && d.capacity > 0);
	if (!window || !installDay) throw new Error("Seeding: no install day with room");
	const { customers } = (await (
		await owner.get("/api/owner/customers?q=bench-customer")
	).json()) as { customers: { id: string }[] };
	for (const customerId of [
		world.hostile.customerId,
		...customers.slice(0, 7).map((c) => c.id),
	].slice(0, installDay.capacity)) {
		const r = await owner.post("/api/owner/bookings", {
			data: { customerId, windowId: window.id, day: installDay.day },
		});
		if (r.status() !== 201) throw new Error(`booking: ${r.status()} ${await r.text()}`);
	}
	await owner.dispose();
	const crew = await request.newContext({
		baseURL: world.server.url,
		storageState: world.crew.storageState,
	});
	const { days } = (await (await crew.get("/api/crew/days")).json()) as { days: { day: string }[] };
	await crew.dispose();
	const cookieOf = (state: { cookies: { name: string; value: string }[] }) =>
		state.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
	const cookies: Record<Role, string> = {
		owner: cookieOf(world.owner.storageState),
		customer: cookieOf(world.hostile.storageState),
		crew: cookieOf(world.crew.storageState),
	};
	const day = days[0]?.day;
	if (!day) throw new Error("Seeding: the crew has no day");
	return {
		url: world.server.url,
		cookies,
		fill: (pagePath: string) =>
			pagePath
				.replace("{customer}", world.hostile.customerId)
				.replace("{bill}", world.hostile.pendingBillId)
				.replace("{bin}", world.hostile.binCode)
				.replace("{day}", day),
		stop: () => world.stop(),
	};
}

const external = process.env.BENCH_URL?.replace(/\/$/, "");
if (!external && process.env.BENCH_SKIP_BUILD !== "1") {
	console.log("Building (BENCH_SKIP_BUILD=1 skips this)...");
	const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
	if (build.status !== 0) process.exit(build.status ?? 1);
}
if (!fs.existsSync("build/app-server/index.js")) throw new Error("No build: run npm run build");

const publicPages = pages.filter((p) => !roleOf(p));
const signedInPages = pages.filter((p) => roleOf(p));
const server =
	external || !publicPages.length ? { url: external, stop: async () => {} } : await startServer();
const signedIn = signedInPages.length ? await seedSignedIn() : undefined;
/** Each server's address as the browser reaches it: through an HTTPS front unless BENCH_HTTP1=1. */
const fronts = new Map<string, Awaited<ReturnType<typeof startHttpsFront>>>();
for (const url of [server.url, signedIn?.url])
	if (url && overHttps && !external) fronts.set(url, await startHttpsFront(url));
const reached = (url: string | undefined) => (url ? (fronts.get(url)?.url ?? url) : url);
console.log(
	overHttps && !external
		? "Measuring through an HTTPS front with HTTP/2, as deployed (BENCH_HTTP1=1: straight to the server)."
		: "Measuring straight to the server, over HTTP/1.1.",
);
const results = new Map<string, Run[]>();
const floors = new Map<string, Run[]>();
try {
	const floored = new Set([
		...(withFloor && server.url ? await writeFloors(server.url, publicPages) : []),
		...(withFloor && signedIn
			? await writeFloors(signedIn.url, signedInPages, (p) => ({
					url: signedIn.fill(p),
					cookie: signedIn.cookies[roleOf(p)!],
				}))
			: []),
	]);
	for (const pagePath of pages) {
		const list: Run[] = [];
		const floorList: Run[] = [];
		const role = roleOf(pagePath);
		const origin = reached(role ? signedIn?.url : server.url) ?? "";
		const target = role && signedIn ? signedIn.fill(pagePath) : pagePath;
		const coldRuns = role && !withCold ? 0 : runs;
		for (let i = 1; i <= coldRuns; i++) {
			const run = await withRetries(() =>
				audit(origin, target, role ? signedIn?.cookies[role] : undefined),
			);
			printRun(pagePath, i, run);
			list.push(run);
			if (!floored.has(pagePath)) continue;
			const floor = await withRetries(() => audit(origin, floorPath(pagePath)));
			printRun(`  floor of ${pagePath}`, i, floor);
			floorList.push(floor);
		}
		if (list.length) results.set(pagePath, list);
		if (floorList.length) floors.set(pagePath, floorList);
		if (!role || !withWarm) continue;
		const warmList: Run[] = [];
		const appliedList: Run[] = [];
		for (let i = 1; i <= runs; i++) {
			const profile = fs.mkdtempSync(path.join(os.tmpdir(), "bench-web-profile-"));
			try {
				await withRetries(() => primeProfile(profile, origin, target, signedIn?.cookies[role]));
				const run = await withRetries(() => audit(origin, target, undefined, profile));
				printRun(`${pagePath}${WARM}`, i, run);
				warmList.push(run);
				const applied = await withRetries(() => audit(origin, target, undefined, profile, true));
				printRun(`${pagePath}${WARM_APPLIED}`, i, applied);
				appliedList.push(applied);
			} finally {
				fs.rmSync(profile, { recursive: true, force: true });
			}
		}
		results.set(`${pagePath}${WARM}`, warmList);
		results.set(`${pagePath}${WARM_APPLIED}`, appliedList);
	}
} finally {
	fs.rmSync(path.join(CLIENT_DIR, FLOOR_DIR), { recursive: true, force: true });
	for (const front of fronts.values()) await front.stop();
	await server.stop();
	await signedIn?.stop();
}
printTable(results, floors);
