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
