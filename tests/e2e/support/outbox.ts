import { readOutbox } from "../../support/outbox.ts";

/** Waits for the newest e-mail to `to` in the server's outbox folder and returns its first link. */
export async function linkFromMail(
	dataDir: string,
	to: string,
	timeoutMs = 10_000,
): Promise<string> {
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		const mail = (await readOutbox(dataDir)).reverse().find((m) => m.to.includes(to));
		const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
		if (link) return link;
		await new Promise((r) => setTimeout(r, 100));
	}
	throw new Error(`No e-mail with a link to ${to} within ${timeoutMs} ms`);
}
