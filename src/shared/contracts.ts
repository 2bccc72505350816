import { quoteLineSchema } from "./quotes.ts";
import { tooLong, z } from "./zod.ts";

/** The longest agreement the owner may save: about twenty printed pages. */
const MAX_TERMS_CHARS = 40_000;
const MAX_SIGNED_NAME = 120;

export const CONTRACT_MESSAGES = {
	termsRequired: "Write the terms of your agreement",
	termsTooLong: tooLong("The terms", MAX_TERMS_CHARS),
	termsUnchanged: "These terms are the same as the current version",
	consentRequired: "Tick 'I agree to sign electronically' to sign",
	nameRequired: "Type your full name to sign",
	nameTooLong: tooLong("Full name", MAX_SIGNED_NAME),
	notFound: "Contract not found",
	signed: "Contract signed. Thank you!",
	saved: (version: number) => `Contract terms saved as Version ${version}`,
} as const;

/**
 * The agreement version 1 (migration 0019): the four points the approved-quote card listed, and
 * the policy pages' cancellation and refund rules, both readings, as the policies keep them.
 */
export const DEFAULT_TERMS = `1. We design, install, maintain during the season, take down and store your display as quoted.
2. Installation is scheduled after your bill is paid; we confirm the date with you by phone or chat.
3. Lights that go out during the season are fixed at no charge: report them from the Requests tab.
4. Cancellations more than 7 days before installation are refunded in full minus administrative costs; within 7 days, 50% of the deposit; none after installation begins (see our Terms and Refund Policy).

## Cancellations and refunds
Our Terms of Service: cancel more than 7 days before your installation date for a full refund minus administrative costs; within 7 days, a refund of 50% of the deposit; no refund once installation has begun.

Our Refund Policy: more than 14 days before installation, a full refund; 7 to 14 days before, a full refund minus a $50 administrative fee; within 7 days, a 50% refund; after installation begins, no refund.

Where the two differ, the one that gives you the larger refund applies. Refunds are processed in 5-7 business days (card 3-5, bank transfer 5-7, cash refunded by check 7-10). If more than 25% of your display fails after installation and we cannot fix it, you may ask for a refund for the affected part.

## Law
This agreement is governed by the laws of the State of Ohio; disputes are heard in the courts of Stark County, Ohio.`;

/** Markdown-like text: a line starting "## " is a heading, "- " or "1. " a list item. */
export type TermsBlock =
	| { kind: "heading"; text: string }
	| { kind: "item"; marker: string; text: string }
	| { kind: "paragraph"; text: string };

/** The terms split into headings, list items and paragraphs, for the page and the PDF alike. */
export function termsBlocks(body: string): TermsBlock[] {
	const blocks: TermsBlock[] = [];
	for (const raw of body.replace(/\r\n?/g, "\n").split("\n")) {
		const line = raw.trim();
		if (!line) continue;
		const heading = /^#{1,6}\s+(.*)$/.exec(line);
		if (heading) {
			blocks.push({ kind: "heading", text: heading[1]! });
			continue;
		}
		const item = /^([-*•]|\d{1,3}[.)])\s+(.*)$/.exec(line);
		if (item) {
			blocks.push({ kind: "item", marker: /\d/.test(item[1]!) ? item[1]! : "•", text: item[2]! });
			continue;
		}
		blocks.push({ kind: "paragraph", text: line });
	}
	return blocks;
}

export const termsVersionSchema = z.object({
	version: z.number().int(),
	body: z.string(),
	createdAt: z.string(),
});
export type TermsVersion = z.infer<typeof termsVersionSchema>;

export const termsListSchema = z.object({ versions: z.array(termsVersionSchema) });

export const saveTermsSchema = z.object({
	body: z
		.string(CONTRACT_MESSAGES.termsRequired)
		.trim()
		.min(1, CONTRACT_MESSAGES.termsRequired)
		.max(MAX_TERMS_CHARS, CONTRACT_MESSAGES.termsTooLong),
});
export type SaveTerms = z.infer<typeof saveTermsSchema>;

export const signContractSchema = z.object({
	consent: z.literal(true, CONTRACT_MESSAGES.consentRequired),
	fullName: z
		.string(CONTRACT_MESSAGES.nameRequired)
		.trim()
		.min(1, CONTRACT_MESSAGES.nameRequired)
		.max(MAX_SIGNED_NAME, CONTRACT_MESSAGES.nameTooLong),
});
export type SignContractInput = z.infer<typeof signContractSchema>;

/** A signed contract as its customer and the owner see it. */
export const contractSchema = z.object({
	id: z.uuid(),
	seasonId: z.string(),
	termsVersion: z.number().int(),
	signedName: z.string(),
	/** The account's name when it was signed. */
	accountName: z.string(),
	/** Whether the typed name resembles the account's name; a mismatch is still a signature. */
	nameMatches: z.boolean(),
	signedAt: z.string(),
	ipAddress: z.string(),
	userAgent: z.string(),
	lines: z.array(quoteLineSchema),
	totalCents: z.number().int(),
	/** SHA-256 of the signed document's text, printed on the PDF. */
	documentHash: z.string(),
	/** SHA-256 of the PDF file as stored. */
	pdfSha256: z.string(),
	/** The PDF: GET /api/files/{pdfFileId}. */
	pdfFileId: z.uuid(),
});
export type Contract = z.infer<typeof contractSchema>;

/** The approved-quote card: the terms to sign, what is signed for, and the signature if any. */
export const myContractSchema = z.object({
	terms: termsVersionSchema,
	quote: z
		.object({
			id: z.uuid(),
			seasonId: z.string(),
			lines: z.array(quoteLineSchema),
			totalCents: z.number().int(),
		})
		.nullable(),
	/** The contract of the approved quote, once signed. */
	contract: contractSchema.nullable(),
	/** Every contract the customer signed, newest first (last season's stays readable). */
	history: z.array(contractSchema),
});
export type MyContract = z.infer<typeof myContractSchema>;

export const contractListSchema = z.object({ contracts: z.array(contractSchema) });

/** A name resembles another when their words, ignoring case and punctuation, share one. */
export function namesResemble(typed: string, account: string): boolean {
	const words = (s: string) =>
		new Set(
			s
				.normalize("NFKD")
				.replace(/[\u0300-\u036f]/g, "")
				.toLowerCase()
				.split(/[^a-z0-9]+/)
				.filter((w) => w.length > 1),
		);
	const a = words(account);
	for (const w of words(typed)) if (a.has(w)) return true;
	return false;
}
