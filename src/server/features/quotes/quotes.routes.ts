import { createRoute, z } from "@hono/zod-openapi";
import { customerQuoteSchema } from "../../../shared/quote-request.ts";
import {
	approveQuoteSchema,
	QUOTE_SOURCES,
	quoteDecisionSchema,
	quoteFlagsSchema,
	quotePageSchema,
	quoteViewSchema,
	reviseQuoteSchema,
} from "../../../shared/quotes.ts";
import { pageQuerySchema } from "../../lib/paging.ts";
import { cachedJson, createRouter, errorResponses, jsonContent } from "../../lib/router.ts";
import { requireOwner, requireUser } from "../auth/auth.middleware.ts";
import { signContract } from "../customers/customers.service.ts";
import { submitCustomerQuote } from "./customer-quote.service.ts";
import { approveQuote, rejectQuote, reviseQuote } from "./quote-decisions.service.ts";
import { getLatestQuote, listOpenQuotes } from "./quote-list.service.ts";
import { quoteUploadForm, quoteUploadLimit } from "./quote-upload.ts";
import { requireApprovedQuote, updateQuoteFlags } from "./quotes.service.ts";
import { createCustomerFromWebsiteQuote } from "./website-customer.service.ts";

export const CUSTOMER_QUOTE_PATH = "/quote-requests";
const customerQuoteForm = quoteUploadForm(
	customerQuoteSchema,
	"JSON of the quote form: address, city, state, zipCode, services, notes",
);
const ownerParams = z.object({ source: z.enum(QUOTE_SOURCES), id: z.uuid("Quote not found") });
const customerParams = z.object({ id: z.uuid("Quote not found") });
const decided = {
	200: { description: "Decision recorded", ...jsonContent(quoteDecisionSchema) },
	409: { description: "Already decided" },
	...errorResponses,
};

