import { createRoute, z } from "@hono/zod-openapi";
import { sql } from "drizzle-orm";
import { createRouter } from "../../lib/router.ts";

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
						schema: z.object({ status: z.literal("ok"), database: z.string() }),
					},
				},
			},
		},
	}),
	async (c) => {
		await c.var.deps.db.execute(sql`select 1`);
		return c.json({ status: "ok" as const, database: "ok" }, 200);
	},
);
