// Bundles the Node server into build/app-server/index.js (dependencies stay in node_modules).
import { build } from "esbuild";

await build({
	entryPoints: ["src/server/index.ts"],
	outfile: "build/app-server/index.js",
	bundle: true,
	platform: "node",
	format: "esm",
	target: "node20",
	packages: "external",
	sourcemap: true,
	logLevel: "warning",
});
