/**
 * The public pages that hydrate from an entry of their own, without React Router (decisions 006
 * and 018): the home page, the quote page and the contact page. In the production build a Vite
 * plugin makes each entry an entry of the client build, beside React Router's entry and route
 * modules, so the chunks they share (React, the public header and footer...) are the same files;
 * it notes each entry's script and the chunks it imports, and react-router.config.ts adds them to
 * the prerendered page.
 *
 * The plugin also keeps the first load of these pages what their budget allows: nothing an entry
 * imports statically (what loads before the visitor touches the page) may come from React Router,
 * zod or sonner (validation and toasts load on the first interaction), nor from the customer or
 * owner app.
 */
import fs from "node:fs";
import path from "node:path";
import type { Plugin, Rollup } from "vite";

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/** Page path -> its entry. Each page's route sets `handle.ownEntry` (src/web/lib/route-handle.ts). */
export const PAGE_ENTRIES: Readonly<Record<string, string>> = {
	"/": "src/web/home-entry.tsx",
	"/quote": "src/web/quote-entry.tsx",
	"/contact": "src/web/contact-entry.tsx",
};

/** Modules that must not load with these pages before the visitor interacts. */
const NOT_IN_FIRST_LOAD: [RegExp, string][] = [
	[/node_modules\/(react-router|@react-router\/[^/]+)\//, "React Router"],
	[/node_modules\/zod\//, "zod (validation loads on the first interaction)"],
	[/node_modules\/sonner\//, "sonner (toasts load on the first interaction)"],
	[/\/src\/web\/routes\/(app|owner)\//, "the customer or owner app"],
];

/** Written by the client build, read once the pages are prerendered. */
const RECORD_FILE = "build/page-entries.json";

export interface PageEntryRecord {
	/** URL of the entry's script. */
	script: string;
	/** URLs of the chunks it imports, for preloading. */
	imports: string[];
}

/** The chunks a chunk imports statically, transitively, itself included. */
function firstLoad(start: OutputChunk, bundle: OutputBundle): OutputChunk[] {
	const seen = new Map<string, OutputChunk>();
	const stack = [start];
	while (stack.length) {
		const chunk = stack.pop()!;
		if (seen.has(chunk.fileName)) continue;
		seen.set(chunk.fileName, chunk);
		for (const file of chunk.imports) {
			const next = bundle[file];
			if (next?.type === "chunk") stack.push(next);
		}
	}
	return [...seen.values()];
}

export function pageEntriesPlugin(): Plugin {
	return {
		name: "page-entries",
		apply: "build",
		buildStart() {
			if (this.environment.name !== "client") return;
			for (const file of Object.values(PAGE_ENTRIES))
				this.emitFile({ type: "chunk", id: path.resolve(file), name: path.basename(file, ".tsx") });
		},
		generateBundle(_options, bundle) {
			if (this.environment.name !== "client") return;
			const record: Record<string, PageEntryRecord> = {};
			for (const [page, file] of Object.entries(PAGE_ENTRIES)) {
				const chunk = Object.values(bundle).find(
					(c): c is OutputChunk => c.type === "chunk" && c.facadeModuleId === path.resolve(file),
				);
				if (!chunk) throw new Error(`${file}: not in the client build`);
				for (const loaded of firstLoad(chunk, bundle))
					for (const id of Object.keys(loaded.modules))
						for (const [pattern, what] of NOT_IN_FIRST_LOAD)
							if (pattern.test(id))
								throw new Error(`${page} would load ${what} before any interaction: ${id}`);
				record[page] = {
					script: `/${chunk.fileName}`,
					imports: chunk.imports.map((f) => `/${f}`),
				};
			}
			fs.mkdirSync(path.dirname(RECORD_FILE), { recursive: true });
			fs.writeFileSync(RECORD_FILE, JSON.stringify(record));
		},
	};
}

/** What the client build noted; the note is removed, as nothing else needs it. */
export function takePageEntryRecord(): Record<string, PageEntryRecord> {
	if (!fs.existsSync(RECORD_FILE)) throw new Error(`page entries: ${RECORD_FILE} is missing`);
	const record = JSON.parse(fs.readFileSync(RECORD_FILE, "utf8")) as Record<
		string,
		PageEntryRecord
	>;
	fs.rmSync(RECORD_FILE);
	return record;
}
