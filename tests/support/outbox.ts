import fs from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";
import { emailOutbox } from "../../src/server/db/schema.ts";
import type { TestApp } from "./test-app.ts";

export interface OutboxMail {
	to: string;
	subject: string;
	text: string;
	html: string;
}

/** Every .eml file the server wrote to DATA_DIR/outbox, oldest first. */
export async function readOutbox(dataDir: string): Promise<OutboxMail[]> {
	const dir = path.join(dataDir, "outbox");
	if (!fs.existsSync(dir)) return [];
	const files = fs
		.readdirSync(dir)
		.filter((f) => f.endsWith(".eml"))
		.sort();
	return Promise.all(
		files.map(async (f) => {
			const mail = await simpleParser(fs.readFileSync(path.join(dir, f)));
			const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
			return {
				to: to?.text ?? "",
				subject: mail.subject ?? "",
				text: mail.text ?? "",
				html: String(mail.html || ""),
			};
		}),
	);
}

export interface WaitForMailOptions {
	/** Only a mail whose text or HTML contains this. */
	containing?: string;
	timeoutMs?: number;
}

/** Where every confirmation link points (the product's confirmation page). */
export const CONFIRM_PATH = "/auth/confirm-email";

/** How a confirmation e-mail's subject begins (emailConfirmationEmail). */
const CONFIRMATION_SUBJECT = "Confirm your e-mail address for ";

/** The e-mail with a link that confirms a new account's address, sent at every self sign-up. */
export const isConfirmationMail = (mail: OutboxMail) => mail.text.includes(CONFIRM_PATH);

/** The e-mails queued in the database, without the sign-up confirmations. */
export async function queuedBesidesConfirmations(app: Pick<TestApp, "db">) {
	// In the order they were queued (PostgreSQL returns updated rows in any order otherwise).
	const rows = await app.db.select().from(emailOutbox).orderBy(emailOutbox.id);
	// Told apart by subject: a sent message keeps no body.
	return rows.filter((row) => !row.subject.startsWith(CONFIRMATION_SUBJECT));
}

/** The outbox without the sign-up confirmations: what tests about other mail look at. */
export async function readOutboxBesidesConfirmations(dataDir: string): Promise<OutboxMail[]> {
	return (await readOutbox(dataDir)).filter((m) => !isConfirmationMail(m));
}

/**
 * Waits until a mail to `to` arrives (the server delivers asynchronously) and returns the newest
 * such mail. Confirmation e-mails count only when `containing` asks for them (CONFIRM_PATH): every
 * customer gets one at sign-up, and a test waiting for another mail to them must not take it.
 */
export async function waitForMail(
	dataDir: string,
	to: string,
	{ containing, timeoutMs = 10_000 }: WaitForMailOptions = {},
): Promise<OutboxMail> {
	const matches = (m: OutboxMail) =>
		m.to.includes(to) &&
		(containing?.includes(CONFIRM_PATH) || !isConfirmationMail(m)) &&
		(containing === undefined || m.text.includes(containing) || m.html.includes(containing));
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		const mail = (await readOutbox(dataDir)).reverse().find(matches);
		if (mail) return mail;
		await new Promise((r) => setTimeout(r, 100));
	}
	const what = containing === undefined ? "" : ` mentioning "${containing}"`;
	throw new Error(`No e-mail to ${to}${what} within ${timeoutMs} ms`);
}

/** The first web address in a mail's text (e.g. a password-reset link). */
export function firstLink(mail: OutboxMail): string {
	const link = mail.text.match(/https?:\/\/\S+/)?.[0];
	if (!link) throw new Error(`The e-mail to ${mail.to} ("${mail.subject}") has no link`);
	return link;
}

/** Waits for the newest e-mail to `to` that carries a link and returns that link. */
export async function linkFromMail(
	dataDir: string,
	to: string,
	options: Omit<WaitForMailOptions, "containing"> = {},
): Promise<string> {
	return firstLink(await waitForMail(dataDir, to, { ...options, containing: "http" }));
}
