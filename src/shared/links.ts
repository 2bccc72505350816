/** A piece of a message: plain text, or a web address with the link it opens. */
export type TextPart = { text: string; href?: undefined } | { text: string; href: string };

/** http(s):// or www. up to the next space or character that cannot be in a typed address. */
const ADDRESS = /\b(?:https?:\/\/|www\.)[^\s<>"'`]+/gi;
const CLOSING: Record<string, string> = { ")": "(", "]": "[", "}": "{" };
const count = (s: string, c: string) => s.split(c).length - 1;

/**
 * Drops the punctuation that ends a sentence rather than the address ("see https://x.com."), but
 * keeps a closing bracket the address itself opened (https://en.wikipedia.org/wiki/Akron_(Ohio)).
 */
function trimAddress(address: string) {
	let end = address;
	for (;;) {
		const last = end.at(-1) ?? "";
		const open = CLOSING[last];
		if (".,;:!?".includes(last) || (open && count(end, last) > count(end, open)))
			end = end.slice(0, -1);
		else return end;
	}
}

/**
 * Splits a message into text and links, for showing it with real links: only http and https
 * addresses (and www. ones, opened over https) become links, so nothing else (javascript:, data:)
 * can ever be one. The text is never parsed as HTML.
 */
export function splitLinks(message: string): TextPart[] {
	const parts: TextPart[] = [];
	let from = 0;
	for (const match of message.matchAll(ADDRESS)) {
		const address = trimAddress(match[0]);
		const start = match.index;
		if (!/[a-z0-9]/i.test(address.replace(/^(?:https?:\/\/|www\.)/i, ""))) continue;
		if (start > from) parts.push({ text: message.slice(from, start) });
		const href = /^www\./i.test(address) ? `https://${address}` : address;
		parts.push({ text: address, href });
		from = start + address.length;
	}
	if (from < message.length) parts.push({ text: message.slice(from) });
	return parts;
}
