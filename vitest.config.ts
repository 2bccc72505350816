import { defineConfig } from "vitest/config";

export default defineConfig({
	test: {
		include: ["src/**/*.test.ts", "tests/api/**/*.test.ts"],
		environment: "node",
		globalSetup: ["tests/support/postgres-template.ts"],
		pool: "forks",
		maxWorkers: 2,
		testTimeout: 30_000,
		hookTimeout: 60_000,
	},
});
