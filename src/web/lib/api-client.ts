import { type ClientResponse, hc } from "hono/client";
import type { ResponseFormat } from "hono/types";
import type { SuccessStatusCode } from "hono/utils/http-status";
import type { ApiRoutes } from "../../server/api-routes.ts";
import { takeFirstRead } from "./first-reads.ts";

/** `fetch`, but a GET the page's HTML already answered is answered from it. */
const fetchOrFirstRead: typeof fetch = (input, init) => {
	const method = init?.method ?? (input instanceof Request ? input.method : "GET");
	const url = input instanceof Request ? input.url : String(input);
	const body = method.toUpperCase() === "GET" ? takeFirstRead(url) : undefined;
	return body === undefined
		? fetch(input, init)
		: Promise.resolve(
				new Response(body, { status: 200, headers: { "content-type": "application/json" } }),
			);
};

/**
 * Our API, typed from the server's route definitions (src/server/api-routes.ts): paths, inputs
 * and answers come from the same zod schemas the handlers validate with. Only the type crosses
 * over; the bundle holds hono's small client and nothing of the server.
 */
export const client = hc<ApiRoutes>("/api", { fetch: fetchOrFirstRead });

export const OFFLINE_MESSAGE = "You appear to be offline. Check your connection and try again.";

/** An API answer that was not 2xx, carrying the server's message. */
export class ApiError extends Error {
	constructor(
		readonly status: number,
		message: string,
		readonly code?: string,
		/** More of the answer: the fields it is about (`issues`), the next open days (`alternatives`). */
		readonly details: {
			issues?: { path: string; message: string }[];
			alternatives?: string[];
		} = {},
	) {
		super(message);
	}
}

/** What a 2xx answer of a client call holds: its JSON, or nothing (e.g. 204). */
export type SuccessJson<R> =
	R extends ClientResponse<infer T, infer S, infer F>
		? S extends SuccessStatusCode
			? F extends "json"
				? T
				: undefined
			: never
		: never;

type AnyClientResponse = ClientResponse<unknown, number, ResponseFormat>;

/**
 * Awaits a request to our API and returns the JSON of its 2xx answer. Any other answer throws
 * ApiError with the server's `error` text and `code`; a request that never got an answer throws
 * ApiError with status 0 and the offline message.
 *
 * `readJson(client.quotes.latest.$get())` is typed from the route; a plain `fetch` (the auth
 * endpoints, which are not in ApiRoutes) gives `unknown`.
 */
export function readJson<R extends AnyClientResponse>(request: Promise<R>): Promise<SuccessJson<R>>;
export function readJson(request: Promise<Response>): Promise<unknown>;
export async function readJson(request: Promise<Response | AnyClientResponse>): Promise<unknown> {
	let response: Response | AnyClientResponse;
	try {
		response = await request;
	} catch {
		throw new ApiError(0, OFFLINE_MESSAGE);
	}
	const data: unknown = await response.json().catch(() => undefined);
	if (!response.ok) {
		const body = errorBody(data);
		throw new ApiError(response.status, body.error ?? "An unexpected error occurred", body.code, {
			issues: body.issues,
			alternatives: body.alternatives,
		});
	}
	return data;
}

/** The server's error body (src/shared/api-errors.ts), as far as the answer has one. */
function errorBody(data: unknown): {
	error?: string;
	code?: string;
	issues?: { path: string; message: string }[];
	alternatives?: string[];
} {
	if (typeof data !== "object" || data === null) return {};
	const issues =
		"issues" in data && Array.isArray(data.issues)
			? data.issues.filter(
					(i): i is { path: string; message: string } =>
						typeof i?.path === "string" && typeof i?.message === "string",
				)
			: undefined;
	const alternatives =
		"alternatives" in data && Array.isArray(data.alternatives)
			? data.alternatives.filter((d): d is string => typeof d === "string")
			: undefined;
	return {
		error: "error" in data && typeof data.error === "string" ? data.error : undefined,
		code: "code" in data && typeof data.code === "string" ? data.code : undefined,
		issues,
		alternatives,
	};
}

/** Each field's message in a refusal (`issues`), by path, for `useZodForm`'s `setErrors`. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
	const out: Record<string, string> = {};
	if (error instanceof ApiError)
		for (const issue of error.details.issues ?? []) out[issue.path] ??= issue.message;
	return out;
}

export function errorMessage(error: unknown, fallback = "An unexpected error occurred"): string {
	return error instanceof Error && error.message ? error.message : fallback;
}
