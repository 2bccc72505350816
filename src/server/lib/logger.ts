import pino from "pino";

export type Logger = pino.Logger;

/** SQLSTATE codes: a database error, whose message and detail may quote the values it was given. */
const SQLSTATE = /^[0-9A-Z]{5}$/;

interface ErrorLike extends Error {
	code?: unknown;
	query?: unknown;
	constraint?: unknown;
	cause?: unknown;
}

/**
 * Errors as logged: a failed query names its SQL and the database's error code, never its bound
 * values (names, e-mails, addresses), nor the message and detail in which the database quotes them.
 */
function serializeError(error: unknown, depth = 0): Record<string, unknown> | unknown {
	if (!(error instanceof Error)) return error;
	const e = error as ErrorLike;
	const fromDatabase = typeof e.code === "string" && SQLSTATE.test(e.code);
	const failedQuery = typeof e.query === "string";
	const message = failedQuery ? "Failed query" : fromDatabase ? "Database error" : e.message;
	const frames = e.stack?.slice(e.stack.indexOf("\n    at ")) ?? "";
	return {
		type: e.name,
		message,
		...(typeof e.code === "string" ? { code: e.code } : {}),
		...(typeof e.constraint === "string" ? { constraint: e.constraint } : {}),
		...(failedQuery ? { query: e.query } : {}),
		stack: `${e.name}: ${message}${frames.startsWith("\n") ? frames : ""}`,
		...(e.cause !== undefined && depth < 3 ? { cause: serializeError(e.cause, depth + 1) } : {}),
	};
}

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
	return pino(
		{
			level,
			base: undefined,
			serializers: { err: serializeError, error: serializeError },
			redact: {
				paths: [
					"password",
					"newPassword",
					"*.password",
					"*.newPassword",
					"cardNumber",
					"*.cardNumber",
					"cvv",
					"*.cvv",
					"secretKey",
					"*.secretKey",
					"webhookSecret",
					"*.webhookSecret",
					"stripeSecretKey",
					"*.stripeSecretKey",
					"stripeWebhookSecret",
					"*.stripeWebhookSecret",
				],
				censor: "[redacted]",
			},
		},
		destination,
	);
}
