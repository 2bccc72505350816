import type { Config } from "@react-router/dev/config";

export default {
	appDirectory: "src/web",
	buildDirectory: "build",
	ssr: false,
	// Public pages are rendered to HTML at build time; the app areas load as a single-page app.
	prerender: ["/", "/offline"],
} satisfies Config;
