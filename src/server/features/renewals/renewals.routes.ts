import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
	acceptRenewalSchema,
	declineRenewalSchema,
	extendRenewalSchema,
	myRenewalSchema,
	RENEWAL_MESSAGES,
	renewalAcceptedSchema,
	renewalPipelineSchema,
	renewalsSentSchema,
	sendRenewalsSchema,
} from "../../../shared/renewals.ts";
import type { AppEnv, OwnerEnv } from "../../app-env.ts";
import { idempotent } from "../../lib/idempotency.ts";
import { createRouter, errorResponses, jsonContent } from "../../lib/router.ts";
import { clientIp } from "../../lib/security.ts";
import { signedIn } from "../auth/auth.middleware.ts";
import {
	acceptRenewal,
	declineRenewal,
	extendRenewal,
	getMyRenewal,
	getRenewalPipeline,
	sendOffers,
} from "./renewals.service.ts";

const offerParams = z.object({ id: z.uuid(RENEWAL_MESSAGES.notFound) });

/** The signed-in customer's renewal offer. */
export const customerRoutes = createRouter()
	.openapi(
		createRoute({
			method: "get",
			path: "/renewal",
			tags: ["renewals"],
			summary: "My newest renewal offer (null when I have none)",
			middleware: signedIn(),
			responses: {
				200: { description: "My offer", ...jsonContent(myRenewalSchema) },
				...errorResponses,
			},
		}),
		async (c) => c.json(await getMyRenewal({ deps: c.var.deps, actor: c.var.user }), 200),
	)
	.openapi(
		createRoute({
			method: "post",
			path: "/renewal/{id}/accept",
			tags: ["renewals"],
			summary:
				"Renew: next season's approved quote at the offer's price, its bill and the signed contract, at once",
			middleware: signedIn(idempotent),
			request: {
				params: offerParams,
				body: { required: true, ...jsonContent(acceptRenewalSchema) },
			},
			responses: {
				200: { description: "Renewed (or renewed before)", ...jsonContent(renewalAcceptedSchema) },
				409: {
					description: "The offer expired or was declined, or the terms changed and were not read",
				},
				...errorResponses,
			},
		}),
		async (c) =>
			c.json(
				await acceptRenewal({
					deps: c.var.deps,
					actor: c.var.user,
					id: c.req.valid("param").id,
					input: c.req.valid("json"),
					client: {
						ipAddress: clientIp(c as unknown as Context<AppEnv>),
						userAgent: (c.req.header("user-agent") ?? "unknown").slice(0, 500),
					},
				}),
				200,
			),
	)
	.openapi(
		createRoute({
			method: "post",
			path: "/renewal/{id}/decline",
			tags: ["renewals"],
			summary: "Not This Year: decline my offer, with an optional reason",
			middleware: signedIn(),
			request: {
				params: offerParams,
				body: { required: true, ...jsonContent(declineRenewalSchema) },
			},
			responses: {
				200: { description: "Declined", ...jsonContent(myRenewalSchema) },
				409: { description: "The offer expired, was declined or was taken" },
				...errorResponses,
			},
		}),
		async (c) =>
			c.json(
				await declineRenewal({
					deps: c.var.deps,
					actor: c.var.user,
					id: c.req.valid("param").id,
					reason: c.req.valid("json").reason,
				}),
				200,
			),
	);

/** Dashboard → Renewals, under /api/owner. */
export const ownerRoutes = createRouter<OwnerEnv>()
	.openapi(
		createRoute({
			method: "get",
			path: "/renewals",
			tags: ["renewals"],
			summary:
				"The season's renewals: counts by state, the rate, renewed revenue and each customer's state",
			responses: {
				200: { description: "The pipeline", ...jsonContent(renewalPipelineSchema) },
				...errorResponses,
			},
		}),
		async (c) => c.json(await getRenewalPipeline({ deps: c.var.deps, actor: c.var.user }), 200),
	)
	.openapi(
		createRoute({
			method: "post",
			path: "/renewals/send",
			tags: ["renewals"],
			summary: "Send Renewal Offers: to every eligible customer without one, or to one customer",
			request: { body: { required: true, ...jsonContent(sendRenewalsSchema) } },
			responses: {
				200: { description: "How many were made", ...jsonContent(renewalsSentSchema) },
				409: { description: "That customer is not eligible" },
				...errorResponses,
			},
		}),
		async (c) =>
			c.json(
				await sendOffers({
					deps: c.var.deps,
					actor: c.var.user,
					customerId: c.req.valid("json").customerId,
				}),
				200,
			),
	)
	.openapi(
		createRoute({
			method: "patch",
			path: "/renewals/{id}",
			tags: ["renewals"],
			summary: "Extend an open or expired offer to a new last day",
			request: {
				params: offerParams,
				body: { required: true, ...jsonContent(extendRenewalSchema) },
			},
			responses: {
				200: { description: "Extended", ...jsonContent(myRenewalSchema) },
				409: { description: "The offer was taken or declined" },
				...errorResponses,
			},
		}),
		async (c) =>
			c.json(
				await extendRenewal({
					deps: c.var.deps,
					actor: c.var.user,
					id: c.req.valid("param").id,
					expiresOn: c.req.valid("json").expiresOn,
				}),
				200,
			),
	);
