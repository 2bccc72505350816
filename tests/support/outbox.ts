import fs from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";

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

/**
 * Waits until a mail to `to` arrives (the server delivers asynchronously) and returns the newest
 * such mail.
 */
export async function waitForMail(
	dataDir: string,
	to: string,
	{ containing, timeoutMs = 10_000 }: WaitForMailOptions = {},
): Promise<OutboxMail> {
	const matches = (m: OutboxMail) =>
		m.to.includes(to) &&
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
