import { AUTH_MESSAGES } from "../../../../shared/auth.ts";
import { FormField, formValues } from "../../../components/form-field.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { useSubmitMutation } from "../../../lib/submit-mutation.ts";
import { toast } from "../../../lib/toast.ts";
import { lazySchema, useZodForm } from "../../../lib/use-zod-form.ts";
import { signIn } from "../api.ts";

const signInSchema = lazySchema(() => import("../../../../shared/auth.ts"), "signInSchema");

export function SignInForm({
	onSignedIn,
	onForgot,
}: {
	onSignedIn: () => void;
	onForgot: () => void;
}) {
	const { form, field, validate } = useZodForm(signInSchema);
	const mutation = useSubmitMutation({
		mutationFn: signIn,
		onSuccess: onSignedIn,
		onError: (error) => toast.error(errorMessage(error, AUTH_MESSAGES.invalidCredentials)),
	});
	return (
		<form
			{...form}
			className="grid gap-4"
			onSubmit={async (event) => {
				event.preventDefault();
				const values = formValues(event.currentTarget);
				const parsed = await validate(signInSchema, values);
				if (!values.email?.trim() || !values.password)
					return void toast.error(AUTH_MESSAGES.fillAllFields);
				if (!parsed.success) return void toast.error(parsed.error.issues[0]?.message);
				mutation.mutate(parsed.data);
			}}
		>
			<FormField
				label="Email Address"
				{...field("email")}
				type="email"
				autoComplete="email"
				inputMode="email"
			/>
			<FormField
				label="Password"
				{...field("password")}
				type="password"
				autoComplete="current-password"
			/>
			<Button type="submit" pending={mutation.isPending}>
				{mutation.isPending ? "Signing In..." : "Sign In"}
			</Button>
			<button
				type="button"
				onClick={onForgot}
				className="justify-self-center text-sm text-primary hover:underline"
			>
				Forgot your password?
			</button>
		</form>
	);
}
