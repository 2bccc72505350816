import { Hono } from "hono";
import type { z } from "zod";
import {
	AUTH_MESSAGES,
	forgotPasswordSchema,
	resetPasswordSchema,
	signInSchema,
} from "../../../shared/auth.ts";
import type { AppEnv } from "../../app-env.ts";
import { badRequest } from "../../lib/errors.ts";
import { clientIp } from "../../lib/security.ts";
import { CLIENT_IP_HEADER } from "./auth.ts";

/** better-auth's endpoints that take input from a form, checked with the product's own rules. */
const bodySchemas: Record<string, z.ZodType> = {
	"/api/auth/sign-in/email": signInSchema,
	"/api/auth/request-password-reset": forgotPasswordSchema,
	"/api/auth/reset-password": resetPasswordSchema,
};

/** SPEC's texts for better-auth's error codes. */
const messages: Record<string, string> = {
	INVALID_EMAIL_OR_PASSWORD: AUTH_MESSAGES.invalidCredentials,
	INVALID_TOKEN: "This reset link is invalid or has expired. Please request a new one.",
	PASSWORD_TOO_SHORT: AUTH_MESSAGES.passwordTooShort,
};

/** Mounts better-auth under /api/auth, with our validation, client address and error shape. */
export const authHandler = new Hono<AppEnv>().on(["GET", "POST"], "/*", async (c) => {
	const schema = bodySchemas[c.req.path];
	if (schema && c.req.method === "POST") {
		const body = await c.req.raw
			.clone()
			.json()
			.catch(() => {
				throw badRequest("Request body must be JSON");
			});
		const result = schema.safeParse(body);
		if (!result.success) throw badRequest(result.error.issues[0]?.message ?? "Invalid request");
	}
	const headers = new Headers(c.req.raw.headers);
	headers.set(CLIENT_IP_HEADER, clientIp(c));
	const response = await c.var.deps.auth.handler(new Request(c.req.raw, { headers }));
	// better-auth's 429 carries a JSON body without a JSON content type: reshape it too.
	const isJson = response.headers.get("content-type")?.includes("json");
	if (response.status < 400 || (!isJson && response.status !== 429)) return response;

	const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
	const error =
		response.status === 429
			? "Too many attempts. Please wait a minute and try again."
			: (body.code && messages[body.code]) || body.message || "Request failed";
	if (response.status >= 500) {
		// better-auth (or the database under it) failed: our fault, not the visitor's input.
		c.var.deps.logger.error(
			{ requestId: c.var.requestId, path: c.req.path, status: response.status, code: body.code },
			"auth request failed",
		);
		return c.json({ error: "Something went wrong on our side. Please try again." }, 500);
	}
	const out = c.json({ error, code: body.code }, response.status as 400);
	for (const name of ["retry-after", "x-retry-after"]) {
		const value = response.headers.get(name);
		if (value) out.headers.set(name, value);
	}
	return out;
});
