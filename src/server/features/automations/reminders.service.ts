import { type AnyColumn, and, between, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import {
	AUTOMATION_KINDS,
	AUTOMATION_LABELS,
	type AutomationKind,
	type AutomationSend,
	type Automations,
	REMINDER_HOURS,
} from "../../../shared/automations.ts";
import { longDate } from "../../../shared/bookings.ts";
import { arrivalLabel, timeOf } from "../../../shared/crew.ts";
import { addDays, BUSINESS_TIME_ZONE, businessDate } from "../../../shared/dates.ts";
import {
	type NotificationCategory,
	PUSH_LABELS,
	type PushKind,
} from "../../../shared/notifications.ts";
import { RENEWAL_REMINDER_DAYS, renewTitle } from "../../../shared/renewals.ts";
import type { Deps } from "../../app-env.ts";
import type { Executor } from "../../db/database.ts";
import {
	automationSends,
	automationSwitches,
	bills,
	bookings,
	customers,
	emailOutbox,
	pushSends,
	quoteRequests,
	renewalOffers,
	users,
} from "../../db/schema.ts";
import type { EmailMessage } from "../email/email.service.ts";
import {
	billReminderEmail,
	bookingReminderEmail,
	quoteFollowUpEmail,
	recipientName,
	renewalOfferEmail,
	reviewRequestEmail,
} from "../email/templates.ts";
import {
	billNotice,
	type Notice,
	notify,
	queueNoticeEmail,
} from "../notifications/notify.service.ts";
import { openRenewals } from "../renewals/renewals.service.ts";
import {
	getCachedBusinessProfile,
	getReviewUrl,
	setReviewUrl,
} from "../settings/settings.service.ts";

type AutomationDeps = Pick<Deps, "db" | "env" | "mailer" | "readCache" | "events" | "secrets">;

const hourOf = new Intl.DateTimeFormat("en-US", {
	timeZone: BUSINESS_TIME_ZONE,
	hour: "numeric",
	hourCycle: "h23",
});

/** The automations switched on (all, until the owner switches one off). */
async function switchedOn(db: Executor): Promise<Set<AutomationKind>> {
	const off = await db
		.select({ kind: automationSwitches.kind })
		.from(automationSwitches)
		.where(eq(automationSwitches.enabled, false));
	return new Set(AUTOMATION_KINDS.filter((k) => !off.some((o) => o.kind === k)));
}

/**
 * Not in the ledger yet: a sweep reads only what is still to send, so one with nothing new costs
 * its reads alone, however many reminders went before.
 */
const notSent = (kind: SQL, subjectId: AnyColumn, occurrence: AnyColumn | SQL) =>
	sql`not exists (select 1 from ${automationSends} where ${automationSends.kind} = ${kind}
		and ${automationSends.subjectId} = ${subjectId} and ${automationSends.occurrence} = ${occurrence}::text)`;

/** A message that is due: what it is about, for which occurrence, to whom, and the message. */
interface Due {
	kind: AutomationKind;
	subjectId: string;
	occurrence: string;
	userId: string | null;
	message: EmailMessage;
	/** The same reminder as a push, for the account's devices. */
	push: Notice;
	category: NotificationCategory;
}

/**
 * Sends one due message, once: its ledger row and its e-mail go in one transaction, and a row
 * already there (an earlier run, another instance) means it was sent.
 */
async function sendOnce(deps: AutomationDeps, due: Due) {
	return deps.events.transaction(async (tx) => {
		const [sent] = await tx
			.insert(automationSends)
			.values({
				kind: due.kind,
				subjectId: due.subjectId,
				occurrence: due.occurrence,
				userId: due.userId,
			})
			.onConflictDoNothing()
			.returning({ id: automationSends.id });
		if (!sent) return false;
		// Switched off by the customer: the ledger row stays (it was due once), with no e-mail.
		const emailId = await queueNoticeEmail(tx, deps, due.message, {
			audience: due.userId ? { userId: due.userId } : null,
			category: due.category,
		});
		await notify(tx, deps, due.userId, due.push);
		await tx
			.update(automationSends)
			.set({ emailId: emailId ?? null })
			.where(eq(automationSends.id, sent.id));
		return true;
	});
}

/** Install and takedown reminders: booked days one or two days ahead, their day the occurrence. */
async function bookingReminders(deps: AutomationDeps, kinds: Set<AutomationKind>, today: string) {
	const wanted = (["install", "takedown"] as const).filter((k) => kinds.has(`${k}_reminder`));
	if (wanted.length === 0) return [];
	const rows = await deps.db
		.select({
			id: bookings.id,
			kind: bookings.kind,
			day: bookings.day,
			userId: customers.userId,
			name: customers.name,
			email: customers.email,
			address: customers.address,
			city: customers.city,
			loginEmail: users.email,
			emailVerified: users.emailVerified,
			arrivalStart: bookings.arrivalSentStart,
			arrivalEnd: bookings.arrivalSentEnd,
		})
		.from(bookings)
		.innerJoin(customers, eq(customers.id, bookings.customerId))
		.leftJoin(users, eq(users.id, customers.userId))
		.where(
			and(
				eq(bookings.status, "booked"),
				between(bookings.day, addDays(today, 1), addDays(today, 2)),
				inArray(bookings.kind, wanted),
				notSent(sql`${bookings.kind} || '_reminder'`, bookings.id, bookings.day),
			),
		);
	const business = await getCachedBusinessProfile(deps);
	return rows.map((b): Due => {
		// The window the customer was told, never one saved and not sent yet.
		const arrival =
			b.arrivalStart !== null && b.arrivalEnd !== null
				? arrivalLabel({ start: timeOf(b.arrivalStart), end: timeOf(b.arrivalEnd) })
				: null;
		return {
			kind: `${b.kind}_reminder`,
			subjectId: b.id,
			occurrence: b.day,
			userId: b.userId,
			category: "schedule",
			push: {
				kind: `${b.kind}_reminder`,
				title: b.kind === "install" ? "Install in two days" : "Takedown in two days",
				body: `Your ${b.kind} is on ${longDate(b.day)}${arrival ? `, arrival ${arrival}` : ""}.`,
				url: "/app/booking",
				tag: `booking-${b.id}`,
			},
			message: bookingReminderEmail({
				to: b.loginEmail ?? b.email,
				name: recipientName({ name: b.name, emailVerified: b.emailVerified ?? false }),
				what: b.kind,
				day: longDate(b.day),
				address: [b.address, b.city].filter(Boolean).join(", ") || null,
				arrival,
				url: `${deps.env.APP_URL}/app/booking`,
				business,
			}),
		};
	});
}

/** Which unpaid bills each bill reminder takes, by due date: [first, last] days from today. */
const BILL_REMINDERS = {
	bill_due: { from: 1, to: 3 },
	bill_overdue_7: { from: -13, to: -7 },
	bill_overdue_14: { from: -30, to: -14 },
} as const satisfies Partial<Record<AutomationKind, { from: number; to: number }>>;

async function billReminders(deps: AutomationDeps, kinds: Set<AutomationKind>, today: string) {
	const due: Due[] = [];
	const business = await getCachedBusinessProfile(deps);
	for (const [kind, range] of Object.entries(BILL_REMINDERS) as [
		keyof typeof BILL_REMINDERS,
		{ from: number; to: number },
	][]) {
		if (!kinds.has(kind)) continue;
		const rows = await deps.db
			.select({
				id: bills.id,
				userId: bills.userId,
				description: bills.description,
				amountCents: bills.amountCents,
				dueDate: bills.dueDate,
				email: users.email,
				name: users.name,
				emailVerified: users.emailVerified,
			})
			.from(bills)
			.innerJoin(users, eq(users.id, bills.userId))
			.where(
				and(
					eq(bills.status, "pending"),
					between(bills.dueDate, addDays(today, range.from), addDays(today, range.to)),
					notSent(sql`${kind}`, bills.id, bills.dueDate),
				),
			);
		for (const bill of rows)
			due.push({
				kind,
				subjectId: bill.id,
				occurrence: bill.dueDate,
				userId: bill.userId,
				category: "bills",
				push: {
					...billNotice({ id: bill.id, amountCents: bill.amountCents }),
					kind,
					title: kind === "bill_due" ? "Bill due soon" : "Bill overdue",
				},
				message: billReminderEmail({
					to: bill.email,
					name: recipientName({ name: bill.name, emailVerified: bill.emailVerified }),
					description: bill.description,
					amountCents: bill.amountCents,
					dueDate: bill.dueDate,
					overdueDays: kind === "bill_due" ? undefined : kind === "bill_overdue_7" ? 7 : 14,
					url: `${deps.env.APP_URL}/app/payments`,
					business,
				}),
			});
	}
	return due;
}

/** Follow-ups of a revised quote the customer has not answered: 3 and 6 days after it was sent. */
const QUOTE_FOLLOW_UP_DAYS = [3, 6] as const;

/**
 * Quote follow-ups: a revised quote still waiting for its customer, the first on the third day
 * after it was sent, the second on the sixth; the occurrence is the day it was sent and which
 * follow-up, so a quote revised again is followed up again, and never more than twice each time.
 */
async function quoteFollowUps(deps: AutomationDeps, kinds: Set<AutomationKind>, today: string) {
	if (!kinds.has("quote_follow_up")) return [];
	const sentDay = sql<string>`to_char((${quoteRequests.decidedAt} at time zone ${BUSINESS_TIME_ZONE})::date, 'YYYY-MM-DD')`;
	const [firstDay, secondDay] = QUOTE_FOLLOW_UP_DAYS.map((n) => addDays(today, -n));
	const occurrence = sql<string>`${sentDay} || case when ${sentDay} = ${firstDay} then ' #1' else ' #2' end`;
	const rows = await deps.db
		.select({
			id: quoteRequests.id,
			userId: quoteRequests.userId,
			occurrence,
			cents: sql<number>`coalesce(${quoteRequests.revisedPriceCents}, ${quoteRequests.totalEstimateCents})`,
			email: users.email,
			name: users.name,
			emailVerified: users.emailVerified,
		})
		.from(quoteRequests)
		.innerJoin(users, eq(users.id, quoteRequests.userId))
		.where(
			and(
				eq(quoteRequests.status, "revised"),
				inArray(sentDay, [firstDay!, secondDay!]),
				notSent(sql`'quote_follow_up'`, quoteRequests.id, occurrence),
			),
		);
	const business = await getCachedBusinessProfile(deps);
	return rows.map((q): Due => {
		return {
			kind: "quote_follow_up",
			subjectId: q.id,
			occurrence: q.occurrence,
			userId: q.userId,
			category: "offers",
			push: {
				kind: "quote_follow_up",
				title: "Your quote is waiting",
				body: "Approve your revised quote to hold your place for the season",
				url: "/app",
				tag: `quote-${q.id}`,
			},
			message: quoteFollowUpEmail({
				to: q.email,
				name: recipientName({ name: q.name, emailVerified: q.emailVerified }),
				amountCents: Number(q.cents),
				url: `${deps.env.APP_URL}/app`,
				business,
			}),
		};
	});
}

/** How long after the install the review request goes, and how late it may still go. */
const REVIEW_AFTER_DAYS = { from: 2, until: 9 } as const;

/**
 * Review requests: an install marked done two days ago (up to a week later, if the sweep or the
 * switch was off), with the owner's review link; none without a link.
 */
async function reviewRequests(deps: AutomationDeps, kinds: Set<AutomationKind>, today: string) {
	if (!kinds.has("review_request")) return [];
	const reviewUrl = await getReviewUrl(deps.db);
	if (!reviewUrl) return [];
	const doneDay = sql<string>`(${bookings.updatedAt} at time zone ${BUSINESS_TIME_ZONE})::date`;
	const rows = await deps.db
		.select({
			id: bookings.id,
			day: bookings.day,
			userId: customers.userId,
			email: users.email,
			name: users.name,
			emailVerified: users.emailVerified,
		})
		.from(bookings)
		.innerJoin(customers, eq(customers.id, bookings.customerId))
		.innerJoin(users, eq(users.id, customers.userId))
		.where(
			and(
				eq(bookings.kind, "install"),
				eq(bookings.status, "done"),
				between(
					doneDay,
					sql`${addDays(today, -REVIEW_AFTER_DAYS.until)}::date`,
					sql`${addDays(today, -REVIEW_AFTER_DAYS.from)}::date`,
				),
				notSent(sql`'review_request'`, bookings.id, bookings.day),
			),
		);
	const business = await getCachedBusinessProfile(deps);
	return rows.map(
		(b): Due => ({
			kind: "review_request",
			subjectId: b.id,
			occurrence: b.day,
			userId: b.userId,
			category: "offers",
			push: {
				kind: "review_request",
				title: "How do your lights look?",
				body: "A short review helps neighbors find us",
				url: reviewUrl,
				tag: `review-${b.id}`,
			},
			message: reviewRequestEmail({
				to: b.email,
				name: recipientName({ name: b.name, emailVerified: b.emailVerified }),
				reviewUrl,
				business,
			}),
		}),
	);
}

/**
 * Renewal offers: on and after their opening day (switch on) the season's offers are made; each
 * open offer is e-mailed and pushed once (those the owner sent, even with the switch off), and
 * reminded once, RENEWAL_REMINDER_DAYS before it expires.
 */
async function renewalNotices(deps: AutomationDeps, kinds: Set<AutomationKind>, today: string) {
	if (kinds.has("renewal_offer")) await openRenewals(deps, today);
	const reminderFrom = addDays(today, RENEWAL_REMINDER_DAYS);
	const offerDue = and(
		eq(renewalOffers.status, "offered"),
		sql`${renewalOffers.expiresOn} >= ${today}::date`,
	);
	const columns = {
		id: renewalOffers.id,
		seasonId: renewalOffers.toSeason,
		priceCents: renewalOffers.priceCents,
		listCents: renewalOffers.listCents,
		discountPct: renewalOffers.discountPct,
		expiresOn: renewalOffers.expiresOn,
		userId: renewalOffers.userId,
		email: users.email,
		name: users.name,
		emailVerified: users.emailVerified,
	};
	const offers = await deps.db
		.select(columns)
		.from(renewalOffers)
		.innerJoin(users, eq(users.id, renewalOffers.userId))
		.where(
			and(
				offerDue,
				kinds.has("renewal_offer") ? undefined : sql`${renewalOffers.createdBy} is not null`,
				notSent(sql`'renewal_offer'`, renewalOffers.id, renewalOffers.toSeason),
			),
		);
	const reminders = kinds.has("renewal_reminder")
		? await deps.db
				.select(columns)
				.from(renewalOffers)
				.innerJoin(users, eq(users.id, renewalOffers.userId))
				.where(
					and(
						offerDue,
						sql`${renewalOffers.expiresOn} <= ${reminderFrom}::date`,
						// The offer itself went first (a reminder never comes before it).
						sql`exists (select 1 from ${automationSends} s where s.kind = 'renewal_offer' and s.subject_id = ${renewalOffers.id})`,
						notSent(sql`'renewal_reminder'`, renewalOffers.id, renewalOffers.toSeason),
					),
				)
		: [];
	if (offers.length === 0 && reminders.length === 0) return [];
	const business = await getCachedBusinessProfile(deps);
	const due =
		(kind: "renewal_offer" | "renewal_reminder") =>
		(o: (typeof offers)[number]): Due => ({
			kind,
			subjectId: o.id,
			occurrence: o.seasonId,
			userId: o.userId,
			category: "offers",
			push: {
				kind,
				title: renewTitle(o.seasonId),
				body:
					kind === "renewal_offer"
						? `Your returning-customer price holds until ${longDate(o.expiresOn)}`
						: `Your price holds until ${longDate(o.expiresOn)}: renew in one tap`,
				url: "/app",
				tag: `renewal-${o.id}`,
			},
			message: renewalOfferEmail({
				to: o.email,
				name: recipientName({ name: o.name, emailVerified: o.emailVerified }),
				seasonId: o.seasonId,
				priceCents: o.priceCents,
				listCents: o.listCents,
				discountPct: o.discountPct,
				expiresOn: longDate(o.expiresOn),
				url: `${deps.env.APP_URL}/app`,
				business,
				reminder: kind === "renewal_reminder",
			}),
		});
	return [...offers.map(due("renewal_offer")), ...reminders.map(due("renewal_reminder"))];
}

/**
 * The reminder sweep as of `asOf`: between 10 AM and 9 PM business time, every reminder that is
 * due and switched on, each sent once. What is due is read from the records at this moment, so a
 * cancelled booking gets none and a moved one gets one for its new day. Answers how many went.
 */
export async function sendDueReminders(deps: AutomationDeps, asOf: Date) {
	const hour = Number(hourOf.format(asOf));
	if (hour < REMINDER_HOURS.from || hour >= REMINDER_HOURS.until) return 0;
	const today = businessDate(asOf);
	const kinds = await switchedOn(deps.db);
	const due = [
		...(await bookingReminders(deps, kinds, today)),
		...(await billReminders(deps, kinds, today)),
		...(await quoteFollowUps(deps, kinds, today)),
		...(await reviewRequests(deps, kinds, today)),
		...(await renewalNotices(deps, kinds, today)),
	];
	let sent = 0;
	for (const d of due) if (await sendOnce(deps, d)) sent++;
	return sent;
}

/**
 * Settings → Automations: the switches and the last 50 sends, e-mail (with the e-mail's fate)
 * and push (with the push's), newest first.
 */
export async function getAutomations(options: { db: Executor }): Promise<Automations> {
	const on = await switchedOn(options.db);
	const reviewUrl = await getReviewUrl(options.db);
	const pushes = await options.db
		.select({
			id: pushSends.id,
			kind: pushSends.kind,
			customerName: users.name,
			status: pushSends.status,
			delivered: pushSends.delivered,
			error: pushSends.lastError,
			createdAt: pushSends.createdAt,
		})
		.from(pushSends)
		.leftJoin(users, eq(users.id, pushSends.userId))
		.orderBy(desc(pushSends.createdAt), desc(pushSends.id))
		.limit(50);
	const recent = await options.db
		.select({
			id: automationSends.id,
			kind: automationSends.kind,
			occurrence: automationSends.occurrence,
			customerName: users.name,
			to: emailOutbox.toAddress,
			emailStatus: emailOutbox.status,
			error: emailOutbox.lastError,
			createdAt: automationSends.createdAt,
		})
		.from(automationSends)
		.leftJoin(users, eq(users.id, automationSends.userId))
		.leftJoin(emailOutbox, eq(emailOutbox.id, automationSends.emailId))
		.orderBy(desc(automationSends.createdAt), desc(automationSends.id))
		.limit(50);
	return {
		switches: Object.fromEntries(AUTOMATION_KINDS.map((k) => [k, on.has(k)])) as Record<
			AutomationKind,
			boolean
		>,
		reviewUrl,
		recent: [
			...recent.map(
				(r): AutomationSend => ({
					id: r.id,
					kind: r.kind,
					label: AUTOMATION_LABELS[r.kind].replace(/ \(.*\)$/, ""),
					occurrence: r.occurrence,
					customerName: r.customerName,
					to: r.to,
					channel: "email",
					status: !r.emailStatus
						? "skipped"
						: r.emailStatus === "sent"
							? "sent"
							: r.error
								? "failed"
								: "pending",
					error: r.emailStatus ? r.error : "E-mail switched off by the customer",
					createdAt: r.createdAt.toISOString(),
				}),
			),
			...pushes.map(
				(p): AutomationSend => ({
					id: p.id,
					kind: p.kind,
					label: PUSH_LABELS[p.kind as PushKind] ?? p.kind,
					occurrence: null,
					customerName: p.customerName,
					to: p.status === "sent" ? `${p.delivered} device${p.delivered === 1 ? "" : "s"}` : null,
					channel: "push",
					status: p.status,
					error: p.error,
					createdAt: p.createdAt.toISOString(),
				}),
			),
		]
			.sort((a, b) => b.createdAt.localeCompare(a.createdAt))
			.slice(0, 50),
	};
}

export async function setAutomationSwitches(options: {
	deps: Pick<Deps, "db" | "readCache">;
	switches: Partial<Record<AutomationKind, boolean>> & { reviewUrl?: string | null };
}) {
	const { reviewUrl, ...switches } = options.switches;
	const db = options.deps.db;
	if (reviewUrl !== undefined) await setReviewUrl(db, reviewUrl);
	const rows = Object.entries(switches)
		.filter(([, enabled]) => enabled !== undefined)
		.map(([kind, enabled]) => ({ kind: kind as AutomationKind, enabled: enabled! }));
	if (rows.length > 0)
		await db
			.insert(automationSwitches)
			.values(rows)
			.onConflictDoUpdate({
				target: automationSwitches.kind,
				set: { enabled: sql`excluded.enabled`, updatedAt: sql`now()` },
			});
	return getAutomations({ db });
}
