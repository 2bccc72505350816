import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

const apiPort = process.env.API_PORT ?? "3001";

export default defineConfig({
	plugins: [tailwindcss(), reactRouter()],
	build: {
		// Every browser the app supports preloads modules itself: no polyfill in the entry script.
		modulePreload: { polyfill: false },
	},
	server: {
		proxy: { "/api": `http://127.0.0.1:${apiPort}` },
	},
});
