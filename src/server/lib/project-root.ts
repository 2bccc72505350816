import fs from "node:fs";
import path from "node:path";

/** The folder holding package.json, found from this module whether run from src/ or build/. */
function findProjectRoot(start: string): string {
	let dir = start;
	while (!fs.existsSync(path.join(dir, "package.json"))) {
		const parent = path.dirname(dir);
		if (parent === dir) return process.cwd();
		dir = parent;
	}
	return dir;
}

export const projectRoot = findProjectRoot(import.meta.dirname);
