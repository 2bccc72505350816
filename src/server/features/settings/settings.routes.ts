import { createRoute } from "@hono/zod-openapi";
import { businessProfileSchema } from "../../../shared/business.ts";
import { createRouter } from "../../lib/router.ts";
import { getBusinessProfile } from "./settings.service.ts";

export const publicRoutes = createRouter().openapi(
	createRoute({
		method: "get",
		path: "/business",
		tags: ["settings"],
		summary: "The business's public profile: name, phone, e-mail, service areas, hours (public)",
		responses: {
			200: {
				description: "Business profile",
				content: { "application/json": { schema: businessProfileSchema } },
			},
		},
	}),
	async (c) => c.json(await getBusinessProfile({ db: c.var.deps.db }), 200),
);
