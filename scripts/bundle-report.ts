/**
 * `npm run build:report`: the client build's weight, gzipped, by chunk and by the package or folder
 * each chunk's code comes from, written to build/bundle-report.txt. For each page it lists what the
 * page's scripts import statically (what must load for it to hydrate) and, apart, what they import
 * dynamically (loaded later: on the first interaction, or by the page's own code), so a library
 * that lands in a public page's first load shows at once. What a page really loads, as the browser
 * sees it, is measured by `npm run bench:web`.
 *
 * A Vite plugin, active only when BUNDLE_REPORT=1 (vite.config.ts). Chunk sizes are the built files
 * gzipped (level 6), as `npm run bench:web` counts them. A chunk's size is shared out among the
 * packages and folders its code comes from in proportion to their code gzipped apart before
 * minification: close, not exact.
 *
 * Then every route of src/web/routes.ts as React Router loads it (its entry, the root, its layouts
 * and its module), with the JavaScript it loads before the visitor does anything beside its budget.
 * The build fails when a route passes its budget, or when zod comes with a page's first scripts
 * (a schema used outside `lazySchema`, decision 045). The browser tests' build makes this report,
 * so CI checks both.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { Plugin } from "vite";
import appRoutes from "../src/web/routes.ts";

const REPORT_FILE = "build/bundle-report.txt";
/** The most JavaScript (gzip) a route may load before the visitor does anything, in KB. */
const ROUTE_BUDGET_KB = 150;
/**
 * The routes that load more today, each held to what it loads now (KB, rounded up, with 2 KB to
 * spare) so that none grows while the budget is out of reach: React DOM and React Router alone
 * are 106 KB, TanStack Query and tailwind-merge 21 KB more (decision 045); the signed-in routes
 * fit only on a router of a few KB (decision 052). Lower a figure when a route gets lighter; a
 * route that fits the budget leaves this list.
 */
const ROUTE_CEILINGS_KB: Readonly<Record<string, number>> = {
	"/owner/customer/:id/labels": 154,
	"/auth/confirm-email": 157,
	"/crew": 157,
	"/bins/:code": 163,
	"/auth/reset-password": 164,
	"/crew/scan": 168,
	"/quote": 169,
	"/crew/day/:date": 175,
	"/auth": 180,
	"/app/payments/checkout/:billId": 182,
	"/owner/quotes": 182,
	"/app/booking": 183,
	"/app/profile": 184,
	"/owner/scan": 184,
	"/app/payments": 187,
	"/owner/schedule": 187,
	"/app/quote-request": 190,
	"/owner/requests": 190,
	"/owner/chat": 191,
	"/owner/settings": 192,
	"/app/requests": 196,
	"/owner": 200,
	"/app": 201,
	"/owner/customer/:id": 206,
};
const budgetOf = (route: string) => (ROUTE_CEILINGS_KB[route] ?? ROUTE_BUDGET_KB) * 1024;

interface ChunkInfo {
	file: string;
	gzip: number;
	imports: string[];
	dynamicImports: string[];
	/** Gzip bytes by where the code comes from (an npm package, or a folder of ours). */
	sources: Map<string, number>;
	facade: string | null;
}

