import { createRoute, z } from "@hono/zod-openapi";
import {
	approveQuoteSchema,
	QUOTE_SOURCES,
	quoteDecisionSchema,
	reviseQuoteSchema,
} from "../../../shared/quotes.ts";
import { createRouter, errorResponses } from "../../lib/router.ts";
import { requireOwner, requireUser } from "../auth/auth.middleware.ts";
import { approveQuote, rejectQuote, reviseQuote } from "./quote-decisions.service.ts";

const json = <T>(schema: T) => ({ content: { "application/json": { schema } } });
const ownerParams = z.object({ source: z.enum(QUOTE_SOURCES), id: z.uuid("Quote not found") });
const customerParams = z.object({ id: z.uuid("Quote not found") });
const decided = {
	200: { description: "Decision recorded", ...json(quoteDecisionSchema) },
	409: { description: "Already decided" },
	...errorResponses,
};

export const quotesRoutes = createRouter()
	.openapi(
		createRoute({
			method: "post",
			path: "/owner/quotes/{source}/{id}/approve",
			tags: ["quotes"],
			summary: "Approve a quote (an app quote gets its bill and an active customer)",
			middleware: [requireOwner] as const,
			request: { params: ownerParams, body: { ...json(approveQuoteSchema), required: false } },
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
			request: { params: ownerParams, body: { ...json(reviseQuoteSchema), required: true } },
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
	);
