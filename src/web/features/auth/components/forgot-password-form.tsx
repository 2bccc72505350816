import { useState } from "react";
import { AUTH_MESSAGES } from "../../../../shared/auth.ts";
import { FormField, formValues } from "../../../components/form-field.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { useSubmitMutation } from "../../../lib/submit-mutation.ts";
import { toast } from "../../../lib/toast.ts";
import { lazySchema, useZodForm } from "../../../lib/use-zod-form.ts";
import { requestPasswordReset } from "../api.ts";

const forgotPasswordSchema = lazySchema(
	() => import("../../../../shared/auth.ts"),
	"forgotPasswordSchema",
);

export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
	const [sentTo, setSentTo] = useState<string>();
	const { form, field, validate } = useZodForm(forgotPasswordSchema);
	const mutation = useSubmitMutation({
		mutationFn: requestPasswordReset,
		onSuccess: (_data, email) => setSentTo(email),
		onError: (error) =>
			toast.error(errorMessage(error, "Failed to send reset email. Please try again.")),
	});
	if (sentTo) {
		return (
			<div className="grid gap-4 text-sm" role="status">
				<p>
					If an account exists for <strong>{sentTo}</strong>, we sent a link to reset the password.
					It works once and expires in one hour.
				</p>
				<Button variant="outline" onClick={onBack}>
					Back to Sign In
				</Button>
			</div>
		);
	}
	return (
		<form
			{...form}
			className="grid gap-4"
			onSubmit={async (event) => {
				event.preventDefault();
				const { email = "" } = formValues(event.currentTarget);
				const parsed = await validate(forgotPasswordSchema, { email });
				if (!email.trim()) return void toast.error(AUTH_MESSAGES.enterEmail);
				if (!parsed.success) return void toast.error(parsed.error.issues[0]?.message);
				mutation.mutate(parsed.data.email);
			}}
		>
			<p className="text-sm text-muted-foreground">
				Enter the e-mail address of your account and we will send you a link to choose a new
				password.
			</p>
			<FormField
				label="Email Address"
				{...field("email")}
				type="email"
				autoComplete="email"
				inputMode="email"
			/>
			<Button type="submit" pending={mutation.isPending}>
				{mutation.isPending ? "Sending..." : "Send Reset Link"}
			</Button>
			<Button type="button" variant="ghost" onClick={onBack}>
				Back to Sign In
			</Button>
		</form>
	);
}
