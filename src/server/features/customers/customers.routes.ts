import { createRoute, z } from "@hono/zod-openapi";
import {
	customerCardSchema,
	dashboardSchema,
	myCustomerSchema,
} from "../../../shared/customers.ts";
import type { OwnerEnv } from "../../app-env.ts";
import { pageQuerySchema } from "../../lib/paging.ts";
import { customerTag, OWNER_TAG } from "../../lib/read-cache.ts";
import { cachedJson, createRouter, errorResponses, jsonContent } from "../../lib/router.ts";
import { signedIn } from "../auth/auth.middleware.ts";
import { listRecentQuotes } from "../quotes/quote-list.service.ts";
import { getDashboardStats, listCustomerCards } from "./customer-cards.service.ts";
import { getMyCustomer, signContract } from "./customers.service.ts";
import { createCustomerFromWebsiteQuote } from "./website-customer.service.ts";

/** A signed-in customer's own record and contract. */
export const customerRoutes = createRouter()
	.openapi(
		createRoute({
			method: "get",
			path: "/customer",
			tags: ["customers"],
			summary: "My customer record (service type and progress), or null",
			middleware: signedIn(),
			responses: {
				200: {
					description: "My record",
					...jsonContent(z.object({ customer: myCustomerSchema.nullable() })),
				},
				...errorResponses,
			},
		}),
		async (c) => {
			const actor = c.var.user;
			return cachedJson(c, `customer:${actor.id}`, [customerTag(actor.id)], async () => ({
				customer: await getMyCustomer({ db: c.var.deps.db, actor }),
			}));
		},
	)
	.openapi(
		createRoute({
			method: "post",
			path: "/contract/sign",
			tags: ["customers"],
			summary: "Sign the service contract of my approved quote",
			middleware: signedIn(),
			responses: {
				200: { description: "Signed", ...jsonContent(z.object({ agreedToServices: z.boolean() })) },
				...errorResponses,
			},
		}),
		async (c) => c.json(await signContract({ deps: c.var.deps, actor: c.var.user }), 200),
	);

/** The owner's dashboard, customer list and new customers, under /api/owner. */
export const ownerRoutes = createRouter<OwnerEnv>()
	.openapi(
		createRoute({
			method: "get",
			path: "/dashboard",
			tags: ["customers"],
			summary: "Stat tiles, the three newest quote requests and the first customer cards",
			responses: {
				200: { description: "Dashboard", ...jsonContent(dashboardSchema) },
				...errorResponses,
			},
		}),
		async (c) => {
			const { db } = c.var.deps;
			const actor = c.var.user;
			return cachedJson(c, "owner-dashboard", [OWNER_TAG], async () => {
				const [stats, recentQuotes, page] = await Promise.all([
					getDashboardStats({ db, actor }),
					listRecentQuotes({ db, actor, limit: 3 }),
					listCustomerCards({ db, actor }),
				]);
				return { stats, recentQuotes, ...page };
			});
		},
	)
	.openapi(
		createRoute({
			method: "get",
			path: "/customers",
			tags: ["customers"],
			summary: "Customer cards, newest first, a page at a time",
			request: { query: pageQuerySchema },
			responses: {
				200: {
					description: "A page of customers",
					...jsonContent(
						z.object({ customers: z.array(customerCardSchema), nextCursor: z.string().nullable() }),
					),
				},
				...errorResponses,
			},
		}),
		async (c) => {
			const { cursor, limit } = c.req.valid("query");
			const actor = c.var.user;
			return c.json(await listCustomerCards({ db: c.var.deps.db, actor, cursor, limit }), 200);
		},
	)
	.openapi(
		createRoute({
			method: "post",
			path: "/quotes/website/{id}/customer-account",
			tags: ["customers"],
			summary:
				"Create the login of an approved website quote's customer and e-mail them a link to set a password",
			request: { params: z.object({ id: z.uuid("Quote not found") }) },
			responses: {
				201: {
					description: "Account created, quote and bill moved to it, invite sent",
					...jsonContent(z.object({ userId: z.string(), message: z.string() })),
				},
				409: { description: "Not approved yet, or an account exists already" },
				...errorResponses,
			},
		}),
		async (c) => {
			const { id } = c.req.valid("param");
			const created = await createCustomerFromWebsiteQuote({
				deps: c.var.deps,
				actor: c.var.user,
				id,
			});
			return c.json(created, 201);
		},
	);
