import type { OpenAPIHono } from "@hono/zod-openapi";
import { type Context, Hono } from "hono";
import { getCookie } from "hono/cookie";
import { z } from "zod";
import type { ErrorCode } from "../../../shared/api-errors.ts";
import {
	AUTH_MESSAGES,
	CONFIRM_MESSAGES,
	forgotPasswordSchema,
	resetPasswordSchema,
	signInSchema,
} from "../../../shared/auth.ts";
import type { AppEnv } from "../../app-env.ts";
import { AppError, badRequest } from "../../lib/errors.ts";
import { clientIp } from "../../lib/security.ts";
import { CLIENT_IP_HEADER } from "./auth.ts";
import { clearSignInFailures, passwordResetAccounts } from "./sign-in-failures.ts";
import {
	ACCOUNT_THROTTLED_MESSAGE,
	accountThrottledUntil,
	isKnownDevice,
	KNOWN_DEVICE_COOKIE,
	knownDeviceCookie,
	recordSignInFailure,
} from "./sign-in-throttle.ts";

/**
 * The only better-auth endpoints the product uses, each with the product's own rules for its
 * body. Every other better-auth path (update-user, change-password, social sign-in, ...) is not
 * mounted: it answers 404 like any unknown address, and is not documented.
 */
const AUTH_ENDPOINTS = {
	"/sign-in/email": {
		schema: signInSchema,
		summary: "Sign in with e-mail and password; sets the session cookie",
	},
	"/sign-out": {
		schema: z.strictObject({}),
		summary: "Sign out: ends this session on every server",
	},
	"/request-password-reset": {
		schema: forgotPasswordSchema,
		summary:
			"E-mail a password reset link, if the address has an account (always answers the same)",
	},
	"/reset-password": {
		schema: resetPasswordSchema,
		summary: "Set a new password with the e-mailed token; ends the account's other sessions",
	},
} as const satisfies Record<string, { schema: z.ZodType; summary: string }>;

/** SPEC's texts for better-auth's error codes. */
const messages: Record<string, string> = {
	INVALID_EMAIL_OR_PASSWORD: AUTH_MESSAGES.invalidCredentials,
	INVALID_TOKEN: "This reset link is invalid or has expired. Please request a new one.",
	PASSWORD_TOO_SHORT: AUTH_MESSAGES.passwordTooShort,
};

/** better-auth's codes that a client may tell apart, as ours (src/shared/api-errors.ts). */
const codes: Record<string, ErrorCode> = {
	INVALID_EMAIL_OR_PASSWORD: "invalid_credentials",
	INVALID_TOKEN: "link_invalid",
};

const SIGN_IN_BUSY_MESSAGE =
	"Signing in is very busy right now. Please try again in a few seconds.";

/**
 * Before a sign-in reaches better-auth (and its password hash): when the hash threads already have
 * all the sign-ins they can answer in a few seconds, 503 at once (no database work: a flood's
 * refusals stay cheap) rather than a long wait; an account past its wrong passwords answers 429
 * whatever the password, so a right one is not revealed, unless this browser proved before that
 * it is the holder's. Returns the release of the sign-in's place.
 */
async function signInGate(c: Context<AppEnv>, email: string): Promise<() => void> {
	const { deps } = c.var;
	const release = deps.hashPool.admit();
	if (!release) {
		c.header("retry-after", "5");
		throw new AppError(503, SIGN_IN_BUSY_MESSAGE, "busy");
	}
	try {
		const secret = deps.auth.options.secret;
		if (isKnownDevice({ secret, email, cookie: getCookie(c, KNOWN_DEVICE_COOKIE) })) return release;
		const until = await accountThrottledUntil({ db: deps.db, email });
		if (until) {
			c.header("retry-after", String(Math.max(1, Math.ceil((until - Date.now()) / 1000))));
			throw new AppError(429, ACCOUNT_THROTTLED_MESSAGE, "account_throttled");
		}
		return release;
	} catch (error) {
		release();
		throw error;
	}
}

/** What a sign-in's or a password reset's answer means for the account's throttle. */
async function afterAuthAnswer(options: {
	c: Context<AppEnv>;
	path: string;
	email: string | undefined;
	request: Request;
	response: Response;
	code: string | undefined;
}) {
	const { c, response } = options;
	const { deps } = c.var;
	const secure = deps.env.APP_URL.startsWith("https://");
	const markDevice = (email: string) =>
		response.headers.append(
			"set-cookie",
			knownDeviceCookie({ secret: deps.auth.options.secret, email, secure }),
		);
	if (options.path === "/sign-in/email" && options.email) {
		if (response.status === 200) {
			await clearSignInFailures({ db: deps.db, email: options.email });
			markDevice(options.email);
		} else if (options.code === "INVALID_EMAIL_OR_PASSWORD") {
			await recordSignInFailure({ deps, email: options.email });
		}
	}
	if (options.path === "/reset-password" && response.status === 200) {
		// The browser that set a new password with the e-mailed link is the holder's.
		const email = passwordResetAccounts.get(options.request);
		if (email) markDevice(email);
	}
}

/**
 * The confirmation link's token: better-auth's signed token (a JWT, about 200 characters). Only
 * the token: no callbackURL, so better-auth answers in JSON and never redirects.
 */
const verifyEmailQuery = z.strictObject({
	token: z.string(CONFIRM_MESSAGES.invalidLink).min(1, CONFIRM_MESSAGES.invalidLink).max(2000),
});

