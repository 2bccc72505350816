// No imports on purpose: the browser reads this before anything else.

/**
 * The id of the data element the server writes the signed-in user into, in the pages of the
 * signed-in areas: `{ "user": ... }`, as GET /api/me answers.
 */
export const SESSION_DATA_ID = "session-data";

/**
 * The attribute of the data elements that hold the answers to a signed-in page's first reads
 * (shared/first-reads.ts), naming the read: `data-read="/api/bills"`.
 */
export const FIRST_READ_ATTRIBUTE = "data-read";

/**
 * The header on a signed-in page made for its user: when that user's session ends (ms since
 * 1970). The service worker keeps such a page on the device, and opens it from there, until then
 * (scripts/service-worker.ts).
 */
export const SIGNED_IN_UNTIL_HEADER = "signed-in-until";

/** The service worker's cache of signed-in pages: emptied on signing in or out, and by a new build. */
export const SIGNED_IN_PAGES_CACHE = "signed-in-pages";
