import { useEffect } from "react";
import { Link, useNavigate } from "react-router";
import { homeFor } from "../../../shared/home.ts";
import { FullPageSpinner } from "../../components/full-page-spinner.tsx";
import { useMe } from "../../features/auth/api.ts";
import { QueryProvider } from "../../lib/query-client.tsx";

/** The installed app's start page: sends each person to their own area. */
export default function AppHomeRoute() {
	return (
		<QueryProvider>
			<AppHome />
		</QueryProvider>
	);
}

function AppHome() {
	const { data: user, isPending, isError } = useMe();
	const navigate = useNavigate();
	useEffect(() => {
		if (isPending) return;
		navigate(user && !isError ? homeFor(user) : "/auth", { replace: true });
	}, [user, isPending, isError, navigate]);
	return (
		<div>
			<FullPageSpinner />
			<p className="-mt-24 text-center text-sm">
				<Link to="/auth" className="text-primary underline">
					Go to sign in
				</Link>
			</p>
		</div>
	);
}
