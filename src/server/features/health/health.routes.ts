import { createRoute, z } from "@hono/zod-openapi";
import { sql } from "drizzle-orm";
import { createRouter } from "../../lib/router.ts";

/** How long the health check waits for the database before reporting it unavailable. */
const HEALTH_TIMEOUT_MS = 3000;

export const publicRoutes = createRouter().openapi(
	createRoute({
		method: "get",
		path: "/health",
		tags: ["health"],
		summary: "Ready when the server and its database answer",
		responses: {
			200: {
				description: "Ready",
				content: {
					"application/json": {
						schema: z.object({ status: z.literal("ok"), database: z.literal("ok") }),
					},
				},
			},
			503: {
				description: "The database did not answer within a few seconds",
				content: {
					"application/json": {
						schema: z.object({
							status: z.literal("unavailable"),
							database: z.literal("not answering"),
						}),
					},
				},
			},
		},
	}),
	async (c) => {
		const answered = await Promise.race([
			c.var.deps.db.execute(sql`select 1`).then(
				() => true,
				() => false,
			),
			new Promise<false>((resolve) => setTimeout(resolve, HEALTH_TIMEOUT_MS, false).unref()),
		]);
		if (!answered)
			return c.json({ status: "unavailable" as const, database: "not answering" as const }, 503);
		return c.json({ status: "ok" as const, database: "ok" as const }, 200);
	},
);
