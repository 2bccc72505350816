import { createRoute, z } from "@hono/zod-openapi";
import { contactSchema } from "../../../shared/leads.ts";
import { rateLimit } from "../../lib/rate-limit.ts";
import { createRouter, errorResponses } from "../../lib/router.ts";
import { createLead } from "./leads.service.ts";

export const publicRoutes = createRouter().openapi(
	createRoute({
		method: "post",
		path: "/public/contact",
		tags: ["leads"],
		summary: "Send a message through the contact form; the business is notified by e-mail (public)",
		middleware: [rateLimit("contact")] as const,
		request: {
			body: { content: { "application/json": { schema: contactSchema } }, required: true },
		},
		responses: {
			201: {
				description: "Message received",
				content: { "application/json": { schema: z.object({ ok: z.literal(true) }) } },
			},
			400: errorResponses[400],
			429: errorResponses[429],
		},
	}),
	async (c) => {
		const { website, ...input } = c.req.valid("json");
		// Honeypot filled: a bot. It gets the same answer, and nothing is stored or sent.
		if (!website?.trim()) await createLead({ deps: c.var.deps, input });
		return c.json({ ok: true as const }, 201);
	},
);
