import { createRoute, z } from "@hono/zod-openapi";
import { createMiddleware } from "hono/factory";
import { publicQuoteSchema } from "../../../shared/public-quote.ts";
import { customerQuoteSchema } from "../../../shared/quote-request.ts";
import {
	approveQuoteSchema,
	ownerQuoteQuerySchema,
	QUOTE_SOURCES,
	quoteCountsSchema,
	quoteDecisionSchema,
	quoteFlagsSchema,
	quotePageSchema,
	quoteViewSchema,
	reviseQuoteSchema,
} from "../../../shared/quotes.ts";
import type { OwnerEnv, SignedInEnv } from "../../app-env.ts";
import { idempotent, unlessRepeated } from "../../lib/idempotency.ts";
import { pageQuerySchema } from "../../lib/paging.ts";
import { rateLimit } from "../../lib/rate-limit.ts";
import { customerTag, OWNER_TAG } from "../../lib/read-cache.ts";
import { cachedJson, createRouter, errorResponses, jsonContent } from "../../lib/router.ts";
import { assertEmailConfirmed, signedIn } from "../auth/auth.middleware.ts";
import { uploadQuota } from "../files/upload-quota.service.ts";
import {
	acceptRevisedQuote,
	approveQuote,
	declineRevisedQuote,
	rejectQuote,
	reviseQuote,
} from "./quote-decisions.service.ts";
import { countOwnerQuotes, getLatestQuote, listOpenQuotes } from "./quote-list.service.ts";
import { refuseWhileQuoteOpen, submitQuoteRequest } from "./quote-submission.service.ts";
import { quoteUploadForm, quoteUploadLimit } from "./quote-upload.ts";
import { updateQuoteFlags } from "./quotes.service.ts";

const quoteParams = z.object({ id: z.uuid("Quote not found") });
const ownerQuoteParams = quoteParams.extend({ source: z.enum(QUOTE_SOURCES) });
const decided = {
	200: { description: "Decision recorded", ...jsonContent(quoteDecisionSchema) },
	409: { description: "Already decided" },
	...errorResponses,
};
const uploadResponses = {
	413: { description: "A photo or the whole upload is too large" },
	415: { description: "Not multipart/form-data" },
};

/** Runs after the sign-in guard, before the upload is read (see refuseWhileQuoteOpen). */
const noOpenQuote = createMiddleware<SignedInEnv>(async (c, next) => {
	await refuseWhileQuoteOpen({ db: c.var.deps.db, actor: c.var.user });
	await next();
});

/** Anyone: a quote request from the public site. */
export const publicRoutes = createRouter().openapi(
	createRoute({
		method: "post",
		path: "/public/quote-requests",
		tags: ["quotes"],
		summary: "Request a quote from the public site, with photos; the business is notified (public)",
		middleware: [
			rateLimit("quote", undefined, { acceptedOnly: true }),
			quoteUploadLimit,
			idempotent,
		] as const,
		request: {
			body: {
				content: {
					"multipart/form-data": {
						schema: quoteUploadForm(
							publicQuoteSchema,
							"JSON of the quote form: name, email, phone, address, city, state, zipCode, services, notes, withInstantQuote",
						),
					},
				},
				required: true,
			},
		},
		responses: {
			201: {
				description: "Quote request received",
				...jsonContent(z.object({ ok: z.literal(true) })),
			},
			400: errorResponses[400],
			429: errorResponses[429],
			...uploadResponses,
		},
	}),
	async (c) => {
		const { data, photos } = c.req.valid("form");
		const { website, name, email, phone, withInstantQuote, ...input } = data;
		// Honeypot filled: a bot. It gets the same answer, and nothing is stored or sent.
		if (!website?.trim()) {
			await submitQuoteRequest({
				deps: c.var.deps,
				source: {
					kind: "website",
					contact: { name, email, phone },
					withInstantQuote: withInstantQuote === true,
				},
				input,
				photos,
			});
		}
		return c.json({ ok: true as const }, 201);
	},
);

