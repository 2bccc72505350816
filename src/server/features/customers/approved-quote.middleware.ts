import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv, SignedInEnv } from "../../app-env.ts";
import { requireApprovedQuote } from "./customers.service.ts";

/**
 * The approved-quote gate as middleware, so it answers before the body is read or checked: a
 * customer without an approved quote gets SPEC's 403 whatever the browser sends. Goes after the
 * sign-in guard (`signedIn(approvedQuoteOnly, ...)`).
 */
export const approvedQuoteOnly = createMiddleware<AppEnv>(async (c, next) => {
	const { var: v } = c as unknown as Context<SignedInEnv>;
	await requireApprovedQuote({ db: v.deps.db, actor: v.user });
	await next();
});
