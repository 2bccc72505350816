import fs from "node:fs/promises";
import path from "node:path";
import { and, eq, inArray, lte, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Database, Executor } from "../../db/database.ts";
import { emailOutbox } from "../../db/schema.ts";
import type { Env } from "../../env.ts";
import type { EventBus } from "../../lib/events.ts";
import type { Logger } from "../../lib/logger.ts";
import { outboxWorker } from "../../lib/outbox-worker.ts";

export interface EmailMessage {
	to: string;
	subject: string;
	text: string;
	html?: string;
	/**
	 * Files sent with it: text (a calendar invitation) or base64 (a PDF); cleared with the bodies
	 * once sent.
	 */
	attachments?: EmailAttachment[];
	/** Extra headers: List-Unsubscribe and List-Unsubscribe-Post on what is not transactional. */
	headers?: Record<string, string>;
}

interface EmailAttachment {
	filename: string;
	/** With parameters, e.g. `text/calendar; method=REQUEST`. */
	contentType: string;
	content: string;
	/** How `content` is written: base64 for binary files, else it is the text itself. */
	encoding?: "base64";
}

export interface Mailer {
	/**
	 * Queues messages; pass the transaction making the change so both commit together. The
	 * commit announces `email.queued`, which wakes the delivery on every instance. Answers the
	 * messages' ids in the outbox.
	 */
	enqueue(messages: EmailMessage | EmailMessage[], executor?: Executor): Promise<number[]>;
	/** Delivers what is due now; safe to run from several processes at once. */
	deliverDue(): Promise<number>;
	start(): void;
	stop(): Promise<void>;
}

const POLL_MS = 5_000;
/** The most messages one delivery run claims; a full batch runs another at once. */
const BATCH = 50;
/**
 * How long a wake-up waits before delivering: the messages queued meanwhile (a payment's receipt
 * and the business's notice, a burst of payments) go out in one run, one claim and one update.
 */
const GATHER_MS = 100;

/**
 * Retries back off: 30 s, 1 min, 2 min, ... capped at one hour, and never stop: a message waits
 * out a mail server that is down for a day. The owner sees what waits (`mailStatus`).
 */
const retryDelaySeconds = (attempts: number) => Math.min(30 * 2 ** (attempts - 1), 3600);

