import { sql } from "drizzle-orm";
import { addDays, businessDate } from "../../../shared/dates.ts";
import { priceAdjustments } from "../../../shared/price-adjustments.ts";
import {
	type OwnerQuoteFilter,
	QUOTE_VALID_DAYS,
	type QuoteCounts,
	type QuoteLine,
	type QuoteSource,
	type QuoteStatus,
	type QuoteView,
} from "../../../shared/quotes.ts";
import { type Executor, resultRows } from "../../db/database.ts";
import { type Actor, assertOwner } from "../../lib/actor.ts";
import { pageSize, rowsAfter, toPage } from "../../lib/paging.ts";

type Row = {
	id: string;
	source: QuoteSource;
	status: QuoteStatus;
	name: string;
	email: string | null;
	phone: string | null;
	address: string;
	city: string | null;
	state: string | null;
	zip_code: string | null;
	services: QuoteLine[];
	total_estimate_cents: number;
	revised_price_cents: number | null;
	owner_notes: string | null;
	notes: string | null;
	ai_quote: unknown;
	photo_ids: string[] | null;
	approval_notification_seen: boolean;
	quote_details_dismissed: boolean;
	created_at: string | Date;
};

type SQL = ReturnType<typeof sql>;

const photoIds = (column: string) =>
	sql.raw(
		`coalesce((select json_agg(f.id order by f.created_at) from files f where f.${column} = q.id), '[]'::json)`,
	);

/**
 * Both sources in one shape, newest first. A website quote that became a customer's account is
 * listed once, as that customer's app quote. The page's ids are chosen first from each table's own
 * index (a filter of null leaves that source out); only those rows are then joined and detailed.
 */
function quotesQuery(filter: { app: SQL | null; website: SQL | null }, limit: number) {
	const app = filter.app ?? sql`false`;
	const website = filter.website ?? sql`false`;
	return sql`
		with page as (
			select id, source, created_at from (
				(select q.id, 'app' as source, q.created_at from quote_requests q where ${app}
					order by q.created_at desc, q.id desc limit ${limit})
				union all
				(select q.id, 'website', q.created_at from marketing_quote_requests q
					where q.customer_user_id is null and ${website}
					order by q.created_at desc, q.id desc limit ${limit})
			) candidates
			order by created_at desc, id desc
			limit ${limit}
		)
		select q.id, 'app' as source, q.status, coalesce(p.display_name, u.name) as name, u.email, q.phone,
			q.address, q.city, q.state, q.zip_code, q.services, q.total_estimate_cents, q.revised_price_cents,
			q.owner_notes, q.notes, q.ai_quote, ${photoIds("quote_request_id")} as photo_ids,
			q.approval_notification_seen, q.quote_details_dismissed, q.created_at
		from page
		join quote_requests q on q.id = page.id and page.source = 'app'
		join users u on u.id = q.user_id
		left join profiles p on p.user_id = q.user_id
		union all
		select q.id, 'website', q.status, q.name, q.email, q.phone, q.address, q.city, q.state, q.zip_code,
			q.services, q.total_estimate_cents, q.revised_price_cents, q.owner_notes, q.notes, q.ai_quote,
			${photoIds("marketing_quote_request_id")}, false, false, q.created_at
		from page
		join marketing_quote_requests q on q.id = page.id and page.source = 'website'
		order by created_at desc, id desc`;
}

function toQuoteView(row: Row, today = businessDate()): QuoteView {
	const created = new Date(row.created_at);
	const validUntil = addDays(businessDate(created), QUOTE_VALID_DAYS);
	return {
		id: row.id,
		source: row.source,
		status: row.status,
		name: row.name,
		email: row.email,
		phone: row.phone,
		address: row.address,
		city: row.city,
		state: row.state,
		zipCode: row.zip_code,
		services: row.services,
		totalEstimateCents: row.total_estimate_cents,
		revisedPriceCents: row.revised_price_cents,
		ownerNotes: row.owner_notes,
		notes: row.notes,
		aiQuote: row.ai_quote ?? null,
		adjustments: priceAdjustments({
			services: row.services,
			totalEstimateCents: row.total_estimate_cents,
			revisedPriceCents: row.revised_price_cents,
			aiQuote: row.ai_quote,
		}),
		photoIds: row.photo_ids ?? [],
		approvalNotificationSeen: row.approval_notification_seen,
		quoteDetailsDismissed: row.quote_details_dismissed,
		createdAt: created.toISOString(),
		validUntil,
		expired: row.status === "pending" && validUntil < today,
	};
}

