import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context, Env, TypedResponse } from "hono";
import type { JSONParsed } from "hono/utils/types";
import type { AppEnv } from "../app-env.ts";

/** A router whose request validation failures answer 400 with the first message. */
export function createRouter<E extends Env = AppEnv>() {
	return new OpenAPIHono<E>({
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

/**
 * A shared object schema (src/shared) under a name of its own in the OpenAPI document's components,
 * for a shape many answers carry.
 */
export const component = <Shape extends z.ZodRawShape>(name: string, schema: z.ZodObject<Shape>) =>
	z.object(schema.shape).openapi(name);

/** An OpenAPI JSON body or response with this schema. */
export const jsonContent = <T>(schema: T) => ({ content: { "application/json": { schema } } });

/**
 * A 200 JSON answer through the read cache (lib/read-cache.ts), kept as its text: a repeated read
 * costs neither the database nor serialising. `key` must name everything the answer depends on,
 * the signed-in user included; `tags` name whose data it shows (OWNER_TAG, customerTag(id)), so
 * the events of a change drop it.
 */
export async function cachedJson<T, E extends AppEnv>(
	c: Context<E>,
	key: string,
	tags: readonly string[],
	load: () => Promise<T>,
): Promise<Response & TypedResponse<JSONParsed<T>, 200, "json">> {
	const text = await c.var.deps.readCache.read(key, tags, async () => JSON.stringify(await load()));
	return c.body(text, 200, { "content-type": "application/json" }) as never;
}
