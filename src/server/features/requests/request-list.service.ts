import { sql } from "drizzle-orm";
import type { BillStatus } from "../../../shared/bills.ts";
import type { RequestPriority, RequestStatus, RequestType } from "../../../shared/requests.ts";
import type { OwnerRequest, RequestView } from "../../../shared/service-requests.ts";
import { type Executor, resultRows } from "../../db/database.ts";
import { type Actor, assertOwner } from "../../lib/actor.ts";
import { badRequest } from "../../lib/errors.ts";
import { pageSize, rowsAfter, toPage } from "../../lib/paging.ts";
import { getPricing } from "../settings/settings.service.ts";

type Row = {
	id: string;
	request_type: RequestType;
	details: string | null;
	priority: RequestPriority;
	requested_color_scheme: string | null;
	custom_colors: string | null;
	status: RequestStatus;
	photo_ids: string[] | null;
	fee_cents: number | null;
	fee_status: BillStatus | null;
	created_at: string | Date;
	updated_at: string | Date;
};

/** The columns of a request in `r`, its photos and its fee bill (`b`, joined by the caller). */
const requestColumns = sql`r.id, r.request_type, r.details, r.priority, r.requested_color_scheme,
	r.custom_colors, r.status, r.created_at, r.updated_at,
	coalesce((select json_agg(f.id order by f.created_at, f.id) from files f
		where f.service_request_id = r.id), '[]'::json) as photo_ids,
	b.amount_cents as fee_cents, b.status as fee_status`;

const toView = (r: Row): RequestView => ({
	id: r.id,
	requestType: r.request_type,
	details: r.details,
	priority: r.priority,
	colorScheme: r.requested_color_scheme,
	customColors: r.custom_colors,
	status: r.status,
	photoIds: r.photo_ids ?? [],
	fee: r.fee_cents === null ? null : { amountCents: r.fee_cents, status: r.fee_status! },
	createdAt: new Date(r.created_at).toISOString(),
	updatedAt: new Date(r.updated_at).toISOString(),
});

/**
 * The acting customer's requests, newest first, a page at a time; whether one is open or in
 * progress (the Home card's badge); and the colour-change fee a new request would add.
 */
export async function listMyRequests(options: {
	db: Executor;
	actor: Actor;
	cursor?: string;
	limit?: number;
}) {
	const { db, actor } = options;
	const limit = pageSize(options.limit);
	const after = rowsAfter(options.cursor, "r") ?? sql`true`;
	const [rows, active, pricing] = await Promise.all([
		db.execute(sql`
			select ${requestColumns}
			from service_requests r
			left join bills b on b.service_request_id = r.id
			where r.user_id = ${actor.id} and ${after}
			order by r.created_at desc, r.id desc
			limit ${limit + 1}`),
		db.execute(sql`select exists (select 1 from service_requests
			where user_id = ${actor.id} and status in ('open', 'in_progress')) as active`),
		getPricing({ db }),
	]);
	const { items, nextCursor } = toPage(resultRows<Row>(rows).map(toView), limit);
	return {
		requests: items,
		nextCursor,
		active: Boolean(resultRows<{ active: boolean }>(active)[0]?.active),
		colorFeeCents: pricing.requirePayment ? pricing.colorFeeCents : null,
	};
}

type OwnerRow = Row & {
	customer_id: string | null;
	id_number: number | null;
	name: string;
	email: string;
	phone: string | null;
	address: string | null;
	city: string | null;
	state: string | null;
	zip_code: string | null;
};

/** Cursor of the owner's list: the last row's priority, creation time and id. */
function encodeCursor(r: RequestView) {
	return `${r.priority}|${r.createdAt}|${r.id}`;
}

function ownerRowsAfter(cursor: string | undefined) {
	if (!cursor) return sql`true`;
	const [priority, at, id] = cursor.split("|");
	if (
		(priority !== "Urgent" && priority !== "Normal") ||
		!at ||
		Number.isNaN(Date.parse(at)) ||
		!id ||
		!/^[0-9a-f-]{36}$/i.test(id)
	)
		throw badRequest("Invalid cursor");
	return sql`(r.priority, r.created_at, r.id) < (${priority}, ${new Date(at).toISOString()}::timestamptz, ${id}::uuid)`;
}

/**
 * Open and in-progress requests, Urgent first and then newest first, a page at a time, each with
 * its customer. The page's ids come from the list's own partial index; only they are joined.
 */
export async function listOpenRequests(options: {
	db: Executor;
	actor: Actor;
	cursor?: string;
	limit?: number;
}): Promise<{ requests: OwnerRequest[]; nextCursor: string | null }> {
	assertOwner(options.actor);
	const limit = pageSize(options.limit);
	const rows = resultRows<OwnerRow>(
		await options.db.execute(sql`
			with page as (
				select r.id from service_requests r
				where r.status in ('open', 'in_progress') and ${ownerRowsAfter(options.cursor)}
				order by r.priority desc, r.created_at desc, r.id desc
				limit ${limit + 1}
			)
			select ${requestColumns}, c.id as customer_id, c.id_number,
				coalesce(c.name, p.display_name, u.name) as name, coalesce(c.email, u.email) as email,
				coalesce(c.phone, p.phone) as phone, c.address, c.city, c.state, c.zip_code
			from page
			join service_requests r on r.id = page.id
			join users u on u.id = r.user_id
			left join profiles p on p.user_id = r.user_id
			left join customers c on c.user_id = r.user_id
			left join bills b on b.service_request_id = r.id
			order by r.priority desc, r.created_at desc, r.id desc`),
	);
	const requests = rows.map(
		(r): OwnerRequest => ({
			...toView(r),
			customer: {
				id: r.customer_id,
				idNumber: r.id_number,
				name: r.name,
				email: r.email,
				phone: r.phone,
				address: r.address,
				city: r.city,
				state: r.state,
				zipCode: r.zip_code,
			},
		}),
	);
	const page = requests.slice(0, limit);
	const last = page.at(-1);
	return {
		requests: page,
		nextCursor: requests.length > limit && last ? encodeCursor(last) : null,
	};
}
