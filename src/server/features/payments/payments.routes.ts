import { createRoute, z } from "@hono/zod-openapi";
import { dollarsToCents } from "../../../shared/money.ts";
import {
	joinPlanSchema,
	PAYMENT_MESSAGES,
	payBillResultSchema,
	payBillSchema,
	paymentRecordSchema,
	paymentSetupSchema,
	planSchema,
	receiptSchema,
	refundInputSchema,
} from "../../../shared/payments.ts";
import type { OwnerEnv } from "../../app-env.ts";
import { idempotent } from "../../lib/idempotency.ts";
import { SITE_TAG } from "../../lib/read-cache.ts";
import { cachedJson, createRouter, errorResponses, jsonContent } from "../../lib/router.ts";
import { approvedQuoteOnly, signedIn } from "../auth/auth.middleware.ts";
import { payBill } from "./charge.service.ts";
import { getReceipt, listCustomerPayments } from "./payment-history.service.ts";
import { getPaymentSetup } from "./payment-setup.service.ts";
import { cancelPlan, getPlan, joinPlan } from "./plan.service.ts";
import { refundPayment } from "./refund.service.ts";
import { handleStripeWebhook } from "./stripe-webhook.service.ts";

const billParams = z.object({ id: z.uuid(PAYMENT_MESSAGES.billNotFound) });
const paymentErrors = {
	402: {
		description:
			"The card was refused (declined, insufficient funds, not a test card in test mode); nothing was charged",
	},
	409: { description: "Already paid, refunded, or a payment is under way" },
	502: { description: "The card provider could not be reached" },
	503: { description: "Payments are off: no Stripe keys and test mode switched off" },
	...errorResponses,
};
const planResult = z.union([
	z.object({ plan: planSchema, message: z.string() }),
	z.object({ kind: z.literal("redirect"), url: z.string() }),
]);

/** Stripe's webhook: no session, trusted by its signature alone. */
export const publicRoutes = createRouter().openapi(
	createRoute({
		method: "post",
		path: "/payments/stripe/webhook",
		tags: ["payments"],
		summary:
			"Stripe's events (checkout paid or expired, plan invoices, cancelled subscriptions), signed with the webhook secret",
		// The body is read as it came, unparsed: the signature covers its exact bytes.
		request: { headers: z.object({ "stripe-signature": z.string().max(2000).optional() }) },
		responses: {
			200: {
				description: "Handled, or already handled before (duplicate)",
				...jsonContent(z.object({ received: z.literal(true), duplicate: z.boolean() })),
			},
			400: { description: "Unsigned, wrongly signed or stale event; nothing changed" },
		},
	}),
	async (c) => {
		const result = await handleStripeWebhook({
			deps: c.var.deps,
			rawBody: await c.req.text(),
			signature: c.req.header("stripe-signature"),
		});
		return c.json({ received: true as const, duplicate: result.duplicate }, 200);
	},
);

