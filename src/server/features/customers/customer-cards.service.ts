import { type SQL, sql } from "drizzle-orm";
import {
	accountState,
	type CustomerCard,
	type CustomerStatus,
	nextStep,
	progressPercent,
} from "../../../shared/customers.ts";
import { businessDate } from "../../../shared/dates.ts";
import { type Executor, resultRows } from "../../db/database.ts";
import { dashboardCounts } from "../../db/schema.ts";
import { type Actor, assertOwner } from "../../lib/actor.ts";
import { pageSize, rowsAfter, toPage } from "../../lib/paging.ts";

type Row = {
	id: string;
	id_number: number;
	name: string;
	email: string;
	city: string | null;
	status: CustomerStatus;
	image_file_id: string | null;
	agreed_to_services: boolean;
	paid_invoice: boolean;
	install_completed: boolean;
	takedown_completed: boolean;
	fix_count: number;
	color_count: number;
	bill_due_date: string | null;
	on_plan: boolean;
	created_at: string | Date;
};

/**
 * What a search term matches: its text anywhere in the customer's `search_text` (name, e-mail,
 * number, phone, street; see the schema), case-insensitive, `#1001` as `1001`; a phone number
 * however it is punctuated. Served by the trigram index for terms of three characters or more.
 */
function searchCondition(q: string | undefined) {
	const term = q?.trim().toLowerCase().replace(/^#/, "");
	if (!term) return sql`true`;
	const like = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
	const digits = term.replace(/[()\-. +]/g, "");
	if (digits !== term && /^\d{3,}$/.test(digits))
		return sql`(c.search_text like ${like(term)} or c.search_text like ${like(digits)})`;
	return sql`c.search_text like ${like(term)}`;
}

/** How many of the newest customers a search reads before it asks the trigram index instead. */
const SEARCH_WALK = 500;

/**
 * The owner's customer cards, newest first: open Fix and ChangeColor request counts and whether a
 * bill is pending come from indexed sub-queries per card. `q` narrows them to a search, in two
 * steps so it costs about the same with a thousand customers or ten thousand: first among the
 * newest SEARCH_WALK customers (a broad term such as a street name fills the page there); when
 * that leaves the page short, the matches come from the trigram index alone, sorted (the planner
 * would otherwise walk the newest-first index through thousands of rows to find a few old matches).
 */
export async function listCustomerCards(options: {
	db: Executor;
	actor: Actor;
	limit?: number;
	cursor?: string;
	q?: string;
}) {
	assertOwner(options.actor);
	const limit = pageSize(options.limit);
	const after = rowsAfter(options.cursor, "c") ?? sql`true`;
	const match = searchCondition(options.q);
	const newest = sql`select * from customers c where ${after} order by c.created_at desc, c.id desc`;
	const cardsOf = (candidates: SQL) => sql`
		select c.id, c.id_number, c.name, c.email, c.city, c.status, c.image_file_id, c.agreed_to_services,
			c.paid_invoice, c.install_completed, c.takedown_completed, c.created_at,
			(select count(*)::int from service_requests r
				where r.user_id = c.user_id and r.request_type = 'Fix' and r.status in ('open', 'in_progress')) as fix_count,
			(select count(*)::int from service_requests r
				where r.user_id = c.user_id and r.request_type = 'ChangeColor' and r.status in ('open', 'in_progress')) as color_count,
			(select min(b.due_date)::text from bills b where b.user_id = c.user_id and b.status = 'pending') as bill_due_date,
			exists (select 1 from plan_subscriptions p where p.user_id = c.user_id and p.status = 'active') as on_plan
		from (${candidates}) c
		order by c.created_at desc, c.id desc`;
	let rows: Row[];
	if (!options.q?.trim()) {
		rows = resultRows<Row>(await options.db.execute(cardsOf(sql`${newest} limit ${limit + 1}`)));
	} else {
		rows = resultRows<Row>(
			await options.db.execute(
				cardsOf(sql`select * from (${newest} limit ${SEARCH_WALK}) c where ${match}
					order by c.created_at desc, c.id desc limit ${limit + 1}`),
			),
		);
		if (rows.length <= limit) {
			rows = await options.db.transaction(async (tx) => {
				await tx.execute(
					sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)`,
				);
				return resultRows<Row>(
					await tx.execute(
						cardsOf(sql`select * from customers c where ${after} and ${match}
							order by c.created_at desc, c.id desc limit ${limit + 1}`),
					),
				);
			});
		}
	}
	const today = businessDate();
	const cards = rows.map((r): CustomerCard => {
		const card = {
			id: r.id,
			idNumber: r.id_number,
			name: r.name,
			email: r.email,
			city: r.city,
			nextStep: nextStep({
				billDueDate: r.bill_due_date,
				agreedToServices: r.agreed_to_services,
				installCompleted: r.install_completed,
				takedownCompleted: r.takedown_completed,
			}),
			status: r.status,
			imageFileId: r.image_file_id,
			progressPercent: progressPercent({
				agreedToServices: r.agreed_to_services,
				paidInvoice: r.paid_invoice,
				installCompleted: r.install_completed,
				takedownCompleted: r.takedown_completed,
			}),
			fixCount: r.fix_count,
			colorCount: r.color_count,
			hasPendingBills: r.bill_due_date !== null,
			billDueDate: r.bill_due_date,
			onPlan: r.on_plan,
			createdAt: new Date(r.created_at).toISOString(),
		};
		return { ...card, accountState: accountState(card, today) };
	});
	const { items, nextCursor } = toPage(cards, limit);
	return { customers: items, nextCursor };
}

/** The four dashboard tiles: true counts over every row, kept by triggers (one small read). */
export async function getDashboardStats(options: { db: Executor; actor: Actor }) {
	assertOwner(options.actor);
	const rows = await options.db
		.select({ name: dashboardCounts.name, count: dashboardCounts.count })
		.from(dashboardCounts);
	const count = (name: (typeof rows)[number]["name"]) =>
		rows.find((r) => r.name === name)?.count ?? 0;
	return {
		pendingQuotes: count("pending_quotes"),
		approvedQuotes: count("approved_quotes"),
		activeCustomers: count("active_customers"),
		pendingRequests: count("pending_requests"),
	};
}
