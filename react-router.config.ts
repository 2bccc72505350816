import fs from "node:fs";
import path from "node:path";
import type { Config } from "@react-router/dev/config";
import { type PageEntryRecord, takePageEntryRecord } from "./scripts/page-entries.ts";

/** Public pages, rendered to HTML at build time. */
const PRERENDERED = ["/", "/quote", "/contact", "/privacy", "/terms", "/refunds", "/offline"];

/**
 * Calls `load` once the page has shown its content: on the first contentful paint where the
 * browser reports it, else after the first animation frame. A frame can come before the first
 * paint, so waiting for a frame alone sometimes started the scripts before the page showed.
 */
const AFTER_FIRST_PAINT = `function(load){var P=window.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0){new P(function(list,observer){if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();setTimeout(load)}}).observe({type:"paint",buffered:true})}else requestAnimationFrame(function(){setTimeout(load)})}`;

/**
 * Prerendered public pages preload their scripts only once the page has painted. React Router
 * puts a preload for each of them (130 to 200 KB a page) at the top of the page, where
 * they compete with the page's own HTML on a slow connection and hold up its first paint; the page
 * shows from its HTML and stylesheet alone. A small script adds the same preloads back once the
 * page has painted, so the scripts still load side by side and hydrate the page soon after. The
 * single-page-app shell keeps them as they are: it shows nothing until its scripts run.
 *
 * The home, quote and contact pages are prerendered without React Router's scripts (root.tsx) and
 * hydrated by entries of their own (scripts/page-entries.ts): the same small script adds the page's
 * entry once the page has painted, with preloads for the chunks it imports. A script tag in the
 * HTML would be fetched at once, and could run and hydrate before the first paint.
 */
function loadScriptsAfterPaint(clientDir: string, pageEntries: Record<string, PageEntryRecord>) {
	for (const page of PRERENDERED) {
		const file = path.join(clientDir, page, "index.html");
		const html = fs.readFileSync(file, "utf8");
		const hrefs: string[] = [];
		const stripped = html.replace(/<link rel="modulepreload" href="([^"]+)"\/>/g, (_, href) => {
			hrefs.push(href);
			return "";
		});
		const pageEntry = pageEntries[page];
		let entry = "";
		if (pageEntry) {
			if (hrefs.length || html.includes("__reactRouterContext"))
				throw new Error(`${file}: React Router's scripts are on a page with an entry of its own`);
			entry = `var s=document.createElement("script");s.type="module";s.src=${JSON.stringify(pageEntry.script)};document.head.appendChild(s);`;
			hrefs.push(...pageEntry.imports);
		}
		if (!hrefs.length || stripped.includes("modulepreload"))
			throw new Error(`${file}: script preloads not in the expected form`);
		const load = `function(){${entry}${JSON.stringify(hrefs)}.forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.appendChild(l)})}`;
		const script = `<script>(${AFTER_FIRST_PAINT})(${load})</script>`;
		if (!stripped.includes("</body>")) throw new Error(`${file}: no </body>`);
		fs.writeFileSync(file, stripped.replace("</body>", `${script}</body>`));
	}
}

export default {
	appDirectory: "src/web",
	buildDirectory: "build",
	ssr: false,
	// Public pages are rendered to HTML at build time; the app areas load as a single-page app.
	prerender: PRERENDERED,
	// After prerendering, so the service worker precaches the pages' final HTML
	// (scripts/service-worker.ts); then every text file is compressed once (scripts/precompress.ts).
	async buildEnd({ reactRouterConfig }) {
		const clientDir = `${reactRouterConfig.buildDirectory}/client`;
		loadScriptsAfterPaint(clientDir, takePageEntryRecord());
		const { writeServiceWorker } = await import("./scripts/service-worker.ts");
		const { precached, bytes, pages } = await writeServiceWorker(clientDir);
		console.log(
			`Service worker: build/client/sw.js precaches ${precached} files (${Math.round(bytes / 1024)} KB), pages ${pages.join(" ")}`,
		);
		const { precompress } = await import("./scripts/precompress.ts");
		const compressed = precompress(clientDir);
		console.log(
			`Precompressed ${compressed.files} files: ${Math.round(compressed.bytes / 1024)} KB, ${Math.round(compressed.brotli / 1024)} KB as Brotli`,
		);
	},
} satisfies Config;
