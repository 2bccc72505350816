import { useEffect } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { AUTH_MESSAGES } from "../../../shared/auth.ts";
import { AuthCard } from "../../components/auth-card.tsx";
import { FormField, formValues } from "../../components/form-field.tsx";
import { Button } from "../../components/ui/button.tsx";
import { resetPassword } from "../../features/auth/api.ts";
import { errorMessage } from "../../lib/api-client.ts";
import { QueryProvider } from "../../lib/query-client.tsx";
import { useSubmitMutation } from "../../lib/submit-mutation.ts";
import { toast } from "../../lib/toast.ts";
import { lazySchema, useZodForm } from "../../lib/use-zod-form.ts";

const resetPasswordFormSchema = lazySchema(
	() => import("../../../shared/auth.ts"),
	"resetPasswordFormSchema",
);

export function meta() {
	return [
		{ title: "Choose a new password | Buckeye Holiday Lights" },
		{ name: "robots", content: "noindex" },
	];
}

export default function ResetPasswordRoute() {
	return (
		<QueryProvider>
			<ResetPasswordPage />
		</QueryProvider>
	);
}

function ResetPasswordPage() {
	const [params] = useSearchParams();
	const token = params.get("token");
	const email = params.get("email");
	const navigate = useNavigate();
	const valid = Boolean(token && email);

	useEffect(() => {
		if (valid) return;
		toast.error(AUTH_MESSAGES.invalidResetLink);
		navigate("/auth", { replace: true });
	}, [valid, navigate]);

	const { form, field, validate } = useZodForm(resetPasswordFormSchema);
	const mutation = useSubmitMutation({
		mutationFn: (password: string) => resetPassword(token!, password),
		onSuccess: () => {
			toast.success("Password updated. Please sign in with your new password.");
			navigate("/auth", { replace: true });
		},
		onError: (error) => toast.error(errorMessage(error, "Failed to update password")),
	});

	if (!valid) return null;
	return (
		<AuthCard title="Choose a new password" description={`For ${email}`}>
			<form
				{...form}
				className="grid gap-4"
				onSubmit={async (event) => {
					event.preventDefault();
					if (!email) return void toast.error(AUTH_MESSAGES.invalidResetSession);
					const parsed = await validate(resetPasswordFormSchema, formValues(event.currentTarget));
					if (!parsed.success) return void toast.error(parsed.error.issues[0]?.message);
					mutation.mutate(parsed.data.password);
				}}
			>
				<FormField
					label="New Password"
					{...field("password")}
					type="password"
					autoComplete="new-password"
				/>
				<FormField
					label="Confirm Password"
					{...field("confirmPassword")}
					type="password"
					autoComplete="new-password"
				/>
				<Button type="submit" pending={mutation.isPending}>
					{mutation.isPending ? "Updating..." : "Update Password"}
				</Button>
			</form>
		</AuthCard>
	);
}
