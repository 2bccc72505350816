import { createRoute, z } from "@hono/zod-openapi";
import { createRouter, errorResponses } from "../../lib/router.ts";
import { signedIn } from "../auth/auth.middleware.ts";
import { readFile } from "./files.service.ts";

/** A signed-in user's files (the owner's: every file). */
export const customerRoutes = createRouter().openapi(
	createRoute({
		method: "get",
		path: "/files/{id}",
		tags: ["files"],
		summary: "A stored file: the owner sees every file, a customer only their own",
		middleware: signedIn(),
		request: { params: z.object({ id: z.uuid("File not found") }) },
		responses: {
			200: {
				description: "The file's bytes",
				content: {
					"application/octet-stream": { schema: z.string().openapi({ format: "binary" }) },
				},
			},
			...errorResponses,
		},
	}),
	async (c) => {
		const { id } = c.req.valid("param");
		const file = await readFile({ deps: c.var.deps, actor: c.var.user, id });
		// A file's bytes never change under its id, so the id is its validator. The browser asks
		// again each time (no-cache): once signed out, a shared device shows nothing from its cache.
		const etag = `"${id}"`;
		const caching = { "Cache-Control": "private, no-cache", ETag: etag };
		if (
			c.req
				.header("if-none-match")
				?.split(/\s*,\s*/)
				.includes(etag)
		)
			return c.body(null, 304, caching);
		return c.body(new Uint8Array(file.data), 200, {
			...caching,
			"Content-Type": file.contentType,
			"Content-Length": String(file.data.byteLength),
			"Content-Disposition": `inline; filename="${file.fileName.replace(/[^\w.-]+/g, "_")}"`,
		});
	},
);
