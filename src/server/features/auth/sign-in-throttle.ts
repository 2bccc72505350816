import { createHmac, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Deps } from "../../app-env.ts";
import type { Executor } from "../../db/database.ts";
import { requestLimits, users } from "../../db/schema.ts";
import { hitRateLimit } from "../../lib/rate-limit.ts";
import { SIGN_IN_ACCOUNT_LIMIT } from "../../lib/rate-limit-rules.ts";
import { failedSignInsEmail, recipientName } from "../email/templates.ts";
import { getBusinessProfile } from "../settings/settings.service.ts";
import { emailHash, failuresKey } from "./sign-in-failures.ts";

/**
 * The per-account side of sign-in's limits (the per-address side is better-auth's). Wrong
 * passwords are counted per e-mail address from every client address, in `request_limits`, so
 * every instance sees the same count; e-mails without an account count the same way, so the
 * answers never tell whether an account exists.
 */

export const ACCOUNT_THROTTLED_MESSAGE =
	'Too many failed sign-ins for this account. Please wait 15 minutes and try again, or choose "Forgot your password?" to get a link by e-mail.';

/** The holder hears of failed sign-ins at most once a day, however long an attack goes on. */
const NOTICE_WINDOW_MS = 24 * 60 * 60_000;

const noticeKey = (email: string) => `sign-in-notice:${emailHash(email)}`;

/** When the account's sign-ins may be tried again (epoch ms), or null when they may now. */
export async function accountThrottledUntil(options: {
	db: Executor;
	email: string;
	now?: number;
}): Promise<number | null> {
	const now = options.now ?? Date.now();
	const [row] = await options.db
		.select({ count: requestLimits.count, windowStart: requestLimits.windowStart })
		.from(requestLimits)
		.where(eq(requestLimits.key, failuresKey(options.email)));
	if (!row) return null;
	const resetAt = Number(row.windowStart) + SIGN_IN_ACCOUNT_LIMIT.windowMs;
	return resetAt > now && row.count >= SIGN_IN_ACCOUNT_LIMIT.max ? resetAt : null;
}

/**
 * Counts one wrong password for the account. The one that reaches the limit (the upsert's count
 * is exact across instances) e-mails the holder, unless they heard of it in the last day.
 */
export async function recordSignInFailure(options: {
	deps: Pick<Deps, "db" | "env" | "mailer">;
	email: string;
}) {
	const { deps, email } = options;
	const { count } = await hitRateLimit({
		db: deps.db,
		key: failuresKey(email),
		windowMs: SIGN_IN_ACCOUNT_LIMIT.windowMs,
	});
	if (count !== SIGN_IN_ACCOUNT_LIMIT.max) return;
	const [user] = await deps.db
		.select({ email: users.email, name: users.name, emailVerified: users.emailVerified })
		.from(users)
		.where(eq(users.email, email.trim().toLowerCase()));
	if (!user) return;
	const notice = await hitRateLimit({
		db: deps.db,
		key: noticeKey(email),
		windowMs: NOTICE_WINDOW_MS,
	});
	if (notice.count !== 1) return;
	const business = await getBusinessProfile({ db: deps.db });
	await deps.mailer.enqueue(
		failedSignInsEmail({
			to: user.email,
			name: recipientName(user),
			failures: count,
			minutes: SIGN_IN_ACCOUNT_LIMIT.windowMs / 60_000,
			url: `${deps.env.APP_URL}/auth`,
			business,
		}),
	);
}

/**
 * A browser that has proved it belongs to the account holder (it signed in, or set a new password
 * with the e-mailed link) carries this cookie for the account, and the account's throttle does not
 * apply to it: an attacker who keeps failing cannot keep the holder out. The value is signed with
 * the server's secret and names its end, so it cannot be made up or kept forever.
 */
export const KNOWN_DEVICE_COOKIE = "bhl_known_device";
const KNOWN_DEVICE_DAYS = 365;

const deviceSignature = (secret: string, email: string, expires: number) =>
	createHmac("sha256", secret)
		.update(`known-device\n${email.trim().toLowerCase()}\n${expires}`)
		.digest("base64url");

/** The cookie's Set-Cookie header for the account, on this browser. */
export function knownDeviceCookie(options: { secret: string; email: string; secure: boolean }) {
	const maxAge = KNOWN_DEVICE_DAYS * 24 * 60 * 60;
	const expires = Math.floor(Date.now() / 1000) + maxAge;
	const value = `${expires}.${deviceSignature(options.secret, options.email, expires)}`;
	return `${KNOWN_DEVICE_COOKIE}=${value}; Max-Age=${maxAge}; Path=/api/auth; HttpOnly; SameSite=Lax${options.secure ? "; Secure" : ""}`;
}

/** Whether the cookie's value was given to a browser of this account, and has not ended. */
export function isKnownDevice(options: {
	secret: string;
	email: string;
	cookie: string | undefined;
}): boolean {
	const [expiresText, signature] = options.cookie?.split(".") ?? [];
	const expires = Number(expiresText);
	if (!signature || !Number.isInteger(expires) || expires * 1000 < Date.now()) return false;
	const want = Buffer.from(deviceSignature(options.secret, options.email, expires));
	const got = Buffer.from(signature);
	return want.length === got.length && timingSafeEqual(want, got);
}
