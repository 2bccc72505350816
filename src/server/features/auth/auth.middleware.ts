import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import type { MiddlewareHandler } from "hono/types";
import { CONFIRM_MESSAGES, type SessionUser } from "../../../shared/auth.ts";
import type { AppEnv, OwnerEnv, SignedInEnv } from "../../app-env.ts";
import { type Executor, preparedOnce } from "../../db/database.ts";
import { profiles, sessions, users } from "../../db/schema.ts";
import { requireApprovedQuote } from "../../lib/customer-approval.ts";
import { AppError, forbidden, unauthorized } from "../../lib/errors.ts";
import { quotesTag, sessionTag } from "../../lib/read-cache.ts";
import { SESSION_EXPIRES_IN } from "./auth.ts";
import { hashSessionToken } from "./session-token.ts";

/**
 * The value of a cookie signed as better-auth signs it ("value.base64(HMAC-SHA256)"), or null.
 * Checked with Node's synchronous HMAC: the Web Crypto route costs far more per request.
 */
function verifiedCookie(cookie: string, secret: string): string | null {
	const dot = cookie.lastIndexOf(".");
	if (dot < 1) return null;
	const value = cookie.slice(0, dot);
	const given = Buffer.from(cookie.slice(dot + 1), "base64");
	const expected = createHmac("sha256", secret).update(value).digest();
	return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
}

const sessionCookieName = (appUrl: string) =>
	`${appUrl.startsWith("https://") ? "__Secure-" : ""}better-auth.session_token`;

/**
 * The one reader of the signed-in user, for every route (guards and GET /api/me). better-auth
 * writes sessions (sign-in, sign-out, resets); this reads them: the signed cookie is checked here,
 * then session, user and profile come in one query. The answer is reused through the read cache
 * under the whole signed cookie, tagged `session:<user id>`: a sign-out, a password reset or a
 * profile change anywhere drops it on every instance. A session ends 30 days after sign-in (its
 * expiry, never extended, and its creation time are both checked), and its cached answer with it.
 */
export async function readSession(c: Context<AppEnv>): Promise<SessionUser | null> {
	return (await readSessionRecord(c))?.user ?? null;
}

/** The signed-in user and when their session ends (ms since 1970), or null: `readSession`'s source. */
export async function readSessionRecord(
	c: Context<AppEnv>,
): Promise<{ user: SessionUser; expiresAt: number } | null> {
	const { auth, db, env, readCache } = c.var.deps;
	const cookieName = sessionCookieName(env.APP_URL);
	const cookie = getCookie(c, cookieName);
	if (!cookie) return null;
	const found = await readCache.read(
		`session:${cookie}`,
		(session) => (session ? [sessionTag(session.user.id)] : []),
		async () => {
			const token = verifiedCookie(cookie, auth.options.secret as string);
			return token ? loadSession(db, token) : null;
		},
		(session) => session?.expiresAt ?? 0,
	);
	return found ?? null;
}

/**
 * The signed-in person behind a token: session, user and profile in one indexed lookup, prepared
 * once. A session ends 30 days after sign-in: its expiry and its creation time are both checked.
 */
export const sessionByToken = preparedOnce((db) =>
	db
		.select({
			id: users.id,
			name: users.name,
			email: users.email,
			emailVerified: users.emailVerified,
			expiresAt: sessions.expiresAt,
			profile: profiles,
		})
		.from(sessions)
		.innerJoin(users, eq(users.id, sessions.userId))
		.leftJoin(profiles, eq(profiles.userId, sessions.userId))
		.where(
			and(
				// The table keeps the token's hash only (session-token.ts).
				eq(sessions.token, sql.placeholder("tokenHash")),
				gt(sessions.expiresAt, sql`now()`),
				gt(sessions.createdAt, sql`now() - make_interval(secs => ${SESSION_EXPIRES_IN})`),
			),
		)
		.prepare("session_by_token"),
);

async function loadSession(db: Executor, token: string) {
	const [row] = await sessionByToken(db).execute({ tokenHash: hashSessionToken(token) });
	if (!row) return null;
	const profile = row.profile ?? (await ensureProfile(db, row));
	const user: SessionUser = {
		id: row.id,
		email: row.email,
		displayName: profile.displayName,
		phone: profile.phone,
		role: profile.role,
		view: profile.view,
		accountStatus: profile.accountStatus,
		emailVerified: row.emailVerified,
	};
	return { user, expiresAt: row.expiresAt.getTime() };
}

