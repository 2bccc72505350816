import { useQueryClient } from "@tanstack/react-query";
import { CircleAlert, CircleCheck } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { CONFIRM_MESSAGES } from "../../../shared/auth.ts";
import { AuthCard } from "../../components/auth-card.tsx";
import { Button } from "../../components/ui/button.tsx";
import { authQueries, confirmEmail, useMe } from "../../features/auth/api.ts";
import { ConfirmEmailNotice } from "../../features/auth/components/confirm-email-notice.tsx";
import { ApiError, errorMessage } from "../../lib/api-client.ts";
import { QueryProvider } from "../../lib/query-client.tsx";
import { useSubmitMutation } from "../../lib/submit-mutation.ts";

export function meta() {
	return [
		{ title: "Confirm your e-mail address | Buckeye Holiday Lights" },
		{ name: "robots", content: "noindex" },
	];
}

/** How long the confirmed message shows before the app opens by itself. */
const GO_ON_MS = 4000;

export default function ConfirmEmailRoute() {
	return (
		<QueryProvider>
			<ConfirmEmailPage />
		</QueryProvider>
	);
}

/**
 * Where the e-mailed link lands: sends its token to the server once (a mail scanner that only
 * fetches the page confirms nothing), then says the address is confirmed and goes on to the app,
 * or that the link is invalid or expired, with a way to get a new one.
 */
function ConfirmEmailPage() {
	const [params] = useSearchParams();
	const token = params.get("token") ?? "";
	const navigate = useNavigate();
	const queryClient = useQueryClient();
	const { data: user } = useMe();
	const confirm = useSubmitMutation({
		mutationFn: confirmEmail,
		// The banners go at once in this tab; other tabs hear of it from the server.
		onSuccess: () => queryClient.invalidateQueries({ queryKey: authQueries.all }),
	});
	const sent = useRef(false);
	useEffect(() => {
		if (sent.current || !token) return;
		sent.current = true;
		confirm.mutate(token);
	}, [token, confirm]);
	useEffect(() => {
		if (!confirm.isSuccess) return;
		const timer = setTimeout(() => navigate("/app-home", { replace: true }), GO_ON_MS);
		return () => clearTimeout(timer);
	}, [confirm.isSuccess, navigate]);

	if (token && (confirm.isIdle || confirm.isPending))
		return (
			<AuthCard title="Confirming your e-mail address">
				<p role="status" className="text-sm text-muted-foreground">
					Confirming your e-mail address...
				</p>
			</AuthCard>
		);
	if (confirm.isSuccess)
		return (
			<AuthCard title="E-mail address confirmed">
				<div className="grid gap-4">
					<p role="status" className="flex items-start gap-2 text-sm">
						<CircleCheck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden />
						Thank you! Your e-mail address is confirmed. You can now chat with us and send photos.
					</p>
					<Button asChild>
						<Link to="/app-home" replace>
							Continue to the app
						</Link>
					</Button>
				</div>
			</AuthCard>
		);

	const expired = confirm.error instanceof ApiError && confirm.error.code === "link_expired";
	const message = !token
		? CONFIRM_MESSAGES.invalidLink
		: confirm.error instanceof ApiError && confirm.error.status === 400
			? expired
				? CONFIRM_MESSAGES.expiredLink
				: CONFIRM_MESSAGES.invalidLink
			: errorMessage(confirm.error, CONFIRM_MESSAGES.invalidLink);
	return (
		<AuthCard title={expired ? "This link has expired" : "This link does not work"}>
			<div className="grid gap-4">
				<p role="alert" className="flex items-start gap-2 text-sm">
					<CircleAlert className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden />
					{message}
				</p>
				{user ? (
					user.emailVerified ? (
						<Button asChild>
							<Link to="/app-home" replace>
								Continue to the app
							</Link>
						</Button>
					) : (
						<ConfirmEmailNotice />
					)
				) : (
					<Button asChild>
						<Link to="/auth">Sign in to get a new link</Link>
					</Button>
				)}
			</div>
		</AuthCard>
	);
}
