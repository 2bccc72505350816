// The booking path's floor on this machine, for `npm run bench:api`: a bare node:http server and a
// pg pool sending the statements a customer's install booking sends, in the app's order: the
// session; end the holds whose time is up; read the window, the rules and the customer's quote,
// bills and contract; then in one transaction read the season's paid deposits, insert the deposit
// bill, make the approval bill the balance, notify the other instances, and insert the held
// booking pointing at the bill (its trigger takes the day at commit). None of the app around
// them: no framework, validation, cookie signature or events.
// Env: DATABASE_URL (a migrated database), PORT. Requests: POST /{customerId} with
// {windowId, day, token} (the session token the app would read from the cookie).
import { createHash } from "node:crypto";
import http from "node:http";
import pg from "pg";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
pool.on("error", () => {}); // the bench drops the database when it is done

async function book(customerId, windowId, day, token) {
	const { rows: session } = await pool.query(
		`select u.id, u.name, u.email, u.email_verified, s.expires_at, p.* from sessions s
			join users u on u.id = s.user_id left join profiles p on p.user_id = s.user_id
			where s.token = $1 and s.expires_at > now() and s.created_at > now() - make_interval(secs => $2)`,
		[createHash("sha256").update(token).digest("hex"), 60 * 60 * 24 * 30],
	);
	if (!session[0]) throw new Error("no session");
	await pool.query(
		"select id from bookings where status = 'held' and hold_expires_at <= $1 limit 500",
		[new Date()],
	);
	const { rows: windows } = await pool.query(
		"select id, season_id, name, kind, starts_on, ends_on, price_adjust_pct, audience from service_windows where id = $1",
		[windowId],
	);
	const { rows: settings } = await pool.query(
		"select weekday_capacity, deposit_percent, change_lock_days from season_settings where id = $1",
		[1],
	);
	const window = { ...windows[0], ...settings[0] };
	const { rows: facts } = await pool.query(
		`select c.id, c.user_id, c.agreed_to_services, q.cents, b.id as bill_id, b.amount_cents as bill_cents, b.status as bill_status,
				exists (select 1 from bookings d where d.customer_id = c.id and d.kind = 'install' and d.status = 'done') as returning,
				exists (select 1 from contracts k where k.user_id = c.user_id) as signed_any,
				exists (select 1 from contracts k where k.user_id = c.user_id and k.quote_request_id = q.id) as signed_this
			from customers c
			left join lateral (select id, coalesce(revised_price_cents, total_estimate_cents) as cents from quote_requests
				where user_id = c.user_id and status = 'approved' order by decided_at desc nulls last, created_at desc limit 1) q on true
			left join bills b on b.quote_request_id = q.id
			where c.id = $1`,
		[customerId],
	);
	const customer = facts[0];
	const signed = customer?.signed_any ? customer.signed_this : customer?.agreed_to_services;
	if (!signed || customer.cents === null) throw new Error("cannot book");
	const total = Math.round((customer.cents * (100 + window.price_adjust_pct)) / 100);
	const deposit = Math.round((total * window.deposit_percent) / 100);
	const client = await pool.connect();
	try {
		await client.query("begin");
		const { rows: paid } = await client.query(
			`select coalesce(sum(b.amount_cents), 0)::int as cents from bookings k join bills b on b.id = k.deposit_bill_id
				where k.customer_id = $1 and k.season_id = $2 and k.kind = 'install' and b.status = 'paid'`,
			[customerId, window.season_id],
		);
		if (paid[0].cents !== 0) throw new Error("deposit already paid");
		const { rows: bill } = await client.query(
			`insert into bills (user_id, description, due_date, amount_cents) values ($1, $2, current_date, $3) returning id`,
			[customer.user_id, `Deposit to hold your install on ${day}`, deposit],
		);
		await client.query(
			"update bills set amount_cents = $1 where id = $2 and status = 'pending' and amount_cents <> $1",
			[total - deposit, customer.bill_id],
		);
		await client.query("select pg_notify('bench_floor', $1)", [
			JSON.stringify({ from: "floor", events: [{ kind: "booking.changed", day }] }),
		]);
		const { rows: booked } = await client.query(
			`insert into bookings (customer_id, season_id, window_id, kind, day, status, hold_expires_at, deposit_bill_id, created_by)
				values ($1, $2, $3, 'install', $4, 'held', now() + interval '35 minutes', $5, $6) returning *`,
			[customerId, window.season_id, windowId, day, bill[0].id, customer.user_id],
		);
		await client.query("commit");
		return { ...booked[0], deposit_cents: deposit };
	} catch (error) {
		await client.query("rollback");
		throw error;
	} finally {
		client.release();
	}
}

http
	.createServer(async (req, res) => {
		let body = "";
		for await (const chunk of req) body += chunk;
		try {
			const { windowId, day, token } = JSON.parse(body);
			const booking = await book(req.url.slice(1), windowId, day, token);
			res.writeHead(201, { "content-type": "application/json" });
			res.end(JSON.stringify(booking));
		} catch (error) {
			res.writeHead(500).end(String(error));
		}
	})
	.listen(Number(process.env.PORT), "127.0.0.1", () => process.send?.("ready"));