/** Which rows of each source a filter of the owner's list holds (see OWNER_QUOTE_FILTERS). */
function filterCondition(status: OwnerQuoteFilter | "open"): { app: SQL | null; website: SQL } {
	switch (status) {
		case "open":
			return { app: sql`q.status <> 'approved'`, website: sql`q.status <> 'approved'` };
		case "all":
			// Website rows are only those without an account (see quotesQuery): every status.
			return { app: sql`q.status <> 'approved'`, website: sql`true` };
		case "approved":
			return { app: null, website: sql`q.status = 'approved'` };
		default:
			return { app: sql`q.status = ${status}`, website: sql`q.status = ${status}` };
	}
}

/**
 * The owner's list, newest first: by default (`open`) the quotes from the app and the website that
 * are not approved; `status` narrows it to one filter.
 */
export async function listOpenQuotes(options: {
	db: Executor;
	actor: Actor;
	limit?: number;
	cursor?: string;
	status?: OwnerQuoteFilter | "open";
}) {
	assertOwner(options.actor);
	const limit = pageSize(options.limit);
	const after = rowsAfter(options.cursor, "q");
	const filter = filterCondition(options.status ?? "open");
	const and = (condition: SQL | null) =>
		condition && after ? sql`${condition} and ${after}` : condition;
	const rows = resultRows<Row>(
		await options.db.execute(
			quotesQuery({ app: and(filter.app), website: and(filter.website) }, limit + 1),
		),
	);
	const { items, nextCursor } = toPage(
		rows.map((r) => toQuoteView(r)),
		limit,
	);
	return { quotes: items, nextCursor };
}

/** How many quotes each filter of the owner's list holds: one grouped count per source. */
export async function countOwnerQuotes(options: {
	db: Executor;
	actor: Actor;
}): Promise<QuoteCounts> {
	assertOwner(options.actor);
	const rows = resultRows<{ source: QuoteSource; status: QuoteStatus; count: number }>(
		await options.db.execute(sql`
			select 'app' as source, status, count(*)::int as count from quote_requests group by status
			union all
			select 'website', status, count(*)::int from marketing_quote_requests
				where customer_user_id is null group by status`),
	);
	const count = (status: QuoteStatus, source?: QuoteSource) =>
		rows
			.filter((r) => r.status === status && (!source || r.source === source))
			.reduce((sum, r) => sum + Number(r.count), 0);
	const counts = {
		pending: count("pending"),
		revised: count("revised"),
		approved: count("approved", "website"),
		rejected: count("rejected"),
	};
	return { all: counts.pending + counts.revised + counts.approved + counts.rejected, ...counts };
}

/** The acting customer's most recent quote request, or null. */
export async function getLatestQuote(options: {
	db: Executor;
	actor: Actor;
	/** Only a quote the owner approved (the customer's service details). */
	approved?: boolean;
}) {
	const approved = options.approved ? sql` and q.status = 'approved'` : sql``;
	const rows = resultRows<Row>(
		await options.db.execute(
			quotesQuery({ app: sql`q.user_id = ${options.actor.id}${approved}`, website: null }, 1),
		),
	);
	return rows[0] ? toQuoteView(rows[0]) : null;
}

/** The newest quote requests of any status, for the owner's dashboard. */
export async function listRecentQuotes(options: { db: Executor; actor: Actor; limit: number }) {
	assertOwner(options.actor);
	const rows = resultRows<Row>(
		await options.db.execute(quotesQuery({ app: sql`true`, website: sql`true` }, options.limit)),
	);
	return rows.map((r) => toQuoteView(r));
}
