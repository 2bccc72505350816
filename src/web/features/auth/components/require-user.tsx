import type * as React from "react";
import { Navigate, useLocation } from "react-router";
import type { SessionUser } from "../../../../shared/auth.ts";
import { isBinPath } from "../../../../shared/home.ts";
import { FullPageSpinner } from "../../../components/full-page-spinner.tsx";
import { useMe } from "../api.ts";

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
	// A scanned bin label opens its page after signing in. A failed read keeps the user it had
	// (offline, the installed app opens on the last visit's data).
	if (!user)
		return (
			<Navigate
				to={isBinPath(pathname) ? `/auth?next=${encodeURIComponent(pathname)}` : "/auth"}
				replace
			/>
		);
	if (user.role === "crew" && !crew) return <Navigate to="/crew" replace />;
	if (crew && user.role === "customer") return <Navigate to="/app" replace />;
	if (owner && user.role !== "owner") return <Navigate to="/app" replace />;
	return children(user);
}
