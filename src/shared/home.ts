// No imports on purpose: the public pages' header uses this without loading zod or the auth hooks.

/** Where a user lands: the owner area for an owner viewing as owner, else the customer app. */
export function homeFor(user: { role: string; view: string }): "/owner" | "/app" {
	return user.role === "owner" && user.view === "owner" ? "/owner" : "/app";
}
