// The booking path's floor on this machine, for `npm run bench:api`: a bare node:http server and a
// pg pool sending the very statements a customer's install booking sends, in the app's order: the
// session; the holds whose time is up; the window with the calendar's rules; the customer's quote,
// bill and contract; then the hold itself, one statement (the deposit bill, the balance, the held
// booking and the notification to the other instances; its trigger takes the day at commit). The
// statements' text comes from the app's own code (decision 039), built once at start; each request
// sends only values. None of the app around them: no framework, validation, cookie signature,
// read cache or events. Run with `node --import tsx` (the statements are TypeScript).
// Env: DATABASE_URL (a migrated database), PORT. Requests: POST / with {windowId, day, token}
// (the session token the app would read from the cookie).
import { randomUUID } from "node:crypto";
import http from "node:http";
import { fillPlaceholders } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "../src/server/db/schema.ts";
import { sessionByToken } from "../src/server/features/auth/auth.middleware.ts";
import { hashSessionToken } from "../src/server/features/auth/session-token.ts";
import { customerFactsByUser, dueHolds } from "../src/server/features/bookings/bookings.service.ts";
import { installHold } from "../src/server/features/bookings/install-hold.ts";
import { windowWithRules } from "../src/server/features/bookings/season.service.ts";
import { businessDate } from "../src/shared/dates.ts";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
pool.on("error", () => {}); // the bench drops the database when it is done

/** One of the app's prepared statements, sent by pg alone; rows as arrays, in its column order. */
function statement(name, prepared) {
	const { sql: text, params } = prepared(drizzle(pool, { schema })).getQuery();
	return async (values) =>
		(await pool.query({ name, text, values: fillPlaceholders(params, values), rowMode: "array" }))
			.rows;
}
const session = statement("session_by_token", sessionByToken);
const holdsDue = statement("due_holds", dueHolds);
const windowAndRules = statement("window_with_rules", windowWithRules);
const customerFacts = statement("customer_facts_by_user", customerFactsByUser);
const hold = statement("install_hold", installHold);

async function book(windowId, day, token) {
	const [user] = await session({ tokenHash: hashSessionToken(token) });
	if (!user) throw new Error("no session");
	const userId = user[0];
	const now = new Date();
	await holdsDue({ now });
	const [window] = await windowAndRules({ windowId });
	const [, seasonId, , , , , pct, , , depositPercent] = window;
	const [facts] = await customerFacts({ key: userId });
	const [customerId, , agreed, approvedCents, billId, , billStatus, , signedAny, signedThis] =
		facts;
	if (!(signedAny ? signedThis : agreed) || approvedCents === null || billStatus !== "pending")
		throw new Error("cannot hold");
	const total = Math.round((approvedCents * (100 + pct)) / 100);
	const deposit = Math.round((total * depositPercent) / 100);
	const depositBillId = randomUUID();
	const bookingId = randomUUID();
	const [held] = await hold({
		customerId,
		userId,
		seasonId,
		windowId,
		billId: depositBillId,
		description: `Deposit to hold your install on ${day}`,
		today: businessDate(now),
		depositCents: deposit,
		approvalBillId: billId,
		approvedCents,
		pct,
		bookingId,
		day,
		holdExpiresAt: new Date(now.getTime() + 35 * 60_000),
		channel: "bench_floor",
		notification: JSON.stringify({
			from: "floor",
			id: randomUUID(),
			events: [
				{ kind: "bill.changed", billId: depositBillId, userId },
				{ kind: "bill.changed", billId, userId },
				{ kind: "booking.changed", bookingId, day, userId },
			],
		}),
	});
	if (!held) throw new Error("a deposit was paid");
	return { id: held[0], day: held[5], status: held[6], depositCents: deposit };
}

http
	.createServer(async (req, res) => {
		let body = "";
		for await (const chunk of req) body += chunk;
		try {
			const { windowId, day, token } = JSON.parse(body);
			const booking = await book(windowId, day, token);
			res.writeHead(201, { "content-type": "application/json" });
			res.end(JSON.stringify(booking));
		} catch (error) {
			res.writeHead(500).end(String(error));
		}
	})
	.listen(Number(process.env.PORT), "127.0.0.1", () => process.send?.("ready"));
