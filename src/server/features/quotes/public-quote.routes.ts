import { createRoute, z } from "@hono/zod-openapi";
import { publicQuoteSchema } from "../../../shared/public-quote.ts";
import { rateLimit } from "../../lib/rate-limit.ts";
import { createRouter, errorResponses } from "../../lib/router.ts";
import { submitPublicQuote } from "./public-quote.service.ts";
import { quoteUploadForm, quoteUploadLimit } from "./quote-upload.ts";

export const PUBLIC_QUOTE_PATH = "/public/quote-requests";

const publicQuoteFormSchema = quoteUploadForm(
	publicQuoteSchema,
	"JSON of the quote form: name, email, phone, address, city, state, zipCode, services, notes, withInstantQuote",
);

export const publicQuoteRoutes = createRouter().openapi(
	createRoute({
		method: "post",
		path: PUBLIC_QUOTE_PATH,
		tags: ["quotes"],
		summary: "Request a quote from the public site, with photos; the business is notified (public)",
		middleware: [quoteUploadLimit, rateLimit("quote")] as const,
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
