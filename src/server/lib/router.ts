import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context, TypedResponse } from "hono";
import type { JSONParsed } from "hono/utils/types";
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

/**
 * A 200 JSON answer through the read cache (lib/read-cache.ts), kept as its text: a repeated read
 * costs neither the database nor serialising. `key` must name everything the answer depends on,
 * the signed-in user included.
 */
export async function cachedJson<T>(
	c: Context<AppEnv>,
	key: string,
	load: () => Promise<T>,
): Promise<Response & TypedResponse<JSONParsed<T>, 200, "json">> {
	const text = await c.var.deps.readCache.read(key, async () => JSON.stringify(await load()));
	return c.body(text, 200, { "content-type": "application/json" }) as never;
}
