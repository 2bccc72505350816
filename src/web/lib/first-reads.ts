import { FIRST_READ_ATTRIBUTE } from "../../shared/session-data.ts";

/**
 * How long the page's first reads, written into it by the server, stand for asking at most: the
 * live stream drops them once the page's first data is in (`forgetFirstReads`), and replays what
 * changed since the page started, so one taken late is refreshed.
 */
const FIRST_READS_FOR_MS = 60_000;
let firstReads: Map<string, string> | undefined;

/** The page's first reads not taken yet, read from the page once; none after FIRST_READS_FOR_MS. */
function pageReads(): Map<string, string> | undefined {
	if (typeof document === "undefined" || performance.now() > FIRST_READS_FOR_MS) return undefined;
	firstReads ??= new Map(
		[...document.querySelectorAll(`script[${FIRST_READ_ATTRIBUTE}]`)].map((element) => [
			element.getAttribute(FIRST_READ_ATTRIBUTE) ?? "",
			element.textContent ?? "",
		]),
	);
	return firstReads;
}

/**
 * The answer the server wrote into the page for the read `url` (shared/first-reads.ts), taken
 * once: the page's first request for it is answered at once, later ones ask the server.
 */
export function takeFirstRead(url: string): string | undefined {
	const reads = pageReads();
	if (!reads?.size) return undefined;
	const { pathname, search } = new URL(url, location.href);
	const body = reads.get(pathname + search);
	reads.delete(pathname + search);
	return body;
}

/** Whether the page still carries first reads not taken: it is the page's first load. */
export function carriesFirstReads(): boolean {
	return (pageReads()?.size ?? 0) > 0;
}

/**
 * Drops the page's first reads not taken: once the page's first data is in, and when the
 * signed-in user leaves (they are that user's).
 */
export function forgetFirstReads() {
	firstReads = new Map();
}
