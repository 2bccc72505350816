import type { AddressInfo } from "node:net";
import { asc, eq, sql } from "drizzle-orm";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { emailOutbox } from "../../src/server/db/schema.ts";
import { parseEnv } from "../../src/server/env.ts";
import {
	createMailer,
	type EmailMessage,
	type Mailer,
} from "../../src/server/features/email/email.service.ts";
import { createEventBus } from "../../src/server/lib/events.ts";
import { createLogger } from "../../src/server/lib/logger.ts";
import { signedInOwner } from "../support/accounts.ts";
import { read } from "../support/http-client.ts";
import { rerunMigration } from "../support/migrations.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

const MAIL_FROM = "Buckeye Holiday Lights <lights@example.test>";

interface Received {
	envelope: { from: string; to: string[] };
	mail: ParsedMail;
}

/**
 * A real SMTP server on a free local port: it keeps what it receives, and answers RCPT TO with a
 * temporary failure while `refusing` is set. No STARTTLS or AUTH, like a local relay.
 */
async function startSmtpServer() {
	const received: Received[] = [];
	const state = { refusing: false };
	const server = new SMTPServer({
		authOptional: true,
		disabledCommands: ["STARTTLS", "AUTH"],
		logger: false,
		onRcptTo(_address, _session, callback) {
			if (!state.refusing) return callback();
			callback(Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 }));
		},
		onData(stream, session, callback) {
			simpleParser(stream).then(
				(mail) => {
					received.push({
						envelope: {
							from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
							to: session.envelope.rcptTo.map((r) => r.address),
						},
						mail,
					});
					callback();
				},
				(error: Error) => callback(error),
			);
		},
	});
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	const { port } = server.server.address() as AddressInfo;
	return {
		port,
		received,
		state,
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}

let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const mailers: Mailer[] = [];

beforeEach(async () => {
	[app, smtp] = await Promise.all([startTestApp(), startSmtpServer()]);
	// The app's own mailer polls the same outbox and writes .eml files: here only the tests deliver.
	await app.mailer.stop();
});
afterEach(async () => {
	await Promise.all(mailers.splice(0).map((m) => m.stop()));
	await smtp.close();
	await app.close();
});

/** A mailer on the test app's database that sends through SMTP_URL, as configured in production. */
function smtpMailer(port = smtp.port) {
	const env = parseEnv({
		DATA_DIR: app.dataDir,
		SMTP_URL: `smtp://127.0.0.1:${port}`,
		MAIL_FROM,
		LOG_LEVEL: "silent",
		NODE_ENV: "test",
	});
	const logger = createLogger("silent");
	// A bus of its own that nothing listens to: queueing wakes no delivery, each test runs it.
	const events = createEventBus({ db: app.db, logger });
	const mailer = createMailer({ db: app.db, env, logger, events });
	mailers.push(mailer);
	return mailer;
}

const message = (n = 1): EmailMessage => ({
	to: `customer${n}@example.test`,
	subject: `Your quote #${n} is approved`,
	text: `Hello! Quote #${n} is approved.`,
	html: `<p>Hello! Quote <b>#${n}</b> is approved.</p>`,
});

/** A message as the outbox table holds it. */
const outboxRow = (n: number) => ({
	toAddress: message(n).to,
	subject: message(n).subject,
	textBody: message(n).text,
	htmlBody: message(n).html,
});

const rows = () => app.db.select().from(emailOutbox).orderBy(asc(emailOutbox.id));

/** Seconds until the row is due again. */
const secondsUntilDue = (row: typeof emailOutbox.$inferSelect) =>
	(row.nextAttemptAt.getTime() - Date.now()) / 1000;

/** Makes every pending message due now, as if its wait had passed. */
const makeDue = () =>
	app.db
		.update(emailOutbox)
		.set({ nextAttemptAt: sql`now()` })
		.where(eq(emailOutbox.status, "pending"));