export function createMailer(options: {
	db: Database;
	env: Env;
	logger: Logger;
	events: EventBus;
}): Mailer {
	const { db, env, logger, events } = options;
	const outboxDir = path.join(env.DATA_DIR, "outbox");
	const transport = env.SMTP_URL
		? nodemailer.createTransport(env.SMTP_URL)
		: nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });

	let outboxReady: Promise<unknown> | undefined;

	async function deliver(message: EmailMessage & { id: number }) {
		const info = await transport.sendMail({
			from: env.MAIL_FROM,
			to: message.to,
			subject: message.subject,
			text: message.text,
			html: message.html,
			headers: message.headers,
			attachments: message.attachments?.map((a) => ({
				filename: a.filename,
				contentType: a.contentType,
				content: a.content,
				encoding: a.encoding,
			})),
		});
		if (env.SMTP_URL) return;
		// The folder is made once; made again if it went away (the failed message is retried).
		outboxReady ??= fs.mkdir(outboxDir, { recursive: true });
		const stamp = new Date().toISOString().replace(/[:.]/g, "-");
		const file = path.join(outboxDir, `${stamp}-${message.id}.eml`);
		try {
			await outboxReady;
			await fs.writeFile(file, (info as unknown as { message: Buffer }).message);
		} catch (error) {
			outboxReady = undefined;
			throw error;
		}
		logger.info({ to: message.to, subject: message.subject, file }, "email written to outbox");
	}

	async function deliverDue(): Promise<number> {
		// Claim a batch by pushing its next attempt into the future, so no other worker takes it.
		const claimed = await db
			.update(emailOutbox)
			.set({
				attempts: sql`${emailOutbox.attempts} + 1`,
				nextAttemptAt: sql`now() + interval '10 minutes'`,
			})
			.where(
				inArray(
					emailOutbox.id,
					db
						.select({ id: emailOutbox.id })
						.from(emailOutbox)
						.where(
							and(eq(emailOutbox.status, "pending"), lte(emailOutbox.nextAttemptAt, sql`now()`)),
						)
						.orderBy(emailOutbox.id)
						.limit(BATCH)
						.for("update", { skipLocked: true }),
				),
			)
			.returning();
		// Marked sent together after the batch: one commit instead of one per message. A crash in
		// between sends those again when their claim runs out (delivery is at least once anyway).
		// The same update clears their bodies: what a reset link or an invite code says is for the
		// recipient alone, and the outbox keeps only who, what, when and how it went.
		const sent: number[] = [];
		for (const row of claimed) {
			try {
				await deliver({
					id: row.id,
					to: row.toAddress,
					subject: row.subject,
					// A message waiting to go out always has its body: only sending clears it.
					text: row.textBody ?? "",
					html: row.htmlBody ?? undefined,
					attachments: row.attachments ?? undefined,
					headers: row.headers ?? undefined,
				});
				sent.push(row.id);
			} catch (error) {
				logger.warn({ err: error, id: row.id, attempts: row.attempts }, "email delivery failed");
				await db
					.update(emailOutbox)
					.set({
						lastError: String((error as Error).message ?? error).slice(0, 1000),
						nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(row.attempts)})`,
					})
					.where(eq(emailOutbox.id, row.id));
			}
		}
		if (sent.length > 0)
			await db
				.update(emailOutbox)
				.set({
					status: "sent",
					sentAt: sql`now()`,
					lastError: null,
					textBody: null,
					htmlBody: null,
					attachments: null,
				})
				.where(inArray(emailOutbox.id, sent));
		return claimed.length;
	}

	const worker = outboxWorker({
		deliverDue: () => deliverDue(),
		batch: BATCH,
		wakeOn: "email.queued",
		gatherMs: GATHER_MS,
		pollMs: POLL_MS,
		events,
		logger,
		name: "email",
	});

	return {
		async enqueue(messages, executor = db) {
			const rows = [messages].flat().map((message) => ({
				toAddress: message.to,
				subject: message.subject,
				textBody: message.text,
				htmlBody: message.html,
				attachments: message.attachments,
				headers: message.headers,
			}));
			if (rows.length === 0) return [];
			const queued = await executor
				.insert(emailOutbox)
				.values(rows)
				.returning({ id: emailOutbox.id });
			await events.publish(executor, { kind: "email.queued" });
			return queued.map((q) => q.id);
		},
		deliverDue,
		start: worker.start,
		async stop() {
			await worker.stop();
			transport.close();
		},
	};
}

/** What the outbox holds back: messages waiting, how many of them failed at least once, and why. */
export async function mailStatus(options: { db: Executor }) {
	const [row] = await options.db
		.select({
			waiting: sql<number>`count(*)::int`,
			retrying: sql<number>`(count(*) filter (where ${emailOutbox.attempts} > 0))::int`,
			oldestRetrying: sql<Date | null>`min(${emailOutbox.createdAt}) filter (where ${emailOutbox.attempts} > 0)`,
		})
		.from(emailOutbox)
		.where(eq(emailOutbox.status, "pending"));
	const [last] = await options.db
		.select({ lastError: emailOutbox.lastError })
		.from(emailOutbox)
		.where(and(eq(emailOutbox.status, "pending"), sql`${emailOutbox.attempts} > 0`))
		.orderBy(sql`${emailOutbox.id} desc`)
		.limit(1);
	const oldest = row?.oldestRetrying ? new Date(row.oldestRetrying) : null;
	return {
		waiting: row?.waiting ?? 0,
		retrying: row?.retrying ?? 0,
		oldestRetryingSince: oldest?.toISOString() ?? null,
		lastError: last?.lastError ?? null,
	};
}
