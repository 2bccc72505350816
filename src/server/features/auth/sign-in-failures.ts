import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Executor } from "../../db/database.ts";
import { requestLimits } from "../../db/schema.ts";

// Apart from sign-in-throttle.ts so that auth.ts (which Deps names) can clear the count without a
// cycle through the request types.

// Keys hold a hash of the address: the table lists no e-mails, typed by customers or guessed.
export const emailHash = (email: string) =>
	createHash("sha256").update(email.trim().toLowerCase()).digest("base64url");

/** The `request_limits` key counting an account's wrong passwords. */
export const failuresKey = (email: string) => `sign-in-account:${emailHash(email)}`;

/** Forgets the account's wrong passwords: after a password reset, or a sign-in that succeeded. */
export async function clearSignInFailures(options: { db: Executor; email: string }) {
	await options.db.delete(requestLimits).where(eq(requestLimits.key, failuresKey(options.email)));
}

/**
 * The account each successful reset-password request set the password of, for the handler that
 * answers it (better-auth's reset callback knows the account; the request body names only a token).
 */
export const passwordResetAccounts = new WeakMap<Request, string>();
