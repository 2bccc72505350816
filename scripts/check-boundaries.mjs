// Keeps the layers apart: web never imports server code, shared imports neither.
import fs from "node:fs";
import path from "node:path";

const rules = [
	{ from: "src/web", forbidden: ["src/server"] },
	{ from: "src/shared", forbidden: ["src/server", "src/web"] },
];
const importRe =
	/(?:import|export)\s[^'"]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;
const problems = [];

function* walk(dir) {
	for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
		const full = path.join(dir, entry.name);
		if (entry.isDirectory()) yield* walk(full);
		else if (/\.(ts|tsx)$/.test(entry.name)) yield full;
	}
}

for (const rule of rules) {
	for (const file of walk(rule.from)) {
		const source = fs.readFileSync(file, "utf8");
		for (const match of source.matchAll(importRe)) {
			const spec = match[1] ?? match[2];
			if (!spec?.startsWith(".")) continue;
			const target = path.relative(".", path.resolve(path.dirname(file), spec));
			if (rule.forbidden.some((f) => target === f || target.startsWith(`${f}/`))) {
				problems.push(`${file} imports ${spec}`);
			}
		}
		if (
			/from\s+["'](pg|drizzle-orm|better-auth|nodemailer)["']/.test(source) &&
			rule.from === "src/web"
		) {
			problems.push(`${file} imports a server-only package`);
		}
	}
}
if (problems.length) {
	console.error(`Import boundaries broken:\n  ${problems.join("\n  ")}`);
	process.exit(1);
}
console.log("Import boundaries: ok");
