import type { Config } from "@react-router/dev/config";

export default {
	appDirectory: "src/web",
	buildDirectory: "build",
	ssr: false,
	// Public pages are rendered to HTML at build time; the app areas load as a single-page app.
	prerender: ["/", "/quote", "/contact", "/privacy", "/terms", "/refunds", "/offline"],
	// After prerendering, so the service worker precaches the pages' HTML (scripts/service-worker.ts).
	async buildEnd({ reactRouterConfig }) {
		const { writeServiceWorker } = await import("./scripts/service-worker.ts");
		const { precached, bytes, pages } = await writeServiceWorker(
			`${reactRouterConfig.buildDirectory}/client`,
		);
		console.log(
			`Service worker: build/client/sw.js precaches ${precached} files (${Math.round(bytes / 1024)} KB), pages ${pages.join(" ")}`,
		);
	},
} satisfies Config;
