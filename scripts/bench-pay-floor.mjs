// The payment path's floor on this machine, for `npm run bench:api`: a bare node:http server and a
// pg pool sending the statements a test-mode payment sends (lock the bill with its payer, insert
// the payment, mark the bill paid, queue the two e-mails, notify the other instances), with none of
// the app around them (no framework, validation, session, events or e-mail rendering). With
// OUTBOX_DIR it also writes the two e-mails as files after answering, as the outbox does.
// Env: DATABASE_URL (a migrated database), PORT, OUTBOX_DIR (optional).
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import pg from "pg";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
pool.on("error", () => {}); // the bench drops the database when it is done
const outbox = process.env.OUTBOX_DIR;
if (outbox) fs.mkdirSync(outbox, { recursive: true });
const text = "Hi,\n\nThank you: your payment went through.\n".repeat(40);

async function pay(billId) {
	const client = await pool.connect();
	try {
		await client.query("begin");
		const { rows } = await client.query(
			`select b.*, u.name, u.email, c.id as customer_id from bills b
				join users u on u.id = b.user_id left join customers c on c.user_id = b.user_id
				where b.id = $1 for update of b`,
			[billId],
		);
		const bill = rows[0];
		if (bill?.status !== "pending") throw new Error(`bill ${billId} is not payable`);
		const paymentId = randomUUID();
		await client.query(
			`insert into payments (id, bill_id, user_id, provider, provider_payment_id, status, amount_cents,
				card_brand, card_last4, card_exp_month, card_exp_year)
				values ($1, $2, $3, 'test', $4, 'succeeded', $5, 'visa', '4242', 12, 2030)
				on conflict (bill_id) where status in ('pending', 'succeeded') do nothing returning id`,
			[paymentId, billId, bill.user_id, `test_pi_${paymentId}`, bill.amount_cents],
		);
		await client.query(
			`update bills set status = 'paid', paid_at = now(), payment_method = 'card'
				where id = $1 and status = 'pending' returning paid_at`,
			[billId],
		);
		await client.query(
			"insert into email_outbox (to_address, subject, text_body, html_body) values ($1, $2, $3, $4), ($5, $6, $7, $8)",
			[bill.email, "Receipt", text, `<p>${text}</p>`, "owner@bench.test", "Payment", text, text],
		);
		await client.query("select pg_notify('bench_floor', $1)", [
			JSON.stringify({ from: "floor", id: paymentId, events: [{ kind: "bill.changed", billId }] }),
		]);
		await client.query("commit");
		return paymentId;
	} catch (error) {
		await client.query("rollback");
		throw error;
	} finally {
		client.release();
	}
}

http
	.createServer(async (req, res) => {
		for await (const _ of req);
		const billId = req.url.split("/")[3];
		try {
			const paymentId = await pay(billId);
			res.writeHead(200, { "content-type": "application/json" });
			res.end(JSON.stringify({ kind: "paid", billId, paymentId }));
			if (outbox)
				for (const n of [1, 2])
					fs.promises.writeFile(path.join(outbox, `${paymentId}-${n}.eml`), text).catch(() => {});
		} catch (error) {
			res.writeHead(500).end(String(error));
		}
	})
	.listen(Number(process.env.PORT), "127.0.0.1", () => process.send?.("ready"));
