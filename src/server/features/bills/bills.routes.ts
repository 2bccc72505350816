import { createRoute } from "@hono/zod-openapi";
import { myBillsSchema } from "../../../shared/bills.ts";
import { cachedJson, createRouter, errorResponses } from "../../lib/router.ts";
import { requireUser } from "../auth/auth.middleware.ts";
import { getPricing } from "../settings/settings.service.ts";
import { listBills } from "./bills.service.ts";

export const billsRoutes = createRouter().openapi(
	createRoute({
		method: "get",
		path: "/bills",
		tags: ["bills"],
		summary: "My bills (pending first, newest first) and the monthly Plan for Next Year price",
		middleware: [requireUser] as const,
		responses: {
			200: {
				description: "Bills",
				content: { "application/json": { schema: myBillsSchema } },
			},
			...errorResponses,
		},
	}),
	async (c) => {
		const { db } = c.var.deps;
		const userId = c.var.user.id;
		return cachedJson(c, `bills:${userId}`, async () => {
			const [rows, pricing] = await Promise.all([listBills({ db, userId }), getPricing({ db })]);
			const bills = rows.map((b) => ({
				...b,
				paidAt: b.paidAt?.toISOString() ?? null,
				createdAt: b.createdAt.toISOString(),
			}));
			return { bills, planPriceCents: pricing.planPriceCents };
		});
	},
);