/** A signed-in customer's own quotes. */
export const customerRoutes = createRouter()
	.openapi(
		createRoute({
			method: "post",
			path: "/quote-requests",
			tags: ["quotes"],
			summary:
				"Request a quote for my property, with photos (photos need a confirmed e-mail address); the business is notified",
			middleware: signedIn(
				unlessRepeated(noOpenQuote),
				uploadQuota("quote_photo", { filesOptional: true }),
				quoteUploadLimit,
				idempotent,
			),
			request: {
				body: {
					content: {
						"multipart/form-data": {
							schema: quoteUploadForm(
								customerQuoteSchema,
								"JSON of the quote form: address, city, state, zipCode, services, notes",
							),
						},
					},
					required: true,
				},
			},
			responses: {
				201: { description: "Quote request received", ...jsonContent(z.object({ id: z.uuid() })) },
				409: { description: "Another quote is waiting for a decision or approved" },
				...uploadResponses,
				...errorResponses,
			},
		}),
		async (c) => {
			const { data, photos } = c.req.valid("form");
			// The first step stays open to a new account; only photos wait for the confirmed address.
			if (photos.length > 0) assertEmailConfirmed(c.var.user);
			const { id } = await submitQuoteRequest({
				deps: c.var.deps,
				source: { kind: "app", actor: c.var.user },
				input: data,
				photos,
			});
			return c.json({ id }, 201);
		},
	)
	.openapi(
		createRoute({
			method: "get",
			path: "/quotes/latest",
			tags: ["quotes"],
			summary: "My most recent quote request",
			middleware: signedIn(),
			responses: {
				200: {
					description: "Latest quote or null",
					...jsonContent(z.object({ quote: quoteViewSchema.nullable() })),
				},
				...errorResponses,
			},
		}),
		async (c) => {
			const actor = c.var.user;
			return cachedJson(c, `latest-quote:${actor.id}`, [customerTag(actor.id)], async () => ({
				quote: await getLatestQuote({ db: c.var.deps.db, actor }),
			}));
		},
	)
	.openapi(
		createRoute({
			method: "get",
			path: "/quotes/approved",
			tags: ["quotes"],
			summary: "My most recent approved quote: the service I have (Profile tab)",
			middleware: signedIn(),
			responses: {
				200: {
					description: "Approved quote or null",
					...jsonContent(z.object({ quote: quoteViewSchema.nullable() })),
				},
				...errorResponses,
			},
		}),
		async (c) => {
			const actor = c.var.user;
			return cachedJson(c, `approved-quote:${actor.id}`, [customerTag(actor.id)], async () => ({
				quote: await getLatestQuote({ db: c.var.deps.db, actor, approved: true }),
			}));
		},
	)
	.openapi(
		createRoute({
			method: "post",
			path: "/quotes/{id}/accept",
			tags: ["quotes"],
			summary: "Accept my revised quote (approves it)",
			middleware: signedIn(),
			request: { params: quoteParams },
			responses: decided,
		}),
		async (c) => {
			const { id } = c.req.valid("param");
			return c.json(await acceptRevisedQuote({ deps: c.var.deps, actor: c.var.user, id }), 200);
		},
	)
	.openapi(
		createRoute({
			method: "post",
			path: "/quotes/{id}/decline",
			tags: ["quotes"],
			summary: "Decline my revised quote",
			middleware: signedIn(),
			request: { params: quoteParams },
			responses: decided,
		}),
		async (c) => {
			const { id } = c.req.valid("param");
			return c.json(await declineRevisedQuote({ deps: c.var.deps, actor: c.var.user, id }), 200);
		},
	)
	.openapi(
		createRoute({
			method: "patch",
			path: "/quotes/{id}",
			tags: ["quotes"],
			summary: "Dismiss my approval banner or quote details card",
			middleware: signedIn(),
			request: {
				params: quoteParams,
				body: { ...jsonContent(quoteFlagsSchema), required: true },
			},
			responses: { 204: { description: "Saved" }, ...errorResponses },
		}),
		async (c) => {
			await updateQuoteFlags({
				deps: c.var.deps,
				actor: c.var.user,
				id: c.req.valid("param").id,
				flags: c.req.valid("json"),
			});
			return c.body(null, 204);
		},
	);

/** The owner's quote list and decisions, under /api/owner. */
export const ownerRoutes = createRouter<OwnerEnv>()
	.openapi(
		createRoute({
			method: "get",
			path: "/quotes",
			tags: ["quotes"],
			summary:
				"Quotes from the app and the website, newest first, a page at a time: by default the open ones (not approved); `status` picks one filter (`approved`: approved website quotes whose customer has no account yet; `all`: the open ones and those)",
			request: { query: pageQuerySchema.extend(ownerQuoteQuerySchema.shape) },
			responses: {
				200: { description: "A page of quotes", ...jsonContent(quotePageSchema) },
				...errorResponses,
			},
		}),
		async (c) => {
			const { cursor, limit, status } = c.req.valid("query");
			return cachedJson(
				c,
				`owner-quotes:${status}:${limit ?? ""}:${cursor ?? ""}`,
				[OWNER_TAG],
				() => listOpenQuotes({ db: c.var.deps.db, actor: c.var.user, cursor, limit, status }),
			);
		},
	)
	.openapi(
		createRoute({
			method: "get",
			path: "/quotes/counts",
			tags: ["quotes"],
			summary: "How many quotes each filter of the owner's quote list holds",
			responses: {
				200: { description: "Counts per filter", ...jsonContent(quoteCountsSchema) },
				...errorResponses,
			},
		}),
		(c) =>
			cachedJson(c, "owner-quote-counts", [OWNER_TAG], () =>
				countOwnerQuotes({ db: c.var.deps.db, actor: c.var.user }),
			),
	)
	.openapi(
		createRoute({
			method: "post",
			path: "/quotes/{source}/{id}/approve",
			tags: ["quotes"],
			summary: "Approve a quote (an app quote gets its bill and an active customer)",
			request: {
				params: ownerQuoteParams,
				body: { ...jsonContent(approveQuoteSchema), required: false },
			},
			responses: decided,
		}),
		async (c) => {
			const { source, id } = c.req.valid("param");
			const { unitPrices } = c.req.valid("json") ?? {};
			const deps = c.var.deps;
			return c.json(await approveQuote({ deps, actor: c.var.user, source, id, unitPrices }), 200);
		},
	)
	.openapi(
		createRoute({
			method: "post",
			path: "/quotes/{source}/{id}/revise",
			tags: ["quotes"],
			summary: "Send a quote back to the customer with a revised price",
			request: {
				params: ownerQuoteParams,
				body: { ...jsonContent(reviseQuoteSchema), required: true },
			},
			responses: decided,
		}),
		async (c) => {
			const { source, id } = c.req.valid("param");
			const { revisedPriceCents, notes } = c.req.valid("json");
			const actor = c.var.user;
			return c.json(
				await reviseQuote({ deps: c.var.deps, actor, source, id, revisedPriceCents, notes }),
				200,
			);
		},
	)
	.openapi(
		createRoute({
			method: "post",
			path: "/quotes/{source}/{id}/reject",
			tags: ["quotes"],
			summary: "Reject a quote",
			request: { params: ownerQuoteParams },
			responses: decided,
		}),
		async (c) => {
			const { source, id } = c.req.valid("param");
			return c.json(await rejectQuote({ deps: c.var.deps, actor: c.var.user, source, id }), 200);
		},
	);
