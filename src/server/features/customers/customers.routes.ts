import { createRoute, z } from "@hono/zod-openapi";
import {
	customerCardSchema,
	dashboardSchema,
	myCustomerSchema,
} from "../../../shared/customers.ts";
import { pageQuerySchema } from "../../lib/paging.ts";
import { cachedJson, createRouter, errorResponses, jsonContent } from "../../lib/router.ts";
import { requireOwner, requireUser } from "../auth/auth.middleware.ts";
import { listRecentQuotes } from "../quotes/quote-list.service.ts";
import { getDashboardStats, listCustomerCards } from "./customer-cards.service.ts";
import { getMyCustomer } from "./customers.service.ts";

export const customersRoutes = createRouter()
	.openapi(
		createRoute({
			method: "get",
			path: "/owner/dashboard",
			tags: ["customers"],
			summary: "Stat tiles, the three newest quote requests and the first customer cards",
			middleware: [requireOwner] as const,
			responses: {
				200: { description: "Dashboard", ...jsonContent(dashboardSchema) },
				...errorResponses,
			},
		}),
		async (c) => {
			const { db } = c.var.deps;
			return cachedJson(c, "owner-dashboard", async () => {
				const [stats, recentQuotes, page] = await Promise.all([
					getDashboardStats({ db }),
					listRecentQuotes({ db, limit: 3 }),
					listCustomerCards({ db }),
				]);
				return { stats, recentQuotes, ...page };
			});
		},
	)
	.openapi(
		createRoute({
			method: "get",
			path: "/owner/customers",
			tags: ["customers"],
			summary: "Customer cards, newest first, a page at a time",
			middleware: [requireOwner] as const,
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
			return c.json(await listCustomerCards({ db: c.var.deps.db, cursor, limit }), 200);
		},
	)
	.openapi(
		createRoute({
			method: "get",
			path: "/customer",
			tags: ["customers"],
			summary: "My customer record (service type and progress), or null",
			middleware: [requireUser] as const,
			responses: {
				200: {
					description: "My record",
					...jsonContent(z.object({ customer: myCustomerSchema.nullable() })),
				},
				...errorResponses,
			},
		}),
		async (c) => {
			const userId = c.var.user.id;
			return cachedJson(c, `customer:${userId}`, async () => ({
				customer: await getMyCustomer({ db: c.var.deps.db, userId }),
			}));
		},
	);
