import { useState } from "react";
import { AUTH_MESSAGES, type SessionUser } from "../../../../shared/auth.ts";
import { EmailText, PhoneText } from "../../../components/contact-text.tsx";
import { FormField, formValues } from "../../../components/form-field.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { useSubmitMutation } from "../../../lib/submit-mutation.ts";
import { toast } from "../../../lib/toast.ts";
import { lazySchema, useZodForm } from "../../../lib/use-zod-form.ts";
import { cn } from "../../../lib/utils.ts";
import { saveProfile, useRefreshMe } from "../api.ts";

const profileSchema = lazySchema(() => import("../../../../shared/auth.ts"), "profileUpdateSchema");

/** Account info (name, e-mail, phone, status) and Edit Profile: display name and phone. */
export function EditProfileCard({ user }: { user: SessionUser }) {
	const [editing, setEditing] = useState(false);
	const { form, field, validate, setError, clearErrors } = useZodForm(profileSchema);
	const refreshMe = useRefreshMe();
	const save = useSubmitMutation({
		mutationFn: saveProfile,
		onSuccess: async () => {
			await refreshMe();
			setEditing(false);
			toast.success("Profile saved");
		},
		onError: (error) => {
			if (errorMessage(error) === AUTH_MESSAGES.noWebAddress)
				setError("displayName", errorMessage(error));
			else toast.error(`Failed to save profile: ${errorMessage(error)}`);
		},
	});
	return (
		<Card>
			<CardHeader className="flex flex-row items-center justify-between gap-3">
				<CardTitle>Account</CardTitle>
				{editing ? null : (
					<Button variant="outline" size="sm" onClick={() => setEditing(true)}>
						Edit Profile
					</Button>
				)}
			</CardHeader>
			<CardContent>
				{editing ? (
					<form
						{...form}
						className="grid gap-4"
						onSubmit={async (event) => {
							event.preventDefault();
							const { displayName = "", phone = "" } = formValues(event.currentTarget);
							const parsed = await validate(profileSchema, { displayName, phone });
							if (parsed.success) return void save.mutate({ displayName, phone });
							// A web address in the name is said under it alone, as the server's answer is.
							const message = parsed.error.issues[0]?.message;
							if (message !== AUTH_MESSAGES.noWebAddress)
								toast.error(`Failed to save profile: ${message}`);
						}}
					>
						<FormField
							label="Display Name"
							{...field("displayName")}
							defaultValue={user.displayName}
							autoComplete="name"
						/>
						<FormField
							label="Phone"
							{...field("phone")}
							type="tel"
							defaultValue={user.phone ?? ""}
							autoComplete="tel"
						/>
						<div className="flex gap-3">
							<Button type="submit" pending={save.isPending}>
								Save Profile
							</Button>
							<Button
								type="button"
								variant="outline"
								onClick={() => {
									setEditing(false);
									clearErrors();
								}}
							>
								Cancel
							</Button>
						</div>
					</form>
				) : (
					<dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
						<dt className="text-muted-foreground">Name</dt>
						<dd className="wrap-anywhere">{user.displayName}</dd>
						<dt className="text-muted-foreground">Email</dt>
						<dd>
							<EmailText email={user.email} />
						</dd>
						<dt className="text-muted-foreground">Phone</dt>
						<dd>
							{user.phone ? (
								<PhoneText phone={user.phone} />
							) : (
								<span className="text-muted-foreground">Not given</span>
							)}
						</dd>
						<dt className="text-muted-foreground">Account status</dt>
						<dd
							className={cn(
								"font-medium capitalize",
								user.accountStatus === "active" && "text-success",
							)}
						>
							{user.accountStatus}
						</dd>
					</dl>
				)}
			</CardContent>
		</Card>
	);
}
