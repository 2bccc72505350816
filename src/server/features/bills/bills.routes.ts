import { createRoute, z } from "@hono/zod-openapi";
import { cachedJson, createRouter, errorResponses } from "../../lib/router.ts";
import { requireUser } from "../auth/auth.middleware.ts";
import { getPricing } from "../settings/settings.service.ts";
import { listBills } from "./bills.service.ts";

const billSchema = z.object({
	id: z.uuid(),
	description: z.string(),
	amountCents: z.number().int(),
	dueDate: z.string(),
	status: z.enum(["pending", "paid"]),
	paidAt: z.string().nullable(),
	createdAt: z.string(),
});

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
				content: {
					"application/json": {
						schema: z.object({
							bills: z.array(billSchema),
							planPriceCents: z.number().int(),
						}),
					},
				},
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
