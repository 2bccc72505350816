import type { Env } from "../env.ts";

/** Whether a trusted proxy (TRUST_PROXY) says the visitor's request came in on HTTPS. */
export function cameInOnHttps(
	env: Env,
	header: (name: string) => string | null | undefined,
): boolean {
	return env.TRUST_PROXY !== false && header("x-forwarded-proto") === "https";
}

/**
 * The origins a same-site request may carry: the site's address (APP_URL), and the host the
 * request came in on, with the scheme the visitor used (behind a trusted proxy, the one it names).
 */
export function ownOrigins(
	env: Env,
	url: string,
	header: (name: string) => string | null | undefined,
): string[] {
	const own = new URL(url);
	const host = header("host");
	const protocol = cameInOnHttps(env, header) ? "https:" : own.protocol;
	return [new URL(env.APP_URL).origin, own.origin, ...(host ? [`${protocol}//${host}`] : [])];
}
