import { useId, useState } from "react";
import { AUTH_MESSAGES, type Role } from "../../../../shared/auth.ts";
import { FormField, formValues } from "../../../components/form-field.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { RadioGroup, RadioGroupItem } from "../../../components/ui/radio-group.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { useSubmitMutation } from "../../../lib/submit-mutation.ts";
import { toast } from "../../../lib/toast.ts";
import { lazySchema, useZodForm } from "../../../lib/use-zod-form.ts";
import { signUp } from "../api.ts";

const signUpSchema = lazySchema(() => import("../../../../shared/auth.ts"), "signUpSchema");

const ROLE_LABELS: Record<Exclude<Role, "crew">, string> = {
	customer: "Customer - request holiday lighting",
	owner: "Business Owner - manage lighting services",
};

export function SignUpForm({
	inviteCode,
	crew,
	onSignedUp,
}: {
	inviteCode?: string;
	/** The invitation is to the crew: the account is a crew account, nothing to choose. */
	crew?: boolean;
	onSignedUp: () => void;
}) {
	const [role, setRole] = useState<Role>(crew ? "crew" : inviteCode ? "owner" : "customer");
	// Each field's message shows under it; SPEC's toasts stay, except for the name's own.
	const { form, field, validate, setError } = useZodForm(signUpSchema);
	const id = useId();
	const mutation = useSubmitMutation({
		mutationFn: signUp,
		onSuccess: () => {
			toast.success("Welcome! Your account is ready.");
			onSignedUp();
		},
		onError: (error) => {
			if (errorMessage(error) === AUTH_MESSAGES.noWebAddress)
				setError("displayName", errorMessage(error));
			else toast.error(errorMessage(error));
		},
	});
	return (
		<form
			{...form}
			className="grid gap-4"
			onSubmit={async (event) => {
				event.preventDefault();
				const values = formValues(event.currentTarget);
				const parsed = await validate(signUpSchema, {
					displayName: values.displayName || undefined,
					email: values.email,
					password: values.password,
					role,
					inviteCode: role !== "customer" && values.inviteCode ? values.inviteCode : undefined,
				});
				if (!values.email?.trim() || !values.password)
					return void toast.error(AUTH_MESSAGES.fillAllFields);
				if (!parsed.success) {
					const issue = parsed.error.issues[0];
					if (issue?.path[0] !== "displayName") toast.error(issue?.message);
					return;
				}
				mutation.mutate(parsed.data);
			}}
		>
			<FormField label="Full Name" {...field("displayName")} autoComplete="name" />
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
				autoComplete="new-password"
				hint="At least 6 characters."
			/>
			{role === "crew" ? (
				<p className="rounded-md bg-muted p-3 text-sm" role="note">
					You are joining the crew: sign up with the e-mail address the invitation was sent to.
				</p>
			) : (
				<fieldset className="grid gap-3">
					<legend className="mb-2 text-sm font-medium">I am a</legend>
					<RadioGroup value={role} onValueChange={(value) => setRole(value as Role)}>
						{(Object.keys(ROLE_LABELS) as (keyof typeof ROLE_LABELS)[]).map((value) => (
							<div key={value} className="flex items-center gap-3 rounded-md border p-3">
								<RadioGroupItem value={value} id={`${id}-${value}`} />
								<Label htmlFor={`${id}-${value}`} className="font-normal">
									{ROLE_LABELS[value]}
								</Label>
							</div>
						))}
					</RadioGroup>
				</fieldset>
			)}
			{role !== "customer" ? (
				<FormField
					label="Invitation Code"
					{...field("inviteCode")}
					defaultValue={inviteCode}
					autoComplete="off"
					hint={
						role === "crew"
							? "The code from your invitation e-mail."
							: "Ask the business owner for a code. Not needed when you are setting up the business for the first time."
					}
				/>
			) : null}
			<Button type="submit" pending={mutation.isPending}>
				{mutation.isPending ? "Creating Account..." : "Create Account"}
			</Button>
		</form>
	);
}
