import { createRoute, z } from "@hono/zod-openapi";
import { serviceOptionSchema } from "../../../shared/catalog.ts";
import { createRouter } from "../../lib/router.ts";
import { listActiveServices } from "./catalog.service.ts";

export const publicRoutes = createRouter().openapi(
	createRoute({
		method: "get",
		path: "/catalog",
		tags: ["catalog"],
		summary: "The active services of the catalogue, in display order (public)",
		responses: {
			200: {
				description: "Active services",
				content: {
					"application/json": { schema: z.object({ services: z.array(serviceOptionSchema) }) },
				},
			},
		},
	}),
	async (c) => c.json({ services: await listActiveServices({ db: c.var.deps.db }) }, 200),
);
