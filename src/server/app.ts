import { randomUUID } from "node:crypto";
import path from "node:path";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import { HTTPException } from "hono/http-exception";
import { errorBodySchema } from "../shared/api-errors.ts";
import { apiRoutes } from "./api-routes.ts";
import type { AppEnv, Deps } from "./app-env.ts";
import { authHandler, documentAuthEndpoints } from "./features/auth/auth.handler.ts";
import { createWebRoutes } from "./features/web/web.routes.ts";
import { AppError } from "./lib/errors.ts";
import { LARGEST_UPLOAD_BYTES } from "./lib/multipart.ts";
import { projectRoot } from "./lib/project-root.ts";
import { component } from "./lib/router.ts";
import {
	clientIp,
	finishRefusedBody,
	refuseControlCharacters,
	sameOriginOnly,
	securityHeaders,
} from "./lib/security.ts";

export interface CreateAppOptions extends Deps {
	/** The built web app (React Router's build/client); defaults to the project's build. */
	clientDir?: string;
}

/** The whole HTTP application: API, auth, and the web app. */
export function createApp(deps: CreateAppOptions) {
	const app = new OpenAPIHono<AppEnv>();

	app.use("*", async (c, next) => {
		const started = performance.now();
		c.set("deps", deps);
		c.set("requestId", c.req.header("x-request-id")?.slice(0, 100) || randomUUID());
		await next();
		// On the answer's own headers: c.header() after the answer is made rebuilds the whole answer.
		c.res.headers.set("x-request-id", c.var.requestId);
		if (!deps.logger.isLevelEnabled("info")) return;
		deps.logger.info(
			{
				requestId: c.var.requestId,
				method: c.req.method,
				path: c.req.path,
				status: c.res.status,
				ms: Math.round(performance.now() - started),
				ip: clientIp(c),
			},
			"request",
		);
	});
	app.use("*", securityHeaders);
	app.use("*", finishRefusedBody);
	// Text (HTML, JS, CSS, JSON) goes out gzipped: a third of the bytes on a phone connection. A
	// client that takes no compression skips both steps below.
	const gzip = compress();
	app.use("*", (c, next) => (takesCompression(c) ? gzip(c, next) : next()));
	// JSON answers say their length, so compress() leaves the small ones (under 1 KB) as they
	// are: gzipping every short answer cost more CPU than the bytes it saved.
	app.use("*", async (c, next) => {
		await next();
		if (!takesCompression(c)) return;
		const res = c.res;
		if (!res.body || res.headers.has("content-length")) return;
		if (!res.headers.get("content-type")?.startsWith("application/json")) return;
		const body = await res.arrayBuffer();
		const headers = new Headers(res.headers);
		headers.set("content-length", String(body.byteLength));
		c.res = undefined;
		c.res = new Response(body, { status: res.status, statusText: res.statusText, headers });
	});
	app.use("/api/*", sameOriginOnly);
	// Every API body is at most 1 MB, but uploads: each upload route declares its own limit
	// (lib/multipart.ts), under a ceiling checked here before anything is routed.
	const jsonLimit = sizeLimit(1024 * 1024, "The request is too large");
	const uploadCeiling = sizeLimit(LARGEST_UPLOAD_BYTES, "The upload is too large");
	app.use("/api/*", (c, next) =>
		c.req.header("content-type")?.startsWith("multipart/form-data")
			? uploadCeiling(c, next)
			: jsonLimit(c, next),
	);

	app.use("/api/*", refuseControlCharacters);
	// API answers are the signed-in person's: no browser or proxy cache keeps them (files say
	// their own caching).
	app.use("/api/*", async (c, next) => {
		await next();
		if (!c.res.headers.has("cache-control")) c.res.headers.set("cache-control", "no-store");
	});
	// Signing out leaves nothing of the account in this browser: cached answers and files, and
	// storage (the app's saved state and its service worker, registered again on the next page).
	app.use("/api/auth/sign-out", async (c, next) => {
		await next();
		if (c.res.ok) c.res.headers.set("clear-site-data", '"cache", "storage"');
	});
	// The live stream answers GET alone. Hono answers HEAD by running the GET handler and dropping
	// its body unread, which would leave the stream, its heartbeat and its queued writes behind.
	app.all("/api/live", async (c, next) => {
		if (c.req.method === "GET") return next();
		return c.json({ error: "The live stream is read with GET" }, 405, { allow: "GET" });
	});
	app.route("/api/auth", authHandler);
	app.route("/api", apiRoutes);

	documentAuthEndpoints(app.openAPIRegistry);
	app.openAPIRegistry.register("Error", component("Error", errorBodySchema));
	app.get("/api/openapi.json", (c) => {
		const doc = app.getOpenAPI31Document({
			openapi: "3.1.0",
			info: { title: "Buckeye Holiday Lights API", version: "1.0.0" },
		});
		return c.json(withErrorBodies(doc));
	});
	app.all("/api/*", (c) => c.json({ error: "Not found" }, 404));
	app.route(
		"/",
		createWebRoutes(deps.clientDir ?? path.join(projectRoot, "build", "client"), (request, env) =>
			app.fetch(request, env),
		),
	);

	app.notFound((c) => c.json({ error: "Not found" }, 404));
	app.onError((error, c) => {
		if (error instanceof AppError)
			return c.json({ error: error.message, code: error.code, ...error.details }, error.status);
		if (error instanceof HTTPException) {
			return c.json({ error: error.message || "Invalid request" }, error.status);
		}
		deps.logger.error(
			{ err: error, requestId: c.var.requestId, path: c.req.path },
			"unhandled error",
		);
		return c.json({ error: "Something went wrong on our side. Please try again." }, 500);
	});
	return app;
}

/** Whether the request takes a compressed answer (gzip or deflate, as compress() makes). */
const takesCompression = (c: Context) =>
	/gzip|deflate/i.test(c.req.header("accept-encoding") ?? "");

/**
 * hono's bodyLimit, but a body that says its length is judged by that alone: hono's reads
 * `c.req.raw.body` first, which makes the node server build a whole web Request for every call.
 * A streamed body (no length) is counted as it arrives, by hono's.
 */
function sizeLimit(maxSize: number, error: string): MiddlewareHandler<AppEnv> {
	const onError = (c: Context) => c.json({ error }, 413);
	const streamed = bodyLimit({ maxSize, onError });
	return (c, next) => {
		if (c.req.method === "GET" || c.req.method === "HEAD") return next();
		const length = c.req.header("content-length");
		if (length === undefined || c.req.header("transfer-encoding") !== undefined)
			return streamed(c, next);
		return Number.parseInt(length, 10) > maxSize ? Promise.resolve(onError(c)) : next();
	};
}

/**
 * Every error answer a route documents (4xx, 5xx) has the one error body (`Error`, from
 * src/shared/api-errors.ts), whatever its route wrote: the app's error handler and the routers'
 * validation answer in that shape and no other.
 */
function withErrorBodies<T extends { paths?: object }>(doc: T): T {
	const body = { "application/json": { schema: { $ref: "#/components/schemas/Error" } } };
	for (const methods of Object.values(doc.paths ?? {}))
		for (const operation of Object.values(methods as Record<string, { responses?: object }>))
			for (const [status, response] of Object.entries(operation.responses ?? {}))
				if (Number(status) >= 400) (response as { content?: object }).content ??= body;
	return doc;
}
