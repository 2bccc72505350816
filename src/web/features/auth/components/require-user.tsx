import type * as React from "react";
import { Navigate } from "react-router";
import type { SessionUser } from "../../../../shared/auth.ts";
import { FullPageSpinner } from "../../../components/full-page-spinner.tsx";
import { useMe } from "../api.ts";

/** Renders its children for a signed-in user (an owner, when `owner` is set); redirects others. */
export function RequireUser({
	owner,
	children,
}: {
	owner?: boolean;
	children: (user: SessionUser) => React.ReactNode;
}) {
	const { data: user, isPending, isError } = useMe();
	if (isPending) return <FullPageSpinner />;
	if (isError || !user) return <Navigate to="/auth" replace />;
	if (owner && user.role !== "owner") return <Navigate to="/app" replace />;
	return children(user);
}
