// `npm run bench:web`: Lighthouse 12 on the production build's public pages.
// Builds (unless BENCH_SKIP_BUILD=1), starts build/app-server on a free port with a throwaway
// DATA_DIR, runs Lighthouse (mobile emulation, simulated throttling: its defaults) BENCH_RUNS times
// (default 3) on each page, and prints the medians beside the targets.
// Env: CHROME_PATH (default /usr/bin/chromium), BENCH_SKIP_BUILD, BENCH_RUNS, BENCH_PAGES
// (comma-separated paths, default "/,/quote,/contact"), BENCH_VERBOSE=1 (lists each page's scripts),
// BENCH_URL (measure a server that is already running there: no build, no server start),
// BENCH_REPORT_DIR (writes each run's Lighthouse JSON there, for the LCP element and the trace).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromiumLaunch } from "../playwright.config.ts";
import { startServer } from "../tests/e2e/support/server.ts";

const CLIENT_DIR = "build/client";
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const runs = Number(process.env.BENCH_RUNS ?? 3);
const pages = (process.env.BENCH_PAGES ?? "/,/quote,/contact").split(",").filter(Boolean);
const chromeFlags = ["--headless=new", ...chromiumLaunch.args];

interface Run {
	performance: number;
	accessibility: number;
	bestPractices: number;
	seo: number;
	lcpMs: number;
	tbtMs: number;
	cls: number;
	jsGzipBytes: number;
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

async function audit(origin: string, pagePath: string): Promise<Run> {
	const chrome = await chromeLauncher.launch({ chromePath, chromeFlags, logLevel: "silent" });
	try {
		const result = await lighthouse(`${origin}${pagePath}`, {
			port: chrome.port,
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
		}
		const items = ((audits["network-requests"]?.details as { items?: unknown[] } | undefined)
			?.items ?? []) as {
			url: string;
			resourceType?: string;
			transferSize?: number;
			sessionTargetType?: string;
		}[];
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

function printTable(results: Map<string, Run[]>) {
	const header = ["page", "perf", "a11y", "best pr.", "SEO", "LCP", "TBT", "CLS", "JS gzip"];
	const targets = ["target", "≥95", "100", "≥95", "100", "≤2.0 s", "-", "≤0.05", "≤120 KB on /"];
	const rows: string[][] = [];
	const missed: string[] = [];
	for (const [pagePath, list] of results) {
		const m = (k: keyof Omit<Run, "failing" | "benchmarkIndex">) => median(list.map((r) => r[k]));
		const perf = m("performance");
		const a11y = m("accessibility");
		const bp = m("bestPractices");
		const seo = m("seo");
		const lcp = m("lcpMs") / 1000;
		const cls = m("cls");
		const js = m("jsGzipBytes") / 1024;
		const checks: [string, boolean][] = [
			["perf", perf >= 95],
			["a11y", a11y === 100],
			["best practices", bp >= 95],
			["SEO", seo === 100],
			["LCP", lcp <= 2.0],
			["CLS", cls <= 0.05],
			...(pagePath === "/" ? ([["JS", js <= 120]] as [string, boolean][]) : []),
		];
		const ok = Object.fromEntries(checks);
		for (const [name, passed] of checks) if (!passed) missed.push(`${pagePath}: ${name}`);
		rows.push([
			pagePath,
			`${perf} ${mark(ok.perf!)}`,
			`${a11y} ${mark(ok.a11y!)}`,
			`${bp} ${mark(ok["best practices"]!)}`,
			`${seo} ${mark(ok.SEO!)}`,
			`${lcp.toFixed(2)} s ${mark(ok.LCP!)}`,
			`${Math.round(m("tbtMs"))} ms`,
			`${cls.toFixed(3)} ${mark(ok.CLS!)}`,
			`${js.toFixed(1)} KB${pagePath === "/" ? ` ${mark(ok.JS!)}` : ""}`,
		]);
	}
	const all = [header, targets, ...rows];
	const widths = header.map((_, i) => Math.max(...all.map((r) => r[i]!.length)));
	const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
	console.log(`\nLighthouse 12, mobile, simulated throttling; median of ${runs} runs per page\n`);
	console.log(line(header));
	console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
	for (const r of all.slice(1)) console.log(line(r));
	console.log(missed.length ? `\nMissed targets: ${missed.join(", ")}` : "\nAll targets met.");
	const cpu = median([...results.values()].flat().map((r) => r.benchmarkIndex));
	console.log(
		`CPU benchmark index (Lighthouse): median ${Math.round(cpu)}; ${os.cpus().length} CPUs, load average ${os
			.loadavg()
			.map((l) => l.toFixed(1))
			.join(" ")}. Under ~1000 the machine is busy and TBT and LCP read high.`,
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

const external = process.env.BENCH_URL?.replace(/\/$/, "");
if (!external && process.env.BENCH_SKIP_BUILD !== "1") {
	console.log("Building (BENCH_SKIP_BUILD=1 skips this)...");
	const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
	if (build.status !== 0) process.exit(build.status ?? 1);
}
if (!fs.existsSync("build/app-server/index.js")) throw new Error("No build: run npm run build");

const server = external ? { url: external, stop: async () => {} } : await startServer();
const results = new Map<string, Run[]>();
try {
	for (const pagePath of pages) {
		const list: Run[] = [];
		for (let i = 1; i <= runs; i++) {
			const run = await withRetries(() => audit(server.url, pagePath));
			console.log(
				`${pagePath} run ${i}: perf ${run.performance}, LCP ${Math.round(run.lcpMs)} ms, TBT ${Math.round(run.tbtMs)} ms, CLS ${run.cls.toFixed(3)}, JS ${(run.jsGzipBytes / 1024).toFixed(1)} KB gzip`,
			);
			list.push(run);
		}
		results.set(pagePath, list);
	}
} finally {
	await server.stop();
}
printTable(results);