describe("mailer over SMTP", () => {
	it("delivers a queued message with its sender, recipient, subject and bodies, and marks it sent", async () => {
		const mailer = smtpMailer();
		await mailer.enqueue(message());
		expect(await rows()).toEqual([expect.objectContaining({ status: "pending", attempts: 0 })]);
		expect(smtp.received).toEqual([]);

		expect(await mailer.deliverDue()).toBe(1);

		expect(smtp.received).toHaveLength(1);
		const [{ envelope, mail }] = smtp.received as [Received];
		expect(envelope).toEqual({ from: "lights@example.test", to: ["customer1@example.test"] });
		expect(mail.from?.value).toEqual([
			{ name: "Buckeye Holiday Lights", address: "lights@example.test" },
		]);
		expect((Array.isArray(mail.to) ? mail.to[0] : mail.to)?.text).toBe("customer1@example.test");
		expect(mail.subject).toBe("Your quote #1 is approved");
		expect(mail.text?.trim()).toBe("Hello! Quote #1 is approved.");
		expect(mail.html).toContain("<b>#1</b>");

		const [row] = await rows();
		expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
		expect(row!.sentAt).toBeInstanceOf(Date);
		// Sent is sent: another run has nothing to do.
		await makeDue();
		expect(await mailer.deliverDue()).toBe(0);
		expect(smtp.received).toHaveLength(1);
	});

	it("keeps a refused message pending, retries it 30 s later, and then delivers it", async () => {
		const mailer = smtpMailer();
		await mailer.enqueue(message());
		smtp.state.refusing = true;

		expect(await mailer.deliverDue()).toBe(1);
		const [refused] = await rows();
		expect(refused).toMatchObject({ status: "pending", attempts: 1, sentAt: null });
		expect(refused!.lastError).toMatch(/451|Mailbox busy/);
		expect(secondsUntilDue(refused!)).toBeGreaterThan(25);
		expect(secondsUntilDue(refused!)).toBeLessThanOrEqual(31);
		expect(smtp.received).toEqual([]);

		// Not due yet: a run leaves it alone, even with the server taking mail again.
		smtp.state.refusing = false;
		expect(await mailer.deliverDue()).toBe(0);
		expect(await rows()).toEqual([expect.objectContaining({ status: "pending", attempts: 1 })]);

		await makeDue();
		expect(await mailer.deliverDue()).toBe(1);
		const [sent] = await rows();
		expect(sent).toMatchObject({ status: "sent", attempts: 2, lastError: null });
		expect(smtp.received.map((r) => r.mail.subject)).toEqual(["Your quote #1 is approved"]);
	});

	it("waits longer after each failure, an hour at most, never gives up, and tells the owner", async () => {
		// Nothing listens on this port any more: every connection is refused.
		const stopped = await startSmtpServer();
		await stopped.close();
		const mailer = smtpMailer(stopped.port);
		await mailer.enqueue(message());

		const waits: number[] = [];
		for (let attempt = 1; attempt <= 10; attempt++) {
			await makeDue();
			expect(await mailer.deliverDue()).toBe(1);
			const [row] = await rows();
			expect(row).toMatchObject({ attempts: attempt, status: "pending", sentAt: null });
			expect(row!.lastError).toMatch(/ECONNREFUSED|connect/i);
			waits.push(Math.round(secondsUntilDue(row!) / 30) * 30);
		}
		expect(waits).toEqual([30, 60, 120, 240, 480, 960, 1920, 3600, 3600, 3600]);

		const { client: owner } = await signedInOwner(app);
		const status = await read(owner.api.owner["mail-status"].$get());
		expect(status.json).toMatchObject({ waiting: 1, retrying: 1 });
		expect(status.json.lastError).toMatch(/ECONNREFUSED|connect/i);
		expect(Date.parse(status.json.oldestRetryingSince)).toBeLessThanOrEqual(Date.now());

		// Once the mail server is back, the next due attempt delivers it.
		const back = await startSmtpServer();
		try {
			await makeDue();
			expect(await smtpMailer(back.port).deliverDue()).toBe(1);
			expect(await rows()).toEqual([expect.objectContaining({ status: "sent", attempts: 11 })]);
			expect((await read(owner.api.owner["mail-status"].$get())).json).toEqual({
				waiting: 0,
				retrying: 0,
				oldestRetryingSince: null,
				lastError: null,
			});
		} finally {
			await back.close();
		}
	});

	it("keeps a message's bodies until it is delivered, then clears them with the same update", async () => {
		const mailer = smtpMailer();
		await mailer.enqueue([message(1), message(2)]);
		smtp.state.refusing = true;
		expect(await mailer.deliverDue()).toBe(2);
		// Waiting for another try: each body is there, whole, to be sent later.
		expect(await rows()).toEqual(
			[1, 2].map((n) =>
				expect.objectContaining({
					status: "pending",
					textBody: message(n).text,
					htmlBody: message(n).html,
				}),
			),
		);

		smtp.state.refusing = false;
		await makeDue();
		app.queries.length = 0;
		expect(await mailer.deliverDue()).toBe(2);
		// Delivered whole...
		expect(smtp.received.map((r) => r.mail.text?.trim()).sort()).toEqual([
			message(1).text,
			message(2).text,
		]);
		// ...and the outbox keeps who, what and when, not what it said (a reset link, an invite code).
		const sent = await rows();
		expect(sent).toEqual(
			[1, 2].map((n) =>
				expect.objectContaining({
					toAddress: message(n).to,
					subject: message(n).subject,
					status: "sent",
					attempts: 2,
					lastError: null,
					textBody: null,
					htmlBody: null,
				}),
			),
		);
		for (const row of sent) expect(row.sentAt).toBeInstanceOf(Date);
		const updates = app.queries.filter((q) => q.startsWith('update "email_outbox"'));
		// The claim, then one update that marks both sent and clears them.
		expect(updates).toHaveLength(2);
		expect(updates[1]).toMatch(/"text_body" = /);

		const { client: owner } = await signedInOwner(app);
		expect((await read(owner.api.owner["mail-status"].$get())).json).toEqual({
			waiting: 0,
			retrying: 0,
			oldestRetryingSince: null,
			lastError: null,
		});
	});

	it("keeps no body of mail sent before bodies were cleared, and the bodies of mail still waiting", async () => {
		// Rows as they were kept before: sent mail with its bodies.
		await app.db.insert(emailOutbox).values([
			{ ...outboxRow(1), status: "sent", attempts: 1, sentAt: new Date() },
			{ ...outboxRow(2), status: "pending", attempts: 3, lastError: "451 Mailbox busy" },
		]);

		await rerunMigration(app, "0012_stored_tokens");

		expect(await rows()).toEqual([
			expect.objectContaining({
				...outboxRow(1),
				textBody: null,
				htmlBody: null,
				status: "sent",
				attempts: 1,
			}),
			expect.objectContaining({
				...outboxRow(2),
				status: "pending",
				lastError: "451 Mailbox busy",
			}),
		]);
		// And the one waiting goes out whole.
		await makeDue();
		expect(await smtpMailer().deliverDue()).toBe(1);
		expect(smtp.received.map((r) => r.mail.text?.trim())).toEqual([message(2).text]);
	});

	it("delivers each message once when two delivery runs overlap", async () => {
		// Two mailers, as two server processes on one database.
		const [first, second] = [smtpMailer(), smtpMailer()];
		for (let n = 1; n <= 6; n++) await (n % 2 ? first : second).enqueue(message(n));

		const claimed = await Promise.all([first.deliverDue(), second.deliverDue()]);

		expect(claimed[0] + claimed[1]).toBe(6);
		const subjects = smtp.received.map((r) => r.mail.subject).sort();
		expect(subjects).toEqual([1, 2, 3, 4, 5, 6].map((n) => `Your quote #${n} is approved`));
		expect(await rows()).toEqual(
			Array.from({ length: 6 }, () => expect.objectContaining({ status: "sent", attempts: 1 })),
		);
		await makeDue();
		expect(await Promise.all([first.deliverDue(), second.deliverDue()])).toEqual([0, 0]);
		expect(smtp.received).toHaveLength(6);
	});
});
