import { MailCheck } from "lucide-react";
import { useId } from "react";
import type { SessionUser } from "../../../../shared/auth.ts";
import { EmailText } from "../../../components/contact-text.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { useSubmitMutation } from "../../../lib/submit-mutation.ts";
import { toast } from "../../../lib/toast.ts";
import { cn } from "../../../lib/utils.ts";
import { resendConfirmation, useMe, useRefreshMe } from "../api.ts";

/**
 * Whether the signed-in account must confirm its address before it chats or sends photos: only a
 * customer's (the server refuses them the same way; owners are never held back).
 */
export const needsConfirmation = (user: SessionUser | null | undefined) =>
	user?.role === "customer" && !user.emailVerified;

/**
 * Says, before a customer tries, that chat and photos wait for their confirmed address, with a
 * button that e-mails a new link. Nothing when the address is confirmed.
 */
export function ConfirmEmailNotice({
	what = "chat with us and send photos",
	className,
}: {
	/** What the confirmation opens, in the sentence "Open it to …". */
	what?: string;
	className?: string;
}) {
	const { data: user } = useMe();
	const refreshMe = useRefreshMe();
	const titleId = useId();
	const resend = useSubmitMutation({
		mutationFn: resendConfirmation,
		onSuccess: (answer) => toast.success(answer.message),
		onError: (error) => {
			// Confirmed meanwhile (in another tab, say): the notice goes with the fresh answer.
			if (error instanceof ApiError && error.status === 409) void refreshMe();
			toast.error(errorMessage(error));
		},
	});
	if (!user || !needsConfirmation(user)) return null;
	return (
		<section
			aria-labelledby={titleId}
			className={cn(
				"flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:flex-row sm:items-center",
				className,
			)}
		>
			<MailCheck className="hidden size-6 shrink-0 text-amber-700 sm:block" aria-hidden />
			<div className="grid min-w-0 flex-1 gap-1 text-sm">
				<h2 id={titleId} className="font-semibold">
					Please confirm your e-mail address
				</h2>
				<p>
					We sent a link to <EmailText email={user.email} className="font-medium" />. Open it to{" "}
					{what}.
				</p>
			</div>
			<Button
				type="button"
				variant="outline"
				size="sm"
				className="self-start sm:self-center"
				pending={resend.isPending}
				onClick={() => resend.mutate()}
			>
				{resend.isPending ? "Sending..." : "Send the link again"}
			</Button>
		</section>
	);
}
