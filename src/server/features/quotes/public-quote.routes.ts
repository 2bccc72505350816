import { createRoute, z } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import { MAX_QUOTE_PHOTOS } from "../../../shared/estimate.ts";
import { publicQuoteSchema } from "../../../shared/public-quote.ts";
import { rateLimit } from "../../lib/rate-limit.ts";
import { createRouter, errorResponses } from "../../lib/router.ts";
import { MAX_FILE_BYTES } from "../files/files.service.ts";
import { submitPublicQuote, TOO_MANY_PHOTOS } from "./public-quote.service.ts";

export const PUBLIC_QUOTE_PATH = "/public/quote-requests";
/** Six photos of 10 MB each, the form's JSON and multipart overhead; other API routes keep 1 MB. */
export const PUBLIC_QUOTE_BODY_LIMIT = MAX_QUOTE_PHOTOS * MAX_FILE_BYTES + 2 * 1024 * 1024;

const photo = z
	.instanceof(File, { message: "Photos must be image files" })
	.openapi({ type: "string", format: "binary" });

/** `data` is the form's JSON (publicQuoteSchema); `photos` repeats once per image. */
const publicQuoteFormSchema = z.object({
	data: z
		.string("Missing the form data")
		.max(1024 * 1024, "The form data is too large")
		.transform((text, ctx) => {
			try {
				return JSON.parse(text) as unknown;
			} catch {
				ctx.addIssue({ code: "custom", message: "The form data is not valid JSON" });
				return z.NEVER;
			}
		})
		.pipe(publicQuoteSchema)
		.openapi({
			type: "string",
			description:
				"JSON of the quote form: name, email, phone, address, city, state, zipCode, services, notes, withInstantQuote",
		}),
	photos: z
		.preprocess(
			(v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
			z.array(photo).max(MAX_QUOTE_PHOTOS, TOO_MANY_PHOTOS),
		)
		.openapi({
			type: "array",
			items: { type: "string", format: "binary" },
			description: `Up to ${MAX_QUOTE_PHOTOS} images (JPEG, PNG, WebP, GIF or HEIC), 10 MB each`,
		}),
});

export const publicQuoteRoutes = createRouter().openapi(
	createRoute({
		method: "post",
		path: PUBLIC_QUOTE_PATH,
		tags: ["quotes"],
		summary: "Request a quote from the public site, with photos; the business is notified (public)",
		middleware: [
			bodyLimit({
				maxSize: PUBLIC_QUOTE_BODY_LIMIT,
				onError: (c) =>
					c.json(
						{
							error: `The upload is too large. Send at most ${MAX_QUOTE_PHOTOS} photos of up to 10 MB each.`,
						},
						413,
					),
			}),
			rateLimit("quote"),
		] as const,
		request: {
			body: {
				content: { "multipart/form-data": { schema: publicQuoteFormSchema } },
				required: true,
			},
		},
		responses: {
			201: {
				description: "Quote request received",
				content: { "application/json": { schema: z.object({ ok: z.literal(true) }) } },
			},
			400: errorResponses[400],
			413: { description: "A photo or the whole upload is too large" },
			415: { description: "Not multipart/form-data" },
			429: errorResponses[429],
		},
	}),
	async (c) => {
		const { data, photos } = c.req.valid("form");
		const { website, ...input } = data;
		// Honeypot filled: a bot. It gets the same answer, and nothing is stored or sent.
		if (!website?.trim()) await submitPublicQuote({ deps: c.var.deps, input, photos });
		return c.json({ ok: true as const }, 201);
	},
);
