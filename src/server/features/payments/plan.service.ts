import { and, eq, isNotNull, lte, notExists, sql } from "drizzle-orm";
import { businessDate } from "../../../shared/dates.ts";
import { type Card, PAYMENT_MESSAGES, type Plan } from "../../../shared/payments.ts";
import type { Executor, Transaction } from "../../db/database.ts";
import { bills, payments, planSubscriptions, users } from "../../db/schema.ts";
import type { Actor } from "../../lib/actor.ts";
import { requireApprovedQuote } from "../../lib/customer-approval.ts";
import { badRequest, conflict } from "../../lib/errors.ts";
import { getPricing } from "../settings/settings.service.ts";
import type { PaymentDeps } from "./bill-settlement.ts";
import { chargeBill } from "./charge.service.ts";
import type { ChargeResult } from "./charge-result.ts";
import { cardRefused, loadGateway, paymentsOff } from "./payment-setup.service.ts";
import { testPaymentMethod, testRefusal } from "./test-gateway.ts";

/** The first day of the month of an ISO date, and of the month after. */
export const monthOf = (isoDate: string) => `${isoDate.slice(0, 7)}-01`;
export function nextMonth(isoDate: string) {
	const [y, m] = isoDate.split("-").map(Number) as [number, number];
	return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
}
const monthName = (isoDate: string) =>
	new Date(`${monthOf(isoDate)}T12:00:00Z`).toLocaleDateString("en-US", {
		timeZone: "UTC",
		month: "long",
		year: "numeric",
	});

/** The signed-in customer's own plan ("none" before joining). */
export async function getPlan(options: { db: Executor; actor: Actor }): Promise<Plan> {
	return planOf(options.db, options.actor.id);
}

/**
 * A login's plan as the customer and the owner see it ("none" before joining, and for a customer
 * record without a login).
 */
export async function planOf(db: Executor, userId: string | null): Promise<Plan> {
	const [[row], pricing] = await Promise.all([
		userId ? db.select().from(planSubscriptions).where(eq(planSubscriptions.userId, userId)) : [],
		getPricing({ db }),
	]);
	if (!row)
		return {
			status: "none",
			priceCents: pricing.planPriceCents,
			nextChargeDate: null,
			cardBrand: null,
			cardLast4: null,
			startedAt: null,
		};
	return {
		status: row.status,
		priceCents: row.status === "active" ? row.priceCents : pricing.planPriceCents,
		nextChargeDate: row.status === "active" ? row.nextChargeDate : null,
		cardBrand: row.cardBrand,
		cardLast4: row.cardLast4,
		startedAt: row.startedAt.toISOString(),
	};
}

/**
 * The customer joins the monthly Plan for Next Year at the owner's plan price. Test mode: the
 * test card is kept as its token, and this month is billed and charged at once; a refused card
 * leaves no plan. Stripe: the answer is Stripe's hosted checkout for a subscription, and the plan
 * starts with its webhook.
 */
export async function joinPlan(options: {
	deps: PaymentDeps;
	actor: Actor;
	card?: Card;
	now?: Date;
}): Promise<{ plan: Plan; message: string } | Extract<ChargeResult, { kind: "redirect" }>> {
	const { deps, actor, card } = options;
	await requireApprovedQuote({ db: deps.db, actor });
	const current = await getPlan({ db: deps.db, actor });
	if (current.status === "active") throw conflict(PAYMENT_MESSAGES.planAlreadyActive);
	const loaded = await loadGateway(deps);
	if (loaded.mode === "off") throw await paymentsOff(deps);
	const { planPriceCents } = await getPricing(deps);
	if (planPriceCents <= 0) throw badRequest("The plan has no price yet: please ask us");
	if (loaded.mode === "stripe") {
		if (card) throw badRequest(PAYMENT_MESSAGES.cardsAtStripe);
		const [person] = await deps.db
			.select({ email: users.email })
			.from(users)
			.where(eq(users.id, actor.id));
		const back = (result: string) => `${deps.env.APP_URL}/app/payments?plan=${result}`;
		const { url } = await loaded.gateway.planCheckout({
			priceCents: planPriceCents,
			email: person?.email ?? "",
			userId: actor.id,
			successUrl: back("success"),
			cancelUrl: back("cancelled"),
		});
		return { kind: "redirect", url };
	}
	if (!card) throw badRequest(PAYMENT_MESSAGES.cardNumberRequired);
	const method = testPaymentMethod(card);
	if (!method.ok) throw cardRefused(method.message);
	// A declined test card is refused before the plan starts, as Stripe refuses to attach it.
	const refusal = testRefusal(method.token);
	if (refusal) throw cardRefused(refusal);
	const today = businessDate(options.now);
	await deps.events.transaction(async (tx) => {
		const values = {
			status: "active" as const,
			provider: "test" as const,
			paymentMethodId: method.token,
			priceCents: planPriceCents,
			...method.summary,
			// A month already billed (joined, cancelled and joined again) is not billed twice.
			nextChargeDate: today,
			cancelledAt: null,
			updatedAt: sql`now()`,
		};
		await tx
			.insert(planSubscriptions)
			.values({ userId: actor.id, ...values })
			.onConflictDoUpdate({ target: planSubscriptions.userId, set: values });
		await deps.events.publish(tx, { kind: "customer.changed", userId: actor.id });
	});
	await billPlans({ deps, now: options.now, userId: actor.id });
	return { plan: await getPlan({ db: deps.db, actor }), message: PAYMENT_MESSAGES.planJoined };
}

