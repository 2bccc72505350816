import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot } from "./project-root.ts";

/** Every place the server reads through the read cache, with the key it reads. */
function cacheReads() {
	const root = path.join(projectRoot, "src", "server");
	const reads: { where: string; key: string }[] = [];
	for (const file of fs.readdirSync(root, { recursive: true, encoding: "utf8" })) {
		if (!file.endsWith(".ts") || file.endsWith(".test.ts")) continue;
		// The cache itself and the JSON helper pass on their caller's key.
		if (file === path.join("lib", "read-cache.ts") || file === path.join("lib", "router.ts"))
			continue;
		const text = fs.readFileSync(path.join(root, file), "utf8");
		for (const match of text.matchAll(/(?:readCache\.read|cachedJson)\(\s*(?:c,\s*)?([^,]+),/g)) {
			const line = text.slice(0, match.index).split("\n").length;
			reads.push({ where: `${file}:${line}`, key: match[1]!.trim() });
		}
	}
	return reads;
}

describe("read cache keys", () => {
	const reads = cacheReads();

	it("are found where the cache is read", () => {
		expect(reads.length).toBeGreaterThan(10);
	});

	it("are written out where they are read, so each one's owner can be seen", () => {
		for (const { where, key } of reads) expect(key, where).toMatch(/^["`]/);
	});

	it("each have one owner: no two reads share a key's name, whatever they store", () => {
		const owners = new Map<string, string[]>();
		for (const { where, key } of reads) {
			const name = key.slice(1).split(/[:"`$]/)[0]!;
			owners.set(name, [...(owners.get(name) ?? []), where]);
		}
		const shared = [...owners].filter(([, places]) => places.length > 1);
		expect(shared).toEqual([]);
	});
});
