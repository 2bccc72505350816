import { z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono/types";
import type { AppEnv } from "../app-env.ts";
import { boundaryOf, readForm } from "./form-reader.ts";
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
 * Parts a form may have: the largest the product sends has seven (its JSON and six photos). The
 * form parser builds every part in memory at once and on the event loop, where a form of a million
 * tiny parts stalled every other request for seconds, so a form with more is refused while it
 * arrives, before it is parsed.
 */
const MAX_FORM_PARTS = 32;
export const TOO_MANY_PARTS = `The upload has too many parts: a form can have at most ${MAX_FORM_PARTS}.`;

/**
 * The body limit an upload route declares for itself: its files and the form's JSON, with a
 * message people can act on, and at most MAX_FORM_PARTS parts. Other API routes keep the app's
 * 1 MB. Goes last in the route's middleware: the cheaper checks before it answer without reading
 * the body; this one reads it, counting its size and parts as they arrive, parses it off the
 * platform's parser (lib/form-reader.ts) and hands the form to the route's validator.
 */
export function uploadLimit(options: {
	maxFiles: number;
	maxFileBytes: number;
	message: string;
}): MiddlewareHandler<AppEnv> {
	const maxSize = options.maxFiles * options.maxFileBytes + 2 * MB;
	return async (c, next) => {
		const body = c.req.raw.body;
		if (!body) return next();
		const tooLarge = () => c.json({ error: options.message }, 413);
		const length = c.req.header("transfer-encoding")
			? undefined
			: Number(c.req.header("content-length") ?? Number.NaN);
		if (length !== undefined && length > maxSize) return tooLarge();
		const boundary = boundaryOf(c.req.header("content-type"));
		// Not a form: the route's validator answers it (415, or 400 for a form without a boundary).
		if (!boundary) return next();
		const form = await readForm(body, {
			boundary,
			maxSize,
			maxParts: MAX_FORM_PARTS,
			declaredSize: Number.isInteger(length) ? length : undefined,
		});
		if (form === "too large") return tooLarge();
		if (form === "too many parts") return c.json({ error: TOO_MANY_PARTS }, 413);
		// The route's form validator takes the parsed form from here instead of parsing the body.
		c.req.bodyCache.formData = form;
		return next();
	};
}

/**
 * Beyond any upload route's own limit: the app refuses bodies this large before routing, and
 * each route answers smaller excesses with its own message.
 */
export const LARGEST_UPLOAD_BYTES = 100 * MB;
