import { z } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import type { MiddlewareHandler } from "hono/types";
import type { AppEnv } from "../app-env.ts";
import { CONTROL_CHARACTERS_MESSAGE, jsonHasControlCharacters } from "./security.ts";

const MB = 1024 * 1024;

/**
 * Every upload is multipart: the form's JSON in `data` (checked by `data`) and the files under
 * one repeated field. `maxFiles` and the messages are the route's own.
 */
export function multipartForm<T extends z.ZodType, F extends string>(options: {
	data: T;
	description: string;
	files: F;
	maxFiles: number;
	tooMany: string;
	notAFile: string;
	filesDescription: string;
}) {
	const file = z
		.instanceof(File, { message: options.notAFile })
		.openapi({ type: "string", format: "binary" });
	return z.object({
		data: z
			.string("Missing the form data")
			.max(MB, "The form data is too large")
			.transform((text, ctx) => {
				if (jsonHasControlCharacters(text)) {
					ctx.addIssue({ code: "custom", message: CONTROL_CHARACTERS_MESSAGE });
					return z.NEVER;
				}
				try {
					return JSON.parse(text) as unknown;
				} catch {
					ctx.addIssue({ code: "custom", message: "The form data is not valid JSON" });
					return z.NEVER;
				}
			})
			.pipe(options.data)
			// A string part holding JSON: documented as such, with the JSON's own schema.
			.openapi({
				description: options.description,
				contentMediaType: "application/json",
				contentSchema: z.toJSONSchema(options.data, { io: "input", unrepresentable: "any" }),
			} as Record<string, unknown>),
		[options.files]: z
			.preprocess(
				(v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
				z.array(file).max(options.maxFiles, options.tooMany),
			)
			.openapi({
				type: "array",
				items: { type: "string", format: "binary" },
				description: options.filesDescription,
			}),
	} as { data: z.ZodPipe<z.ZodPipe<z.ZodString, z.ZodTransform<unknown, string>>, T> } & {
		[K in F]: z.ZodPipe<z.ZodTransform<unknown, unknown>, z.ZodArray<typeof file>>;
	});
}

/**
 * The body limit an upload route declares for itself: its files and the form's JSON, with a
 * message people can act on. Other API routes keep the app's 1 MB.
 */
export function uploadLimit(options: {
	maxFiles: number;
	maxFileBytes: number;
	message: string;
}): MiddlewareHandler<AppEnv> {
	return bodyLimit({
		maxSize: options.maxFiles * options.maxFileBytes + 2 * MB,
		onError: (c) => c.json({ error: options.message }, 413),
	});
}

/**
 * Beyond any upload route's own limit: the app refuses bodies this large before routing, and
 * each route answers smaller excesses with its own message.
 */
export const LARGEST_UPLOAD_BYTES = 100 * MB;
