// No imports on purpose: the public pages' header uses this without loading zod or the auth hooks.

/**
 * Where a user lands: the owner area for an owner viewing as owner, the crew's days for a crew
 * member, else the customer app.
 */
export function homeFor(user: { role: string; view: string }): "/owner" | "/app" | "/crew" {
	if (user.role === "crew") return "/crew";
	return user.role === "owner" && user.view === "owner" ? "/owner" : "/app";
}

/** A bin's page (its label's QR code): where sign-in may return a staff member to. */
export const isBinPath = (path: string) => /^\/bins\/[A-Za-z0-9-]{1,20}$/.test(path);