export const quotesRoutes = createRouter()
	.openapi(
		createRoute({
			method: "post",
			path: CUSTOMER_QUOTE_PATH,
			tags: ["quotes"],
			summary: "Request a quote for my property, with photos; the business is notified",
			middleware: [quoteUploadLimit, requireUser] as const,
			request: {
				body: { content: { "multipart/form-data": { schema: customerQuoteForm } }, required: true },
			},
			responses: {
				201: { description: "Quote request received", ...jsonContent(z.object({ id: z.uuid() })) },
				409: { description: "Another quote is waiting for a decision or approved" },
				413: { description: "A photo or the whole upload is too large" },
				...errorResponses,
			},
		}),
		async (c) => {
			const { data, photos } = c.req.valid("form");
			const { id } = await submitCustomerQuote({
				deps: c.var.deps,
				userId: c.var.user.id,
				input: data,
				photos,
			});
			return c.json({ id }, 201);
		},
	)
	.openapi(
		createRoute({
			method: "post",
			path: "/owner/quotes/{source}/{id}/approve",
			tags: ["quotes"],
			summary: "Approve a quote (an app quote gets its bill and an active customer)",
			middleware: [requireOwner] as const,
			request: {
				params: ownerParams,
				body: { ...jsonContent(approveQuoteSchema), required: false },
			},
			responses: decided,
		}),
		async (c) => {
			const { source, id } = c.req.valid("param");
			const body = c.req.valid("json") ?? {};
			return c.json(
				await approveQuote({ deps: c.var.deps, source, id, unitPrices: body.unitPrices }),
				200,
			);
		},
	)
	.openapi(
		createRoute({
			method: "post",
			path: "/owner/quotes/{source}/{id}/revise",
			tags: ["quotes"],
			summary: "Send a quote back to the customer with a revised price",
			middleware: [requireOwner] as const,
			request: { params: ownerParams, body: { ...jsonContent(reviseQuoteSchema), required: true } },
			responses: decided,
		}),
		async (c) => {
			const { source, id } = c.req.valid("param");
			const { revisedPriceCents, notes } = c.req.valid("json");
			return c.json(
				await reviseQuote({ deps: c.var.deps, source, id, revisedPriceCents, notes }),
				200,
			);
		},
	)
	.openapi(
		createRoute({
			method: "post",
			path: "/owner/quotes/{source}/{id}/reject",
			tags: ["quotes"],
			summary: "Reject a quote",
			middleware: [requireOwner] as const,
			request: { params: ownerParams },
			responses: decided,
		}),
		async (c) => {
			const { source, id } = c.req.valid("param");
			return c.json(await rejectQuote({ deps: c.var.deps, source, id }), 200);
		},
	)
	.openapi(
		createRoute({
			method: "post",
			path: "/owner/quotes/website/{id}/customer-account",
			tags: ["quotes"],
			summary:
				"Create the login of an approved website quote's customer and e-mail them a link to set a password",
			middleware: [requireOwner] as const,
			request: { params: customerParams },
			responses: {
				201: {
					description: "Account created, quote and bill moved to it, invite sent",
					...jsonContent(z.object({ userId: z.string(), message: z.string() })),
				},
				409: { description: "Not approved yet, or an account exists already" },
				...errorResponses,
			},
		}),
		async (c) =>
			c.json(
				await createCustomerFromWebsiteQuote({ deps: c.var.deps, id: c.req.valid("param").id }),
				201,
			),
	)
	.openapi(
		createRoute({
			method: "post",
			path: "/quotes/{id}/accept",
			tags: ["quotes"],
			summary: "Accept my revised quote (approves it)",
			middleware: [requireUser] as const,
			request: { params: customerParams },
			responses: decided,
		}),
		async (c) => {
			const { id } = c.req.valid("param");
			const deps = c.var.deps;
			return c.json(
				await approveQuote({ deps, source: "app", id, customerUserId: c.var.user.id }),
				200,
			);
		},
	)
	.openapi(
		createRoute({
			method: "post",
			path: "/quotes/{id}/decline",
			tags: ["quotes"],
			summary: "Decline my revised quote",
			middleware: [requireUser] as const,
			request: { params: customerParams },
			responses: decided,
		}),
		async (c) => {
			const { id } = c.req.valid("param");
			const deps = c.var.deps;
			return c.json(
				await rejectQuote({ deps, source: "app", id, customerUserId: c.var.user.id }),
				200,
			);
		},
	)
	.openapi(
		createRoute({
			method: "get",
			path: "/owner/quotes",
			tags: ["quotes"],
			summary: "Open quotes from the app and the website, newest first, a page at a time",
			middleware: [requireOwner] as const,
			request: {
				query: pageQuerySchema,
			},
			responses: {
				200: { description: "A page of quotes", ...jsonContent(quotePageSchema) },
				...errorResponses,
			},
		}),
		async (c) => {
			const { cursor, limit } = c.req.valid("query");
			return cachedJson(c, `owner-quotes:${limit ?? ""}:${cursor ?? ""}`, () =>
				listOpenQuotes({ db: c.var.deps.db, cursor, limit }),
			);
		},
	)
	.openapi(
		createRoute({
			method: "get",
			path: "/quotes/latest",
			tags: ["quotes"],
			summary: "My most recent quote request",
			middleware: [requireUser] as const,
			responses: {
				200: {
					description: "Latest quote or null",
					...jsonContent(z.object({ quote: quoteViewSchema.nullable() })),
				},
				...errorResponses,
			},
		}),
		async (c) => {
			const userId = c.var.user.id;
			return cachedJson(c, `latest-quote:${userId}`, async () => ({
				quote: await getLatestQuote({ db: c.var.deps.db, userId }),
			}));
		},
	)
	.openapi(
		createRoute({
			method: "patch",
			path: "/quotes/{id}",
			tags: ["quotes"],
			summary: "Dismiss my approval banner or quote details card",
			middleware: [requireUser] as const,
			request: {
				params: customerParams,
				body: { ...jsonContent(quoteFlagsSchema), required: true },
			},
			responses: { 204: { description: "Saved" }, ...errorResponses },
		}),
		async (c) => {
			const { id } = c.req.valid("param");
			await updateQuoteFlags({
				db: c.var.deps.db,
				userId: c.var.user.id,
				id,
				flags: c.req.valid("json"),
			});
			return c.body(null, 204);
		},
	)
	.openapi(
		createRoute({
			method: "post",
			path: "/contract/sign",
			tags: ["quotes"],
			summary: "Sign the service contract of my approved quote",
			middleware: [requireUser] as const,
			responses: {
				200: { description: "Signed", ...jsonContent(z.object({ agreedToServices: z.boolean() })) },
				...errorResponses,
			},
		}),
		async (c) => {
			const { db } = c.var.deps;
			await requireApprovedQuote({ db, userId: c.var.user.id });
			return c.json({ agreedToServices: await signContract({ db, userId: c.var.user.id }) }, 200);
		},
	);