/** The signed-in customer pays their own bills and joins the plan. */
export const customerRoutes = createRouter()
	.openapi(
		createRoute({
			method: "get",
			path: "/payments/setup",
			tags: ["payments"],
			summary: "How cards are taken now (Stripe, test mode or off) and Stripe's publishable key",
			middleware: signedIn(),
			responses: {
				200: { description: "Payment setup", ...jsonContent(paymentSetupSchema) },
				...errorResponses,
			},
		}),
		// The same for everyone until Settings change (settings.changed drops it).
		async (c) => cachedJson(c, "payment-setup", [SITE_TAG], () => getPaymentSetup(c.var.deps)),
	)
	.openapi(
		createRoute({
			method: "post",
			path: "/bills/{id}/pay",
			tags: ["payments"],
			summary:
				"Pay one of my bills: in test mode with a test card (charged at once), with Stripe through its hosted checkout (the answer's URL). The amount is the bill's",
			middleware: signedIn(approvedQuoteOnly, idempotent),
			request: {
				params: billParams,
				body: { content: { "application/json": { schema: payBillSchema } }, required: true },
			},
			responses: {
				200: { description: "Paid, or the checkout to go to", ...jsonContent(payBillResultSchema) },
				...paymentErrors,
			},
		}),
		async (c) => {
			const { id } = c.req.valid("param");
			const { card } = c.req.valid("json");
			return c.json(await payBill({ deps: c.var.deps, actor: c.var.user, billId: id, card }), 200);
		},
	)
	.openapi(
		createRoute({
			method: "get",
			path: "/bills/{id}/receipt",
			tags: ["payments"],
			summary: "The receipt of one of my paid bills",
			middleware: signedIn(),
			request: { params: billParams },
			responses: {
				200: { description: "Receipt", ...jsonContent(receiptSchema) },
				409: { description: "Not paid yet" },
				...errorResponses,
			},
		}),
		async (c) => {
			const { id } = c.req.valid("param");
			return c.json(await getReceipt({ db: c.var.deps.db, actor: c.var.user, billId: id }), 200);
		},
	)
	.openapi(
		createRoute({
			method: "get",
			path: "/plan",
			tags: ["payments"],
			summary: "My monthly Plan for Next Year",
			middleware: signedIn(),
			responses: {
				200: { description: "Plan", ...jsonContent(planSchema) },
				...errorResponses,
			},
		}),
		async (c) => c.json(await getPlan({ db: c.var.deps.db, actor: c.var.user }), 200),
	)
	.openapi(
		createRoute({
			method: "post",
			path: "/plan",
			tags: ["payments"],
			summary:
				"Join the monthly Plan for Next Year: in test mode with a test card (this month is charged at once), with Stripe through its hosted checkout",
			middleware: signedIn(approvedQuoteOnly, idempotent),
			request: {
				body: { content: { "application/json": { schema: joinPlanSchema } }, required: true },
			},
			responses: {
				200: { description: "Joined, or the checkout to go to", ...jsonContent(planResult) },
				...paymentErrors,
			},
		}),
		async (c) => {
			const { card } = c.req.valid("json");
			return c.json(await joinPlan({ deps: c.var.deps, actor: c.var.user, card }), 200);
		},
	)
	.openapi(
		createRoute({
			method: "delete",
			path: "/plan",
			tags: ["payments"],
			summary: "Cancel my plan: no more monthly charges",
			middleware: signedIn(),
			responses: {
				200: {
					description: "Cancelled",
					...jsonContent(z.object({ plan: planSchema, message: z.string() })),
				},
				409: { description: "Not on the plan" },
				...errorResponses,
			},
		}),
		async (c) => c.json(await cancelPlan({ deps: c.var.deps, actor: c.var.user }), 200),
	);

/** The owner's view of a customer's card payments, and refunds, under /api/owner. */
export const ownerRoutes = createRouter<OwnerEnv>()
	.openapi(
		createRoute({
			method: "get",
			path: "/customers/{id}/payments",
			tags: ["payments"],
			summary: "A customer's card payments (newest first) and plan",
			request: { params: z.object({ id: z.uuid("Customer not found") }) },
			responses: {
				200: {
					description: "Payments",
					...jsonContent(z.object({ payments: z.array(paymentRecordSchema), plan: planSchema })),
				},
				...errorResponses,
			},
		}),
		async (c) => {
			const { id } = c.req.valid("param");
			const { db } = c.var.deps;
			return c.json(await listCustomerPayments({ db, actor: c.var.user, customerId: id }), 200);
		},
	)
	.openapi(
		createRoute({
			method: "post",
			path: "/payments/{id}/refund",
			tags: ["payments"],
			summary: "Refund all or part of a card payment through its provider, with a reason",
			request: {
				params: z.object({ id: z.uuid(PAYMENT_MESSAGES.paymentNotFound) }),
				body: { content: { "application/json": { schema: refundInputSchema } }, required: true },
			},
			responses: {
				200: {
					description: "Refunded",
					...jsonContent(z.object({ payment: paymentRecordSchema, message: z.string() })),
				},
				409: { description: "Not a card payment that went through" },
				502: { description: "The provider refused or could not be reached; nothing changed" },
				...errorResponses,
			},
		}),
		async (c) => {
			const { id } = c.req.valid("param");
			const { amountDollars, reason } = c.req.valid("json");
			return c.json(
				await refundPayment({
					deps: c.var.deps,
					actor: c.var.user,
					paymentId: id,
					amountCents: amountDollars === undefined ? undefined : dollarsToCents(amountDollars),
					reason,
				}),
				200,
			);
		},
	);