const gzip = (text: string) => zlib.gzipSync(text, { level: 6 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1).padStart(6)} KB`;

/** "react-dom", "@tanstack/query-core", "src/web/features/quotes"... */
function sourceOf(id: string): string {
	const clean = id.replace(/^\0/, "").replace(/\?.*$/, "");
	const nm = clean.lastIndexOf("node_modules/");
	if (nm >= 0) {
		const parts = clean.slice(nm + "node_modules/".length).split("/");
		return parts[0]?.startsWith("@") ? `${parts[0]}/${parts[1]}` : (parts[0] ?? clean);
	}
	const rel = path.relative(process.cwd(), clean);
	if (rel.startsWith("..") || path.isAbsolute(rel)) return clean;
	const dir = path.dirname(rel).split(path.sep);
	// src/web/features/quotes/components -> src/web/features/quotes
	return dir.slice(0, dir[2] === "features" || dir[2] === "routes" ? 4 : 3).join("/");
}

/** Chunks a set of chunks imports statically, transitively, themselves included. */
function staticClosure(start: string[], chunks: Map<string, ChunkInfo>): Set<string> {
	const seen = new Set<string>();
	const stack = [...start];
	while (stack.length) {
		const file = stack.pop()!;
		if (seen.has(file)) continue;
		seen.add(file);
		stack.push(...(chunks.get(file)?.imports ?? []));
	}
	return seen;
}

function summarize(title: string, files: Set<string>, chunks: Map<string, ChunkInfo>): string[] {
	const list = [...files].map((f) => chunks.get(f)).filter((c): c is ChunkInfo => !!c);
	const total = list.reduce((a, c) => a + c.gzip, 0);
	const bySource = new Map<string, number>();
	for (const c of list)
		for (const [source, bytes] of c.sources)
			bySource.set(source, (bySource.get(source) ?? 0) + bytes);
	const lines = [`${title}: ${list.length} scripts, ${kb(total).trim()} gzip`];
	for (const [source, bytes] of [...bySource].sort((a, b) => b[1] - a[1]))
		if (bytes >= 200) lines.push(`  ${kb(bytes)}  ${source}`);
	return lines;
}

/** Whether a set of chunks holds any of zod's code. */
const carriesZod = (files: Set<string>, chunks: Map<string, ChunkInfo>) =>
	[...files].some((f) => (chunks.get(f)?.sources.get("zod") ?? 0) > 0);

export function bundleReportPlugin(): Plugin {
	return {
		name: "bundle-report",
		apply: () => process.env.BUNDLE_REPORT === "1",
		generateBundle(_options, bundle) {
			if (this.environment.name !== "client") return;
			const chunks = new Map<string, ChunkInfo>();
			for (const out of Object.values(bundle)) {
				if (out.type !== "chunk") continue;
				const raw = new Map<string, number>();
				for (const [id, mod] of Object.entries(out.modules)) {
					if (!mod.code) continue;
					const source = sourceOf(id);
					raw.set(source, (raw.get(source) ?? 0) + gzip(mod.code));
				}
				// Module code is not minified yet here: share the chunk's real gzip size out in
				// proportion, so the sources add up to the chunk.
				const chunkGzip = gzip(out.code);
				const rawTotal = [...raw.values()].reduce((a, b) => a + b, 0) || 1;
				const sources = new Map(
					[...raw].map(([source, bytes]) => [source, (chunkGzip * bytes) / rawTotal]),
				);
				chunks.set(out.fileName, {
					file: out.fileName,
					gzip: chunkGzip,
					imports: out.imports,
					dynamicImports: out.dynamicImports,
					sources,
					facade: out.facadeModuleId
						? path.relative(process.cwd(), out.facadeModuleId.replace(/\?.*$/, ""))
						: null,
				});
			}
			const byFacade = (suffix: string) =>
				[...chunks.values()].find((c) => c.facade?.endsWith(suffix))?.file;
			const routerEntry = byFacade("entry.client.tsx") ?? byFacade("entry.client.jsx");
			const root = byFacade("src/web/root.tsx");

			const out: string[] = [
				"Client bundle report (gzip level 6). Generated by BUNDLE_REPORT=1 (npm run build:report).",
				"",
			];
			const pages: [string, string[]][] = [];
			// Pages hydrated by an entry of their own (src/web/*-entry.tsx), without React Router.
			for (const c of chunks.values())
				if (c.facade && /^src\/web\/[a-z-]+-entry\.tsx$/.test(c.facade))
					pages.push([`${c.facade} (own entry)`, [c.file]]);
			// The same pages and others as React Router hydrates them (on the development server,
			// and when the visitor arrives from a page that React Router runs).
			for (const route of ["home", "quote", "contact", "privacy"]) {
				const file = byFacade(`src/web/routes/public/${route}.tsx`);
				if (file && routerEntry && root)
					pages.push([`routes/public/${route}.tsx (React Router)`, [routerEntry, root, file]]);
			}
			// Every route of the app, as React Router loads it: its entry, the root, the layouts
			// around the route and the route's own module.
			const routeChains: [string, string[]][] = [];
			const walk = (entries: RouteConfigEntry[], parents: string[]) => {
				for (const entry of entries) {
					const chain = [...parents, entry.file];
					if (entry.children?.length) walk(entry.children, chain);
					else routeChains.push([entry.path ?? "/", chain]);
				}
			};
			walk(appRoutes, []);
			const routeFigures: { route: string; gzip: number }[] = [];
			/** Pages whose first scripts carry zod. */
			const withZod: string[] = [];
			const routeDetails: string[] = [];
			for (const [routePath, files] of routeChains) {
				const modules = files.map((f) => byFacade(`src/web/${f}`));
				if (!routerEntry || !root || modules.some((m) => !m)) continue;
				const before = staticClosure([routerEntry, root, ...(modules as string[])], chunks);
				const gzipBytes = [...before].reduce((a, f) => a + (chunks.get(f)?.gzip ?? 0), 0);
				const route = `/${routePath.replace(/^\//, "")}`;
				routeFigures.push({ route, gzip: gzipBytes });
				if (carriesZod(before, chunks)) withZod.push(route);
				routeDetails.push(...summarize(`${route}, static imports`, before, chunks), "");
			}

			for (const [page, start] of pages) {
				const before = staticClosure(start, chunks);
				if (carriesZod(before, chunks)) withZod.push(page);
				const dynamic = new Set<string>();
				for (const f of before) for (const d of chunks.get(f)?.dynamicImports ?? []) dynamic.add(d);
				const later = new Set<string>();
				for (const f of staticClosure([...dynamic], chunks)) if (!before.has(f)) later.add(f);
				out.push(...summarize(`${page}, static imports`, before, chunks));
				out.push(...summarize(`${page}, loaded on demand (dynamic imports)`, later, chunks), "");
			}
			out.push(
				`Every route as React Router loads it: scripts before interaction, gzip (budget ${ROUTE_BUDGET_KB} KB; the routes over it held to their own ceiling)`,
			);
			for (const { route, gzip: bytes } of routeFigures) {
				const budget = budgetOf(route);
				const mark = bytes > budget ? "  OVER ITS BUDGET" : "";
				out.push(`${kb(bytes)}  ${route}  (budget ${kb(budget).trim()})${mark}`);
			}
			out.push("", ...routeDetails);
			out.push("All chunks, largest first:");
			for (const c of [...chunks.values()].sort((a, b) => b.gzip - a.gzip)) {
				const top = [...c.sources]
					.sort((a, b) => b[1] - a[1])
					.slice(0, 3)
					.map(([s, b]) => `${s} ${(b / 1024).toFixed(1)}`)
					.join(", ");
				out.push(`${kb(c.gzip)}  ${c.file}  (${top})`);
			}
			fs.mkdirSync(path.dirname(REPORT_FILE), { recursive: true });
			fs.writeFileSync(REPORT_FILE, `${out.join("\n")}\n`);
			console.log(`Bundle report: ${REPORT_FILE}`);
			if (routeFigures.length !== routeChains.length)
				this.error("The bundle report could not find every route's module");
			const over = routeFigures.filter((r) => r.gzip > budgetOf(r.route));
			const problems = [
				...over.map(
					(r) => `${r.route} loads ${kb(r.gzip).trim()}, over its ${kb(budgetOf(r.route)).trim()}`,
				),
				...withZod.map((page) => `${page} loads zod with its first scripts: use lazySchema`),
			];
			const stale = Object.entries(ROUTE_CEILINGS_KB).filter(
				([route]) =>
					!routeFigures.some((r) => r.route === route && r.gzip > ROUTE_BUDGET_KB * 1024),
			);
			if (stale.length)
				console.log(
					`Within ${ROUTE_BUDGET_KB} KB now, to take off ROUTE_CEILINGS_KB: ${stale.map(([r]) => r).join(", ")}`,
				);
			if (problems.length) this.error(`Bundle budget (${REPORT_FILE}):\n${problems.join("\n")}`);
		},
	};
}
