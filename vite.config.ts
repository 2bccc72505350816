import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { homeEntryPlugin } from "./scripts/home-entry.ts";

const apiPort = process.env.API_PORT ?? "3001";

export default defineConfig({
	// The home page's own entry: scripts/home-entry.ts.
	plugins: [tailwindcss(), reactRouter(), homeEntryPlugin()],
	build: {
		// Every browser the app supports preloads modules itself: no polyfill in the entry script.
		modulePreload: { polyfill: false },
	},
	server: {
		proxy: { "/api": `http://127.0.0.1:${apiPort}` },
	},
});