/** What a link that does not confirm anything answers: 400 with a code the page tells apart. */
const verifyEmailErrors: Record<string, { error: string; code: ErrorCode }> = {
	TOKEN_EXPIRED: { error: CONFIRM_MESSAGES.expiredLink, code: "link_expired" },
	INVALID_TOKEN: { error: CONFIRM_MESSAGES.invalidLink, code: "link_invalid" },
	USER_NOT_FOUND: { error: CONFIRM_MESSAGES.invalidLink, code: "link_invalid" },
};

/** One of AUTH_ENDPOINTS, through better-auth, with our validation, client address and error shape. */
const forward = (path: string, schema: z.ZodType) => async (c: Context<AppEnv>) => {
	// The body as refuseControlCharacters read it (the request's own stream is used up by then).
	const text = await c.req.text().catch(() => "");
	let input: unknown;
	try {
		input = JSON.parse(text);
	} catch {
		throw badRequest("Request body must be JSON");
	}
	const result = schema.safeParse(input);
	if (!result.success) throw badRequest(result.error.issues[0]?.message ?? "Invalid request");
	const email = path === "/sign-in/email" ? (result.data as { email: string }).email : undefined;
	const release = email ? await signInGate(c, email) : undefined;
	const headers = new Headers(c.req.raw.headers);
	headers.set(CLIENT_IP_HEADER, clientIp(c));
	const request = new Request(c.req.url, { method: c.req.method, headers, body: text });
	let response: Response;
	try {
		response = await c.var.deps.auth.handler(request);
	} finally {
		release?.();
	}
	// better-auth's 429 carries a JSON body without a JSON content type: reshape it too.
	const isJson = response.headers.get("content-type")?.includes("json");
	if (response.status < 400 || (!isJson && response.status !== 429)) {
		await afterAuthAnswer({ c, path, email, request, response, code: undefined });
		return response;
	}

	const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
	await afterAuthAnswer({ c, path, email, request, response, code: body.code });
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
	const out = c.json(
		{ error, code: body.code ? codes[body.code] : undefined },
		response.status as 400,
	);
	for (const name of ["retry-after", "x-retry-after"]) {
		const value = response.headers.get(name);
		if (value) out.headers.set(name, value);
	}
	return out;
};

/**
 * GET /verify-email: confirms the address a confirmation link names (better-auth's own check of its
 * signed token; marking an address confirmed twice is harmless). Called by the confirmation page,
 * not opened from the mail, so a mail scanner fetching the link confirms nothing.
 */
async function verifyEmail(c: Context<AppEnv>) {
	const result = verifyEmailQuery.safeParse(c.req.query());
	if (!result.success)
		return c.json({ error: CONFIRM_MESSAGES.invalidLink, code: "link_invalid" }, 400);
	const url = new URL(c.req.url);
	url.search = new URLSearchParams({ token: result.data.token }).toString();
	const headers = new Headers(c.req.raw.headers);
	headers.set(CLIENT_IP_HEADER, clientIp(c));
	const response = await c.var.deps.auth.handler(new Request(url, { headers }));
	if (response.ok) return c.json({ confirmed: true }, 200);
	const body = (await response.json().catch(() => ({}))) as { code?: string };
	if (response.status === 429)
		return c.json({ error: "Too many attempts. Please wait a minute and try again." }, 429);
	const known = body.code ? verifyEmailErrors[body.code] : undefined;
	if (known && response.status < 500) return c.json(known, 400);
	c.var.deps.logger.error(
		{ requestId: c.var.requestId, path: c.req.path, status: response.status, code: body.code },
		"auth request failed",
	);
	return c.json({ error: "Something went wrong on our side. Please try again." }, 500);
}

/** Mounts AUTH_ENDPOINTS under /api/auth (POST), and GET /verify-email. */
export const authHandler = new Hono<AppEnv>();
for (const [path, { schema }] of Object.entries(AUTH_ENDPOINTS))
	authHandler.post(path, forward(path, schema));
authHandler.get("/verify-email", verifyEmail);

/** Documents AUTH_ENDPOINTS in the API's OpenAPI document, from the schemas that check them. */
export function documentAuthEndpoints(registry: OpenAPIHono["openAPIRegistry"]) {
	for (const [path, { schema, summary }] of Object.entries(AUTH_ENDPOINTS)) {
		registry.registerPath({
			method: "post",
			path: `/api/auth${path}`,
			tags: ["auth"],
			summary,
			request: { body: { content: { "application/json": { schema } }, required: true } },
			responses: {
				200: { description: "Done" },
				400: { description: "Invalid input, with a message" },
				401: { description: "Wrong e-mail or password" },
				429: { description: "Too many attempts (from this address, or for this account)" },
				...(path === "/sign-in/email"
					? { 503: { description: "Too many sign-ins at once: try again in a few seconds" } }
					: {}),
			},
		});
	}
	registry.registerPath({
		method: "get",
		path: "/api/auth/verify-email",
		tags: ["auth"],
		summary: "Confirm an e-mail address with the token of its confirmation link",
		request: { query: verifyEmailQuery },
		responses: {
			200: {
				description: "The address is confirmed",
				content: { "application/json": { schema: z.object({ confirmed: z.literal(true) }) } },
			},
			400: {
				description: "The link is invalid (code link_invalid) or has expired (link_expired)",
			},
			429: { description: "Too many attempts" },
		},
	});
}
