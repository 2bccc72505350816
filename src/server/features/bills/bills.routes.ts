import { createRoute, z } from "@hono/zod-openapi";
import { myBillsSchema } from "../../../shared/bills.ts";
import { CUSTOMER_MESSAGES, markBillPaidSchema } from "../../../shared/customers.ts";
import type { OwnerEnv } from "../../app-env.ts";
import { customerTag, SITE_TAG } from "../../lib/read-cache.ts";
import { cachedJson, createRouter, errorResponses, jsonContent } from "../../lib/router.ts";
import { signedIn } from "../auth/auth.middleware.ts";
import { listBills, markBillPaid, undoMarkBillPaid } from "./bills.service.ts";

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
		const actor = c.var.user;
		return cachedJson(c, `bills:${actor.id}`, [customerTag(actor.id), SITE_TAG], () =>
			listBills({ db: c.var.deps.db, actor }),
		);
	},
);

/** The owner records payments taken in person, under /api/owner. */
export const ownerRoutes = createRouter<OwnerEnv>()
	.openapi(
		createRoute({
			method: "post",
			path: "/bills/{id}/mark-paid",
			tags: ["bills"],
			summary: "Record a pending bill as paid in cash or by check",
			request: {
				params: z.object({ id: z.uuid(CUSTOMER_MESSAGES.billNotFound) }),
				body: { content: { "application/json": { schema: markBillPaidSchema } }, required: true },
			},
			responses: {
				200: {
					description: "Paid",
					...jsonContent(
						z.object({
							id: z.uuid(),
							status: z.literal("paid"),
							paymentMethod: z.enum(["cash", "check"]),
							paidAt: z.string(),
							message: z.string(),
						}),
					),
				},
				409: { description: "Already paid" },
				...errorResponses,
			},
		}),
		async (c) => {
			const { id } = c.req.valid("param");
			const { method } = c.req.valid("json");
			return c.json(await markBillPaid({ deps: c.var.deps, actor: c.var.user, id, method }), 200);
		},
	)
	.openapi(
		createRoute({
			method: "post",
			path: "/bills/{id}/undo-mark-paid",
			tags: ["bills"],
			summary: "Take back a cash or check payment recorded in the last two minutes",
			request: { params: z.object({ id: z.uuid(CUSTOMER_MESSAGES.billNotFound) }) },
			responses: {
				200: {
					description: "The bill is pending again",
					...jsonContent(
						z.object({ id: z.uuid(), status: z.literal("pending"), message: z.string() }),
					),
				},
				409: {
					description:
						"Not paid, paid by card, a deposit that booked a day, or recorded more than two minutes ago",
				},
				...errorResponses,
			},
		}),
		async (c) => {
			const { id } = c.req.valid("param");
			return c.json(await undoMarkBillPaid({ deps: c.var.deps, actor: c.var.user, id }), 200);
		},
	);
