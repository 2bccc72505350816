import { randomUUID } from "node:crypto";
import { getTableColumns, type SQL, sql } from "drizzle-orm";
import { HOLD_MINUTES } from "../../../shared/bookings.ts";
import type { AppEvent } from "../../../shared/events.ts";
import type { Deps } from "../../app-env.ts";
import { preparedOnce } from "../../db/database.ts";
import { bills, bookings } from "../../db/schema.ts";

/**
 * The approval bill's balance, in SQL: the approved amount after the install's window adjustment
 * (`pct`, none when null), less the deposits of the customer's install bookings of the season
 * (pending or paid) and `incomingCents`, the deposit of a booking being made. Rounded as
 * `adjusted` (half away from zero, amounts are positive).
 */
export const balanceSql = (of: {
	approvedCents: unknown;
	pct: unknown;
	customerId: unknown;
	seasonId: unknown;
	incomingCents: unknown;
}): SQL => sql`greatest(0, round(${of.approvedCents}::numeric * (100 + coalesce(${of.pct}, 0)) / 100)
	- ((select coalesce(sum(d.amount_cents), 0) from ${bookings} join ${bills} d on d.id = ${bookings.depositBillId}
		where ${bookings.customerId} = ${of.customerId} and ${bookings.seasonId} = ${of.seasonId}
			and ${bookings.kind} = 'install' and d.status in ('pending', 'paid')) + ${of.incomingCents}))::int`;

const value = sql.placeholder;

/**
 * A customer's install hold in one statement, its own transaction, prepared once. Unless a deposit
 * of the season is already paid: insert the deposit bill, make the approval bill (while pending)
 * the balance, insert the held booking pointing at the deposit, and send the other instances'
 * notification. The booking takes its day at commit (its deferred trigger): a full or closed day,
 * or a second active booking, fails the statement and nothing is kept. No row: a deposit was paid.
 */
export const installHold = preparedOnce((db) => {
	const paid = db.$with("paid", { cents: sql<number>`cents` }).as(sql`
		select coalesce(sum(d.amount_cents), 0) as cents from ${bookings} join ${bills} d on d.id = ${bookings.depositBillId}
		where ${bookings.customerId} = ${value("customerId")}::uuid and ${bookings.seasonId} = ${value("seasonId")}
			and ${bookings.kind} = 'install' and d.status = 'paid'`);
	const deposit = db.$with("deposit", { id: bills.id }).as(sql`
		insert into ${bills} (id, user_id, description, due_date, amount_cents, season_id)
		select ${value("billId")}::uuid, ${value("userId")}, ${value("description")}, ${value("today")}::date,
			${value("depositCents")}::int, ${value("seasonId")}
		from paid where paid.cents = 0
		returning id`);
	const balance = balanceSql({
		approvedCents: value("approvedCents"),
		pct: sql`${value("pct")}::int`,
		customerId: sql`${value("customerId")}::uuid`,
		seasonId: value("seasonId"),
		incomingCents: sql`${value("depositCents")}::int`,
	});
	const repriced = db.$with("repriced", { id: bills.id }).as(sql`
		update ${bills} set amount_cents = balance.cents from (select ${balance} as cents) balance
		where id = ${value("approvalBillId")}::uuid and status = 'pending' and amount_cents <> balance.cents
			and exists (select 1 from deposit)
		returning id`);
	const held = db.$with("held", getTableColumns(bookings)).as(sql`
		insert into ${bookings} (id, customer_id, season_id, window_id, kind, day, status, hold_expires_at, deposit_bill_id, created_by)
		select ${value("bookingId")}::uuid, ${value("customerId")}::uuid, ${value("seasonId")}, ${value("windowId")}::uuid,
			'install', ${value("day")}::date, 'held', ${value("holdExpiresAt")}::timestamptz, deposit.id, ${value("userId")}
		from deposit
		returning *, (select pg_notify(${value("channel")}, ${value("notification")})
			where ${value("notification")}::text is not null) as notified`);
	return db.with(paid, deposit, repriced, held).select().from(held).prepare("install_hold");
});

/**
 * Holds `day` of an install window for a customer with a deposit bill of `depositCents` (the
 * installHold statement), announcing the deposit, the balance and the booking. Undefined when a
 * deposit of the season was paid already: the day is then booked at once, the usual way.
 */
export async function holdInstallDay(
	deps: Pick<Deps, "db" | "events">,
	hold: {
		customer: {
			id: string;
			userId: string;
			approvedCents: number;
			approvalBill: { id: string; status: string } | null;
		};
		window: { id: string; seasonId: string; priceAdjustPct: number };
		day: string;
		today: string;
		now: Date;
		depositCents: number;
	},
) {
	const { customer, window, day } = hold;
	const billId = randomUUID();
	const bookingId = randomUUID();
	const userId = customer.userId;
	const approvalBill = customer.approvalBill?.status === "pending" ? customer.approvalBill : null;
	const events: AppEvent[] = [
		{ kind: "bill.changed", billId, userId },
		...(approvalBill ? [{ kind: "bill.changed" as const, billId: approvalBill.id, userId }] : []),
		{ kind: "booking.changed", bookingId, day, userId },
	];
	return deps.events.announceWith(events, async (notification) => {
		const [row] = await installHold(deps.db).execute({
			customerId: customer.id,
			userId,
			seasonId: window.seasonId,
			windowId: window.id,
			billId,
			description: `Deposit to hold your install on ${day}`,
			today: hold.today,
			depositCents: hold.depositCents,
			approvalBillId: approvalBill?.id ?? null,
			approvedCents: customer.approvedCents,
			pct: window.priceAdjustPct,
			bookingId,
			day,
			holdExpiresAt: new Date(hold.now.getTime() + HOLD_MINUTES * 60_000),
			channel: notification?.channel ?? null,
			notification: notification?.payload ?? null,
		});
		return row;
	});
}
