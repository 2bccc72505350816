import { z } from "@hono/zod-openapi";
import { type SQL, sql } from "drizzle-orm";
import { badRequest } from "./errors.ts";

/** Query string of a paged list: `cursor` from the previous page, `limit` rows (1-100). */
export const pageQuerySchema = z.object({
	cursor: z.string().max(100).optional(),
	limit: z.coerce.number().int().min(1).max(100).optional(),
});

export const pageSize = (limit?: number) => Math.min(Math.max(limit ?? 20, 1), 100);

/**
 * Keyset paging on (created_at, id), newest first. The cursor is "<created_at ISO>|<id>" of the
 * previous page's last row; the condition selects the rows after it in `alias`, or null on page 1.
 */
export function rowsAfter(cursor: string | undefined, alias: string): SQL | null {
	if (!cursor) return null;
	const [at, id, ...rest] = cursor.split("|");
	// Exactly what toPage writes: an ISO time the database can hold, and a UUID.
	if (rest.length > 0 || !at || !id || !isCursorTime(at) || !UUID.test(id)) {
		throw badRequest("Invalid cursor");
	}
	return sql`(${sql.raw(alias)}.created_at, ${sql.raw(alias)}.id) < (${new Date(at).toISOString()}::timestamptz, ${id}::uuid)`;
}

const EARLIEST = Date.UTC(2000, 0, 1);
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

/** A cursor's time as the lists write it: ISO, UTC, from 2000 to 9999 (all the database holds). */
export const isCursorTime = (at: string) => ISO_TIME.test(at) && Date.parse(at) >= EARLIEST;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One page of `items` (fetched with limit + 1 rows) and the cursor of the next page, if any. */
export function toPage<T extends { createdAt: string; id: string }>(items: T[], limit: number) {
	const page = items.slice(0, limit);
	const last = page.at(-1);
	return {
		items: page,
		nextCursor: items.length > limit && last ? `${last.createdAt}|${last.id}` : null,
	};
}
