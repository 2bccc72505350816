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
