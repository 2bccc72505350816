/**
 * The home page's own entry (src/web/home-entry.tsx) in the production build: a Vite plugin makes it
 * an entry of the client build, beside React Router's entry and route modules, so the chunks they
 * share (React, the public header and footer...) are the same files; it notes the entry's script and
 * the chunks it imports, and react-router.config.ts adds them to the prerendered home page.
 */
import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

const HOME_ENTRY = path.resolve("src/web/home-entry.tsx");

/** Written by the client build, read once the pages are prerendered. */
const RECORD_FILE = "build/home-entry.json";

export interface HomeEntryRecord {
	/** URL of the entry's script. */
	script: string;
	/** URLs of the chunks it imports, for preloading. */
	imports: string[];
}

export function homeEntryPlugin(): Plugin {
	return {
		name: "home-entry",
		apply: "build",
		buildStart() {
			if (this.environment.name === "client")
				this.emitFile({ type: "chunk", id: HOME_ENTRY, name: "home-entry" });
		},
		generateBundle(_options, bundle) {
			if (this.environment.name !== "client") return;
			const chunk = Object.values(bundle).find(
				(c) => c.type === "chunk" && c.facadeModuleId === HOME_ENTRY,
			);
			if (chunk?.type !== "chunk") throw new Error("home entry: not in the client build");
			const record: HomeEntryRecord = {
				script: `/${chunk.fileName}`,
				imports: chunk.imports.map((file) => `/${file}`),
			};
			fs.mkdirSync(path.dirname(RECORD_FILE), { recursive: true });
			fs.writeFileSync(RECORD_FILE, JSON.stringify(record));
		},
	};
}

/** What the client build noted; the note is removed, as nothing else needs it. */
export function takeHomeEntryRecord(): HomeEntryRecord {
	if (!fs.existsSync(RECORD_FILE)) throw new Error(`home entry: ${RECORD_FILE} is missing`);
	const record = JSON.parse(fs.readFileSync(RECORD_FILE, "utf8")) as HomeEntryRecord;
	fs.rmSync(RECORD_FILE);
	return record;
}
