import { createRoute, z } from "@hono/zod-openapi";
import {
	customerCardSchema,
	dashboardSchema,
	myCustomerSchema,
} from "../../../shared/customers.ts";
import { createRouter, errorResponses } from "../../lib/router.ts";
import { requireOwner, requireUser } from "../auth/auth.middleware.ts";
import { listRecentQuotes } from "../quotes/quote-list.service.ts";
import { getDashboardStats, listCustomerCards } from "./customer-cards.service.ts";
import { getMyCustomer } from "./customers.service.ts";

const json = <T>(schema: T) => ({ content: { "application/json": { schema } } });
const pageQuery = z.object({
	cursor: z.string().max(100).optional(),
	limit: z.coerce.number().int().min(1).max(100).optional(),
});

export const customersRoutes = createRouter()
	.openapi(
		createRoute({
			method: "get",
			path: "/owner/dashboard",
			tags: ["customers"],
			summary: "Stat tiles, the three newest quote requests and the first customer cards",
			middleware: [requireOwner] as const,
			responses: { 200: { description: "Dashboard", ...json(dashboardSchema) }, ...errorResponses },
		}),
		async (c) => {
			const { db } = c.var.deps;
			const [stats, recentQuotes, page] = await Promise.all([
				getDashboardStats({ db }),
				listRecentQuotes({ db, limit: 3 }),
				listCustomerCards({ db }),
			]);
			return c.json({ stats, recentQuotes, ...page }, 200);
		},
	)
	.openapi(
		createRoute({
			method: "get",
			path: "/owner/customers",
			tags: ["customers"],
			summary: "Customer cards, newest first, a page at a time",
			middleware: [requireOwner] as const,
			request: { query: pageQuery },
			responses: {
				200: {
					description: "A page of customers",
					...json(
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
					...json(z.object({ customer: myCustomerSchema.nullable() })),
				},
				...errorResponses,
			},
		}),
		async (c) =>
			c.json({ customer: await getMyCustomer({ db: c.var.deps.db, userId: c.var.user.id }) }, 200),
	);
