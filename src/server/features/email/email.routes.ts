import { createRoute, z } from "@hono/zod-openapi";
import type { OwnerEnv } from "../../app-env.ts";
import { createRouter, errorResponses, jsonContent } from "../../lib/router.ts";
import { mailStatus } from "./email.service.ts";

const mailStatusSchema = z.object({
	waiting: z.number().int(),
	retrying: z.number().int(),
	oldestRetryingSince: z.string().nullable(),
	lastError: z.string().nullable(),
});

/** What the e-mail outbox is holding back, for the owner's Settings, under /api/owner. */
export const ownerRoutes = createRouter<OwnerEnv>().openapi(
	createRoute({
		method: "get",
		path: "/mail-status",
		tags: ["email"],
		summary:
			"E-mail waiting in the outbox: how many, how many failed at least once (retried hourly), and the last error",
		responses: {
			200: { description: "Outbox status", ...jsonContent(mailStatusSchema) },
			...errorResponses,
		},
	}),
	async (c) => c.json(await mailStatus({ db: c.var.deps.db }), 200),
);
