import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../app-env.ts";

/** A router whose request validation failures answer 400 with the first message. */
export function createRouter() {
	return new OpenAPIHono<AppEnv>({
		defaultHook: (result, c) => {
			if (result.success) return;
			const issues = result.error.issues.map((i) => ({
				path: i.path.join("."),
				message: i.message,
			}));
			return c.json({ error: issues[0]?.message ?? "Invalid request", issues }, 400);
		},
	});
}

/** The error body every 4xx answer uses, for the OpenAPI document. */
export const errorResponses = {
	400: { description: "Invalid input" },
	401: { description: "Not signed in" },
	403: { description: "Not allowed" },
	404: { description: "Not found" },
	429: { description: "Too many requests" },
} as const;

/** An OpenAPI JSON body or response with this schema. */
export const jsonContent = <T>(schema: T) => ({ content: { "application/json": { schema } } });
