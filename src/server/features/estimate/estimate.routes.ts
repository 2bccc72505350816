import { createRoute } from "@hono/zod-openapi";
import { estimateRequestSchema, estimateSchema } from "../../../shared/estimate.ts";
import { rateLimit } from "../../lib/rate-limit.ts";
import { createRouter, errorResponses } from "../../lib/router.ts";
import { createEstimate } from "./estimate.service.ts";

export const publicRoutes = createRouter().openapi(
	createRoute({
		method: "post",
		path: "/estimate",
		tags: ["estimate"],
		summary: "Instant quote: the pricing engine's estimate for a selection of services (public)",
		middleware: [rateLimit("estimate")] as const,
		request: {
			body: { content: { "application/json": { schema: estimateRequestSchema } }, required: true },
		},
		responses: {
			200: { description: "Estimate", content: { "application/json": { schema: estimateSchema } } },
			400: errorResponses[400],
			429: errorResponses[429],
		},
	}),
	async (c) => c.json(await createEstimate({ deps: c.var.deps, input: c.req.valid("json") }), 200),
);
