import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env.ts";
import { forbidden } from "./errors.ts";

/** Content Security Policy: no inline script except the exact hashes given (prerendered pages). */
export function contentSecurityPolicy(scriptHashes: readonly string[] = []): string {
	return [
		"default-src 'self'",
		`script-src 'self'${scriptHashes.map((h) => ` '${h}'`).join("")}`,
		"style-src 'self' 'unsafe-inline'",
		"img-src 'self' data: blob:",
		"font-src 'self' data:",
		"connect-src 'self'",
		"worker-src 'self'",
		"manifest-src 'self'",
		"object-src 'none'",
		"base-uri 'self'",
		"form-action 'self'",
		"frame-ancestors 'none'",
	].join("; ");
}

const DEFAULT_CSP = contentSecurityPolicy();

/** Headers for every response; HTML responses may set their own CSP first. */
export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
	await next();
	const h = c.res.headers;
	if (!h.has("content-security-policy")) h.set("content-security-policy", DEFAULT_CSP);
	h.set("x-content-type-options", "nosniff");
	h.set("x-frame-options", "DENY");
	h.set("referrer-policy", "strict-origin-when-cross-origin");
	h.set("cross-origin-opener-policy", "same-origin");
	h.set("permissions-policy", "camera=(), microphone=(), geolocation=()");
	if (isHttps(c)) h.set("strict-transport-security", "max-age=31536000; includeSubDomains");
});

function isHttps(c: {
	req: { url: string; header(name: string): string | undefined };
	var: AppEnv["Variables"];
}) {
	if (new URL(c.req.url).protocol === "https:") return true;
	const { env } = c.var.deps;
	return env.TRUST_PROXY && c.req.header("x-forwarded-proto") === "https";
}

/** The client's address: the socket's, or the first X-Forwarded-For hop behind a trusted proxy. */
export function clientIp(c: Context<AppEnv>): string {
	if (c.var.deps.env.TRUST_PROXY) {
		const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
		if (forwarded) return forwarded;
	}
	try {
		return getConnInfo(c as unknown as Context).remote.address ?? "unknown";
	} catch {
		return "unknown"; // requests made in-process carry no socket
	}
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Refuses state-changing API requests sent by another site's page. */
export const sameOriginOnly = createMiddleware<AppEnv>(async (c, next) => {
	if (SAFE_METHODS.has(c.req.method)) return next();
	if (c.req.header("sec-fetch-site") === "cross-site")
		throw forbidden("Cross-site request refused");
	const origin = c.req.header("origin");
	if (origin && !allowedOrigins(c).includes(origin)) throw forbidden("Cross-site request refused");
	await next();
});

export function allowedOrigins(c: {
	req: { url: string; header(name: string): string | undefined };
	var: AppEnv["Variables"];
}) {
	const own = new URL(c.req.url);
	const host = c.req.header("host");
	return [
		new URL(c.var.deps.env.APP_URL).origin,
		own.origin,
		...(host ? [`${own.protocol}//${host}`] : []),
	];
}
