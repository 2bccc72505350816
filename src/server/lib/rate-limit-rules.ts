// Apart from the middleware (rate-limit.ts) so that Deps can name these types without a cycle.

export interface RateLimitRule {
	/** Length of one window. */
	windowMs: number;
	/** Requests allowed per client address in one window. */
	max: number;
}

/** Limits of the public endpoints, per client address. */
export const PUBLIC_RATE_LIMITS = {
	estimate: { windowMs: 60_000, max: 30 },
	contact: { windowMs: 10 * 60_000, max: 5 },
	quote: { windowMs: 10 * 60_000, max: 5 },
	/** New accounts: a household signs up a few, a script hundreds. */
	signUp: { windowMs: 60 * 60_000, max: 20 },
	/** Owner sign-ups that try an invite code. */
	ownerInvite: { windowMs: 10 * 60_000, max: 5 },
	/** Service requests of signed-in customers: a busy evening, not a script. */
	serviceRequest: { windowMs: 10 * 60_000, max: 20 },
} as const satisfies Record<string, RateLimitRule>;

export type PublicRateLimit = keyof typeof PUBLIC_RATE_LIMITS;

/** Chat messages one account may send per window, counted across every server instance. */
export const CHAT_RATE_LIMIT: RateLimitRule = { windowMs: 60_000, max: 30 };

/**
 * Wrong passwords one account (an e-mail address, known or not) may take from all addresses
 * together, counted across every server instance; past them its sign-ins wait for the window's end.
 */
export const SIGN_IN_ACCOUNT_LIMIT: RateLimitRule = { windowMs: 15 * 60_000, max: 5 };

/**
 * New confirmation links one account may ask for: a mail lost in a spam folder, not a way to send
 * our mail to an address again and again.
 */
export const CONFIRMATION_EMAIL_LIMIT: RateLimitRule = { windowMs: 60 * 60_000, max: 5 };

const MB = 1024 * 1024;

/**
 * What one account may upload (features/files/upload-quota.service.ts). The owner is not limited.
 * Counted from the stored files, so a removed file gives its bytes back.
 */
export const UPLOAD_QUOTA = {
	/** Chat attachments a customer may send before a quote of theirs is approved. */
	filesBeforeApproval: 5,
	/** Bytes an account may upload in one business day (America/New_York). */
	dailyBytes: 100 * MB,
	/** Bytes of files an account may keep, everything it uploaded together. */
	totalBytes: 1024 * MB,
} as const;
