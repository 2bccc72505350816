import { createRoute, z } from "@hono/zod-openapi";
import { createRouter, errorResponses } from "../../lib/router.ts";
import { anyAccount } from "../auth/auth.middleware.ts";
import { findFile, openFile, parseRange } from "./files.service.ts";

const binary = {
	"application/octet-stream": { schema: z.string().openapi({ format: "binary" }) },
};

/** A signed-in user's files (the owner's: every file). */
export const customerRoutes = createRouter().openapi(
	createRoute({
		method: "get",
		path: "/files/{id}",
		tags: ["files"],
		summary:
			"A stored file: the owner sees every file, a crew member installation photos, a customer only their own",
		middleware: anyAccount(),
		request: { params: z.object({ id: z.uuid("File not found") }) },
		responses: {
			200: { description: "The file's bytes", content: binary },
			206: {
				description: "The bytes of the one range asked for (Range: bytes=...)",
				content: binary,
			},
			304: { description: "Unchanged since the copy the browser has (If-None-Match)" },
			416: { description: "The range asked for lies beyond the end of the file" },
			...errorResponses,
			503: { description: "The file storage did not answer; try again in a minute" },
		},
	}),
	async (c) => {
		const { deps } = c.var;
		const { id } = c.req.valid("param");
		const file = await findFile({ deps, actor: c.var.user, id });
		// A file's bytes never change under its id, so the id is its validator. The browser asks
		// again each time (no-cache): once signed out, a shared device shows nothing from its cache.
		const etag = `"${id}"`;
		const caching = { "Cache-Control": "private, no-cache", ETag: etag, "Accept-Ranges": "bytes" };
		if (
			c.req
				.header("if-none-match")
				?.split(/\s*,\s*/)
				.includes(etag)
		)
			return c.body(null, 304, caching);
		const size = file.sizeBytes;
		// If-Range naming another version means "send it all"; this file has only one version.
		const ifRange = c.req.header("if-range");
		const range =
			ifRange && ifRange !== etag
				? { kind: "all" as const }
				: parseRange(c.req.header("range"), size);
		if (range.kind === "none")
			return c.body(null, 416, { ...caching, "Content-Range": `bytes */${size}` });
		const headers = {
			...caching,
			"Content-Type": file.contentType,
			"Content-Disposition": `inline; filename="${file.fileName.replace(/[^\w.-]+/g, "_")}"`,
		};
		if (range.kind === "range") {
			const body = await openFile({ deps, storageKey: file.storageKey, range });
			return c.body(body, 206, {
				...headers,
				"Content-Range": `bytes ${range.start}-${range.end}/${size}`,
				"Content-Length": String(range.end - range.start + 1),
			});
		}
		const body = await openFile({ deps, storageKey: file.storageKey });
		return c.body(body, 200, { ...headers, "Content-Length": String(size) });
	},
);
