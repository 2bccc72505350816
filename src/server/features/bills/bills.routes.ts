import { createRoute } from "@hono/zod-openapi";
import { myBillsSchema } from "../../../shared/bills.ts";
import { customerTag, SITE_TAG } from "../../lib/read-cache.ts";
import { cachedJson, createRouter, errorResponses, jsonContent } from "../../lib/router.ts";
import { signedIn } from "../auth/auth.middleware.ts";
import { getPricing } from "../settings/settings.service.ts";
import { listBills } from "./bills.service.ts";

/** A signed-in customer's own bills. */
export const customerRoutes = createRouter().openapi(
	createRoute({
		method: "get",
		path: "/bills",
		tags: ["bills"],
		summary: "My bills (pending first, newest first) and the monthly Plan for Next Year price",
		middleware: signedIn(),
		responses: {
			200: { description: "Bills", ...jsonContent(myBillsSchema) },
			...errorResponses,
		},
	}),
	async (c) => {
		const { db } = c.var.deps;
		const actor = c.var.user;
		return cachedJson(c, `bills:${actor.id}`, [customerTag(actor.id), SITE_TAG], async () => {
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
