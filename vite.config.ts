import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { bundleReportPlugin } from "./scripts/bundle-report.ts";
import { pageEntriesPlugin } from "./scripts/page-entries.ts";
import { pureSchemasPlugin } from "./scripts/pure-schemas.ts";

const apiPort = process.env.API_PORT ?? "3001";

export default defineConfig({
	// The public pages' own entries: scripts/page-entries.ts. Shared modules' schemas left out of
	// pages that do not use them: scripts/pure-schemas.ts. The bundle report (BUNDLE_REPORT=1):
	// scripts/bundle-report.ts.
	plugins: [
		tailwindcss(),
		reactRouter(),
		pageEntriesPlugin(),
		pureSchemasPlugin(),
		bundleReportPlugin(),
	],
	build: {
		// Every browser the app supports preloads modules itself: no polyfill in the entry script.
		modulePreload: { polyfill: false },
		// Small shared chunks are merged into the chunks that load with them: a signed-in screen
		// would otherwise load some 100 scripts, each a request on a slow phone connection, found
		// one import level at a time (decisions 038 and 040). The QR scanner's decoder (10 KB, loaded
		// only to scan) is kept apart: left to the merging it took in a small shared chunk (an icon)
		// and loaded with every page that showed that icon.
		rollupOptions: {
			output: {
				experimentalMinChunkSize: 20_000,
				manualChunks: (id) =>
					id.includes("/node_modules/qr-scanner/qr-scanner-worker")
						? "qr-scanner-worker"
						: undefined,
			},
		},
	},
	server: {
		proxy: { "/api": `http://127.0.0.1:${apiPort}` },
	},
});
