import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ErrorCode } from "../../shared/api-errors.ts";

/** The one error type services throw; the app's error handler turns it into a response. */
export class AppError extends Error {
	constructor(
		readonly status: ContentfulStatusCode,
		message: string,
		readonly code?: ErrorCode,
		/** More of the answer's body (e.g. `alternatives`), as src/shared/api-errors.ts allows. */
		readonly details?: {
			alternatives?: string[];
			/** The field a refusal is about, so a form can say it there. */
			issues?: { path: string; message: string }[];
		},
	) {
		super(message);
		this.name = "AppError";
	}
}

export const badRequest = (message: string, code?: ErrorCode) => new AppError(400, message, code);
/** A refusal about one field of the input: 400, or 409 when the stored data decides it. */
export const fieldError = (path: string, message: string, status: 400 | 409 = 400) =>
	new AppError(status, message, undefined, { issues: [{ path, message }] });
export const unauthorized = (message = "Please sign in to continue") => new AppError(401, message);
export const forbidden = (message = "You do not have access to this") => new AppError(403, message);
export const notFound = (message = "Not found") => new AppError(404, message);
export const conflict = (message: string, code?: ErrorCode) => new AppError(409, message, code);
export const tooManyRequests = (
	message = "Too many requests. Please wait a minute and try again.",
) => new AppError(429, message);
