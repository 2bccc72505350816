import { createRoute, z } from "@hono/zod-openapi";
import { customerTag } from "../../lib/read-cache.ts";
import { cachedJson, createRouter, errorResponses, jsonContent } from "../../lib/router.ts";
import { signedIn } from "../auth/auth.middleware.ts";
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

/** A signed-in customer's own bills. */
export const customerRoutes = createRouter().openapi(
	createRoute({
		method: "get",
		path: "/bills",
		tags: ["bills"],
		summary: "My bills (pending first, newest first) and the monthly Plan for Next Year price",
		middleware: signedIn(),
		responses: {
			200: {
				description: "Bills",
				...jsonContent(z.object({ bills: z.array(billSchema), planPriceCents: z.number().int() })),
			},
			...errorResponses,
		},
	}),
	async (c) => {
		const { db } = c.var.deps;
		const actor = c.var.user;
		return cachedJson(c, `bills:${actor.id}`, [customerTag(actor.id)], async () => {
			const [rows, pricing] = await Promise.all([listBills({ db, actor }), getPricing({ db })]);
			const bills = rows.map((b) => ({
				...b,
				paidAt: b.paidAt?.toISOString() ?? null,
				createdAt: b.createdAt.toISOString(),
			}));
			return { bills, planPriceCents: pricing.planPriceCents };
		});
	},
);
