import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import type { SessionUser } from "../../../shared/auth.ts";
import type { AppEnv } from "../../app-env.ts";
import type { Executor } from "../../db/database.ts";
import { profiles, sessions, users } from "../../db/schema.ts";
import { forbidden, unauthorized } from "../../lib/errors.ts";

/** The signed-in user with their profile, or null. A user without a profile gets the default one. */
export async function loadSessionUser(c: {
	var: AppEnv["Variables"];
	req: { raw: Request };
}): Promise<SessionUser | null> {
	const { auth, db } = c.var.deps;
	const session = await auth.api.getSession({ headers: c.req.raw.headers });
	if (!session) return null;
	const profile = await ensureProfile(db, session.user);
	return {
		id: session.user.id,
		email: session.user.email,
		displayName: profile.displayName,
		phone: profile.phone,
		role: profile.role,
		view: profile.view,
		accountStatus: profile.accountStatus,
	};
}

/**
 * The value of a cookie signed as better-auth signs it ("value.base64(HMAC-SHA256)"), or null.
 * Checked with Node's synchronous HMAC: the Web Crypto route costs far more per request.
 */
function verifiedCookie(cookie: string | undefined, secret: string): string | null {
	const dot = cookie?.lastIndexOf(".") ?? -1;
	if (!cookie || dot < 1) return null;
	const value = cookie.slice(0, dot);
	const given = Buffer.from(cookie.slice(dot + 1), "base64");
	const expected = createHmac("sha256", secret).update(value).digest();
	return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
}

/**
 * The signed-in user for API routes in one query: the signed session cookie is checked here and
 * session, user and profile are read together. The answer is reused briefly (like better-auth's
 * own cookie cache) through the read cache, which every write (sign-out, a password reset, a
 * change of view) clears. (/api/me goes through better-auth, which also extends the session while
 * it is used.)
 */
async function findSessionUser(c: Context<AppEnv>): Promise<SessionUser | null> {
	const { auth, db, env, readCache } = c.var.deps;
	const cookieName = `${env.APP_URL.startsWith("https://") ? "__Secure-" : ""}better-auth.session_token`;
	const cookie = getCookie(c, cookieName);
	if (!cookie) return null;
	// Keyed by the whole signed cookie: only one that passed the signature check is ever reused.
	const found = await readCache.read(
		`session:${cookie}`,
		async () => {
			const token = verifiedCookie(cookie, auth.options.secret as string);
			if (!token) return null;
			const [row] = await db
				.select({
					id: users.id,
					name: users.name,
					email: users.email,
					expiresAt: sessions.expiresAt,
					profile: profiles,
				})
				.from(sessions)
				.innerJoin(users, eq(users.id, sessions.userId))
				.leftJoin(profiles, eq(profiles.userId, sessions.userId))
				.where(and(eq(sessions.token, token), gt(sessions.expiresAt, sql`now()`)));
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
			};
			return { user, expiresAt: row.expiresAt.getTime() };
		},
		(session) => session?.expiresAt ?? 0,
	);
	return found?.user ?? null;
}

async function ensureProfile(db: Executor, user: { id: string; name: string; email: string }) {
	const [profile] = await db.select().from(profiles).where(eq(profiles.userId, user.id));
	if (profile) return profile;
	const [created] = await db
		.insert(profiles)
		.values({ userId: user.id, displayName: user.name || user.email })
		.onConflictDoUpdate({ target: profiles.userId, set: { userId: user.id } })
		.returning();
	return created!;
}

export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
	const user = await findSessionUser(c);
	if (!user) throw unauthorized();
	c.set("user", user);
	await next();
});

/** Owner capability, whatever area the owner is currently viewing. */
export const requireOwner = createMiddleware<AppEnv>(async (c, next) => {
	const user = await findSessionUser(c);
	if (!user) throw unauthorized();
	if (user.role !== "owner") throw forbidden("Only the business owner can do this");
	c.set("user", user);
	await next();
});
