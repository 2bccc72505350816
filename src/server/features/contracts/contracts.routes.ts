import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { seasonIdSchema } from "../../../shared/bookings.ts";
import {
	contractListSchema,
	contractSchema,
	myContractSchema,
	saveTermsSchema,
	signContractSchema,
	termsListSchema,
	termsVersionSchema,
} from "../../../shared/contracts.ts";
import { seasonTimelineSchema } from "../../../shared/season-timeline.ts";
import type { AppEnv, OwnerEnv } from "../../app-env.ts";
import { idempotent } from "../../lib/idempotency.ts";
import { createRouter, errorResponses, jsonContent } from "../../lib/router.ts";
import { clientIp } from "../../lib/security.ts";
import { approvedQuoteOnly, signedIn } from "../auth/auth.middleware.ts";
import {
	getMyContract,
	listCustomerContracts,
	listTerms,
	saveTerms,
	signContract,
} from "./contracts.service.ts";
import { getCustomerTimeline, getMyTimeline } from "./timeline.service.ts";

const signBody = signContractSchema.extend({
	/** The version the customer read; signing is refused (409) if the terms changed since. */
	termsVersion: z.number().int().min(1).optional(),
});

/** The signed-in customer's contract and season. */
export const customerRoutes = createRouter()
	.openapi(
		createRoute({
			method: "get",
			path: "/contract",
			tags: ["contracts"],
			summary: "The current terms, my approved quote's lines and total, and my signed contracts",
			middleware: signedIn(),
			responses: {
				200: { description: "My contract", ...jsonContent(myContractSchema) },
				...errorResponses,
			},
		}),
		async (c) => c.json(await getMyContract({ db: c.var.deps.db, actor: c.var.user }), 200),
	)
	.openapi(
		createRoute({
			method: "post",
			path: "/contract/sign",
			tags: ["contracts"],
			summary: "Sign the contract of my approved quote on the current terms (once per quote)",
			// The approval gate answers before the body is read (SPEC's message, whatever is sent).
			middleware: signedIn(approvedQuoteOnly, idempotent),
			request: { body: { required: true, ...jsonContent(signBody) } },
			responses: {
				200: {
					description: "Signed (or already signed: the contract as it was)",
					...jsonContent(z.object({ agreedToServices: z.boolean(), contract: contractSchema })),
				},
				409: { description: "The terms changed since the customer read them" },
				...errorResponses,
			},
		}),
		async (c) => {
			const input = c.req.valid("json");
			const result = await signContract({
				deps: c.var.deps,
				actor: c.var.user,
				input,
				client: {
					ipAddress: clientIp(c as unknown as Context<AppEnv>),
					userAgent: (c.req.header("user-agent") ?? "unknown").slice(0, 500),
				},
			});
			return c.json(result, 200);
		},
	)
	.openapi(
		createRoute({
			method: "get",
			path: "/season-timeline",
			tags: ["contracts"],
			summary: "My season's steps, each derived from its record, with the current one's action",
			middleware: signedIn(),
			responses: {
				200: { description: "My season", ...jsonContent(seasonTimelineSchema) },
				...errorResponses,
			},
		}),
		async (c) => c.json(await getMyTimeline({ deps: c.var.deps, actor: c.var.user }), 200),
	);

const customerParams = z.object({ id: z.uuid("Customer not found") });

/** The owner's contract terms, and each customer's contracts and season, under /api/owner. */
export const ownerRoutes = createRouter<OwnerEnv>()
	.openapi(
		createRoute({
			method: "get",
			path: "/contract-terms",
			tags: ["contracts"],
			summary: "Every version of the contract terms, newest first",
			responses: {
				200: { description: "The versions", ...jsonContent(termsListSchema) },
				...errorResponses,
			},
		}),
		async (c) => c.json(await listTerms({ db: c.var.deps.db, actor: c.var.user }), 200),
	)
	.openapi(
		createRoute({
			method: "post",
			path: "/contract-terms",
			tags: ["contracts"],
			summary: "Save the terms as a new version; signed contracts keep theirs",
			middleware: [idempotent] as const,
			request: { body: { required: true, ...jsonContent(saveTermsSchema) } },
			responses: {
				201: { description: "The new version", ...jsonContent(termsVersionSchema) },
				409: { description: "Another version was saved at the same moment" },
				...errorResponses,
			},
		}),
		async (c) => {
			const { body } = c.req.valid("json");
			return c.json(await saveTerms({ deps: c.var.deps, actor: c.var.user, body }), 201);
		},
	)
	.openapi(
		createRoute({
			method: "get",
			path: "/customers/{id}/contracts",
			tags: ["contracts"],
			summary: "A customer's signed contracts, every season, newest first",
			request: { params: customerParams },
			responses: {
				200: { description: "The contracts", ...jsonContent(contractListSchema) },
				...errorResponses,
			},
		}),
		async (c) =>
			c.json(
				await listCustomerContracts({
					db: c.var.deps.db,
					actor: c.var.user,
					customerId: c.req.valid("param").id,
				}),
				200,
			),
	)
	.openapi(
		createRoute({
			method: "get",
			path: "/customers/{id}/season-timeline",
			tags: ["contracts"],
			summary:
				"A customer's season as they see it (the newest, or the one asked for), and the seasons they have records in; null for a record without a login",
			request: { params: customerParams, query: z.object({ season: seasonIdSchema.optional() }) },
			responses: {
				200: {
					description: "The season",
					...jsonContent(
						z.object({
							timeline: seasonTimelineSchema.nullable(),
							seasons: z.array(z.string()),
						}),
					),
				},
				...errorResponses,
			},
		}),
		async (c) =>
			c.json(
				await getCustomerTimeline({
					deps: c.var.deps,
					actor: c.var.user,
					customerId: c.req.valid("param").id,
					season: c.req.valid("query").season,
				}),
				200,
			),
	);