/** The customer leaves the plan: no more monthly bills (Stripe's subscription is cancelled). */
export async function cancelPlan(options: { deps: PaymentDeps; actor: Actor }) {
	const { deps, actor } = options;
	const [row] = await deps.db
		.select()
		.from(planSubscriptions)
		.where(and(eq(planSubscriptions.userId, actor.id), eq(planSubscriptions.status, "active")));
	if (!row) throw conflict(PAYMENT_MESSAGES.planNotActive);
	if (row.provider === "stripe" && row.providerSubscriptionId) {
		const loaded = await loadGateway(deps);
		if (loaded.mode !== "stripe") throw badRequest("Stripe keys are needed to cancel this plan");
		await loaded.gateway.cancelSubscription(row.providerSubscriptionId);
	}
	await deps.events.transaction(async (tx) => {
		await tx
			.update(planSubscriptions)
			.set({ status: "cancelled", cancelledAt: sql`now()`, updatedAt: sql`now()` })
			.where(eq(planSubscriptions.userId, actor.id));
		await deps.events.publish(tx, { kind: "customer.changed", userId: actor.id });
	});
	return { plan: await getPlan({ db: deps.db, actor }), message: PAYMENT_MESSAGES.planCancelled };
}

/** A plan month's bill, once: the unique (user, month) index makes a second one a no-op. */
export async function insertPlanBill(
	tx: Transaction,
	options: { userId: string; month: string; amountCents: number },
) {
	const [bill] = await tx
		.insert(bills)
		.values({
			userId: options.userId,
			description: `Plan for Next Year: ${monthName(options.month)}`,
			dueDate: options.month,
			amountCents: options.amountCents,
			planMonth: monthOf(options.month),
		})
		.onConflictDoNothing({ target: [bills.userId, bills.planMonth] })
		.returning();
	return bill;
}

/**
 * The monthly job (automations/jobs.ts: one instance at a time): each active test-mode plan whose
 * next charge date has come gets that month's bill, its date moves to the next month, and the bill
 * is charged with the saved test card. Plans are claimed with `for update skip locked`, a month's
 * bill is unique, a bill takes one payment: overlapping runs, restarts and retries bill a month
 * once. A plan bill left without a payment (a crash between the two) is charged on the next run.
 * Stripe's plans are billed by Stripe (`invoice.paid`).
 */
export async function billPlans(options: { deps: PaymentDeps; now?: Date; userId?: string }) {
	const { deps } = options;
	const today = businessDate(options.now);
	const loaded = await loadGateway(deps);
	let billed = 0;
	for (;;) {
		const claimed = await deps.events.transaction(async (tx) => {
			const due = await tx
				.select()
				.from(planSubscriptions)
				.where(
					and(
						eq(planSubscriptions.status, "active"),
						eq(planSubscriptions.provider, "test"),
						lte(planSubscriptions.nextChargeDate, today),
						options.userId ? eq(planSubscriptions.userId, options.userId) : undefined,
					),
				)
				.limit(20)
				.for("update", { skipLocked: true });
			for (const plan of due) {
				const bill = await insertPlanBill(tx, {
					userId: plan.userId,
					month: plan.nextChargeDate,
					amountCents: plan.priceCents,
				});
				if (bill)
					await deps.events.publish(tx, {
						kind: "bill.changed",
						billId: bill.id,
						userId: plan.userId,
					});
				await tx
					.update(planSubscriptions)
					.set({ nextChargeDate: nextMonth(plan.nextChargeDate), updatedAt: sql`now()` })
					.where(eq(planSubscriptions.userId, plan.userId));
			}
			return due.length;
		});
		billed += claimed;
		// Until nothing is due: a plan a few months behind is brought up to date in one run.
		if (claimed === 0) break;
	}
	if (loaded.mode !== "test") return { billed, charged: 0 };
	// Every pending plan bill never charged: this run's, and any a crash left behind.
	const unpaid = await deps.db
		.select({
			billId: bills.id,
			userId: bills.userId,
			token: planSubscriptions.paymentMethodId,
			cardBrand: planSubscriptions.cardBrand,
			cardLast4: planSubscriptions.cardLast4,
			cardExpMonth: planSubscriptions.cardExpMonth,
			cardExpYear: planSubscriptions.cardExpYear,
		})
		.from(bills)
		.innerJoin(planSubscriptions, eq(planSubscriptions.userId, bills.userId))
		.where(
			and(
				isNotNull(bills.planMonth),
				eq(bills.status, "pending"),
				eq(planSubscriptions.status, "active"),
				eq(planSubscriptions.provider, "test"),
				options.userId ? eq(bills.userId, options.userId) : undefined,
				notExists(
					deps.db.select({ one: sql`1` }).from(payments).where(eq(payments.billId, bills.id)),
				),
			),
		);
	let charged = 0;
	for (const row of unpaid) {
		if (!row.token) continue;
		try {
			const result = await chargeBill({
				deps,
				loaded,
				billId: row.billId,
				userId: row.userId,
				paymentMethodId: row.token,
				card: row,
				offSession: true,
			});
			if (result.kind === "paid") charged++;
		} catch (error) {
			// Another instance is charging it (409): it is in hand.
			deps.logger.debug({ err: error, billId: row.billId }, "plan bill not charged here");
		}
	}
	return { billed, charged };
}
