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

/** Waits until a mail to `to` arrives (the server delivers asynchronously). */
export async function waitForMail(
	dataDir: string,
	to: string,
	timeoutMs = 10_000,
): Promise<OutboxMail> {
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		const mail = (await readOutbox(dataDir)).reverse().find((m) => m.to.includes(to));
		if (mail) return mail;
		await new Promise((r) => setTimeout(r, 100));
	}
	throw new Error(`No e-mail to ${to} within ${timeoutMs} ms`);
}
