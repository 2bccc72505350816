import { eq } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import type { SessionUser } from "../../../shared/auth.ts";
import type { AppEnv } from "../../app-env.ts";
import type { Executor } from "../../db/database.ts";
import { profiles } from "../../db/schema.ts";
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
	const user = await loadSessionUser(c);
	if (!user) throw unauthorized();
	c.set("user", user);
	await next();
});

/** Owner capability, whatever area the owner is currently viewing. */
export const requireOwner = createMiddleware<AppEnv>(async (c, next) => {
	const user = await loadSessionUser(c);
	if (!user) throw unauthorized();
	if (user.role !== "owner") throw forbidden("Only the business owner can do this");
	c.set("user", user);
	await next();
});
