import type * as React from "react";
import { Navigate, useLocation } from "react-router";
import type { SessionUser } from "../../../../shared/auth.ts";
import { FullPageSpinner } from "../../../components/full-page-spinner.tsx";
import { elsewhere, useMe } from "../api.ts";

/**
 * Renders its children for a signed-in user (an owner, when `owner` is set; a crew member or an
 * owner, when `crew` is); redirects others. A crew account has the crew's pages only.
 */
export function RequireUser({
	owner,
	crew,
	children,
}: {
	owner?: boolean;
	crew?: boolean;
	children: (user: SessionUser) => React.ReactNode;
}) {
	const { data: user, isPending } = useMe();
	const { pathname } = useLocation();
	if (isPending) return <FullPageSpinner />;
	// A failed read keeps the user it had (offline, the installed app opens on the last visit's data).
	const to = elsewhere(user ?? null, owner ? "owner" : crew ? "crew" : "app", pathname);
	if (to || !user) return <Navigate to={to ?? "/auth"} replace />;
	return children(user);
}