async function ensureProfile(db: Executor, user: { id: string; name: string; email: string }) {
	const [created] = await db
		.insert(profiles)
		.values({ userId: user.id, displayName: user.name || user.email })
		.onConflictDoUpdate({ target: profiles.userId, set: { userId: user.id } })
		.returning();
	return created!;
}

const CREW_REFUSED = "Crew accounts see the day's stops only";

/**
 * A signed-in customer or owner; its handlers get `c.var.user`. A crew account is refused (403):
 * the customer app's data (bills, payments, chat, quotes) is none of its business.
 */
export const requireUser = createMiddleware<SignedInEnv>(async (c, next) => {
	const user = await readSession(c as unknown as Context<AppEnv>);
	if (!user) throw unauthorized();
	if (user.role === "crew") throw forbidden(CREW_REFUSED);
	c.set("user", user);
	await next();
});

/** Any signed-in account, a crew member's too: its own profile, and the files it may see. */
const requireAnyAccount = createMiddleware<SignedInEnv>(async (c, next) => {
	const user = await readSession(c as unknown as Context<AppEnv>);
	if (!user) throw unauthorized();
	c.set("user", user);
	await next();
});

/** The crews' routes, under /api/crew: a crew member or an owner. */
export const requireCrew = createMiddleware<SignedInEnv>(async (c, next) => {
	const user = await readSession(c as unknown as Context<AppEnv>);
	if (!user) throw unauthorized();
	if (user.role !== "crew" && user.role !== "owner")
		throw forbidden("Only the business's crews can do this");
	c.set("user", user);
	await next();
});

/** Owner capability, whatever area the owner is currently viewing. */
export const requireOwner = createMiddleware<OwnerEnv>(async (c, next) => {
	const user = await readSession(c as unknown as Context<AppEnv>);
	if (!user) throw unauthorized();
	if (user.role !== "owner") throw forbidden("Only the business owner can do this");
	c.set("user", { ...user, role: "owner" });
	await next();
});

/**
 * The middleware of a route for signed-in accounts: the guard, then `more` (a body limit, say).
 * Written as a tuple type so the route's handler is typed with `c.var.user`.
 */
export const signedIn = <M extends (MiddlewareHandler<AppEnv> | MiddlewareHandler<SignedInEnv>)[]>(
	...more: M
): [typeof requireUser, ...M] => [requireUser, ...more];

/** As `signedIn`, a crew account included (what every account keeps about itself). */
export const anyAccount = <
	M extends (MiddlewareHandler<AppEnv> | MiddlewareHandler<SignedInEnv>)[],
>(
	...more: M
): [typeof requireAnyAccount, ...M] => [requireAnyAccount, ...more];

/**
 * The approved-quote gate as middleware, so it answers before the body is read or checked: a
 * customer without an approved quote gets SPEC's 403 whatever the browser sends. Goes after the
 * sign-in guard (`signedIn(approvedQuoteOnly, ...)`).
 */
export const approvedQuoteOnly = createMiddleware<AppEnv>(async (c, next) => {
	const { var: v } = c as unknown as Context<SignedInEnv>;
	// Only an approval is kept (a 403 is not), until a quote of theirs changes.
	await v.deps.readCache.read(`approved-quote-gate:${v.user.id}`, [quotesTag(v.user.id)], () =>
		requireApprovedQuote({ db: v.deps.db, actor: v.user }),
	);
	await next();
});

/**
 * A customer writes to the business (chat) and sends files only once their e-mail address is
 * confirmed: a name or a file from an address nobody has shown to be theirs goes nowhere. Owners
 * are never held back from their work. 403 with code `email_not_confirmed`, before anything is
 * written.
 */
export function assertEmailConfirmed(user: Pick<SessionUser, "role" | "emailVerified">) {
	if (user.role === "customer" && !user.emailVerified)
		throw new AppError(403, CONFIRM_MESSAGES.confirmFirst, "email_not_confirmed");
}

/** `assertEmailConfirmed` as middleware, so it answers before the body is read. */
export const confirmedEmailOnly = createMiddleware<AppEnv>(async (c, next) => {
	assertEmailConfirmed((c as unknown as Context<SignedInEnv>).var.user);
	await next();
});
