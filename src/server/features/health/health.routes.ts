import { createRoute, z } from "@hono/zod-openapi";
import { sql } from "drizzle-orm";
import { createRouter } from "../../lib/router.ts";
import { checkFileStorage } from "../files/files.service.ts";

/** How long the health check waits for the database and the file storage before giving up. */
const HEALTH_TIMEOUT_MS = 3000;

const part = z.enum(["ok", "not answering"]);

/** Resolves true when `check` settles well within the time allowed, false otherwise. */
function answers(check: (signal: AbortSignal) => Promise<unknown>): Promise<boolean> {
	const signal = AbortSignal.timeout(HEALTH_TIMEOUT_MS);
	return Promise.race([
		check(signal).then(
			() => true,
			() => false,
		),
		new Promise<false>((resolve) => signal.addEventListener("abort", () => resolve(false))),
	]);
}

export const publicRoutes = createRouter().openapi(
	createRoute({
		method: "get",
		path: "/health",
		tags: ["health"],
		summary: "Ready when the server, its database and its file storage answer",
		responses: {
			200: {
				description: "Ready",
				content: {
					"application/json": {
						schema: z.object({
							status: z.literal("ok"),
							database: z.literal("ok"),
							storage: z.literal("ok"),
						}),
					},
				},
			},
			503: {
				description:
					"The database or the file storage did not answer within a few seconds, or the server is stopping",
				content: {
					"application/json": {
						schema: z.object({
							status: z.enum(["unavailable", "stopping"]),
							database: part,
							storage: part,
						}),
					},
				},
			},
		},
	}),
	async (c) => {
		const { deps } = c.var;
		const [database, storage] = await Promise.all([
			answers(() => deps.db.execute(sql`select 1`)),
			answers((signal) => checkFileStorage({ deps, signal })),
		]);
		const parts = {
			database: database ? ("ok" as const) : ("not answering" as const),
			storage: storage ? ("ok" as const) : ("not answering" as const),
		};
		// The live streams close first when the server stops: a proxy sends new requests elsewhere.
		if (deps.live.closed) return c.json({ status: "stopping" as const, ...parts }, 503);
		if (!database || !storage) return c.json({ status: "unavailable" as const, ...parts }, 503);
		return c.json({ status: "ok" as const, database: "ok" as const, storage: "ok" as const }, 200);
	},
);
