import { useState } from "react";
import { FormField, formValues } from "../../../components/form-field.tsx";
import { Button } from "../../../components/ui/button.tsx";
import {
	Card,
	CardContent,
	CardDescription,
	CardHeader,
	CardTitle,
} from "../../../components/ui/card.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { useSubmitMutation } from "../../../lib/submit-mutation.ts";
import { toast } from "../../../lib/toast.ts";
import { lazySchema, useZodForm } from "../../../lib/use-zod-form.ts";
import { createOwnerInvite } from "../api.ts";

const createInviteSchema = lazySchema(
	() => import("../../../../shared/auth.ts"),
	"createInviteSchema",
);

/** Lets an owner invite a co-owner with a single-use code. */
export function InviteOwnerCard() {
	const [invite, setInvite] = useState<{ code: string; url: string; email?: string }>();
	const { form, field, validate } = useZodForm(createInviteSchema);
	const mutation = useSubmitMutation({
		mutationFn: (email?: string) => createOwnerInvite(email),
		onSuccess: (data, email) => {
			setInvite({ ...data, email });
			toast.success(email ? `Invitation sent to ${email}` : "Invitation created");
		},
		onError: (error) => toast.error(errorMessage(error)),
	});
	return (
		<Card>
			<CardHeader>
				<CardTitle>Invite an owner</CardTitle>
				<CardDescription>
					Another person can manage the business with a single-use invitation code, valid for 7
					days.
				</CardDescription>
			</CardHeader>
			<CardContent className="grid gap-4">
				<form
					{...form}
					className="grid gap-3"
					onSubmit={async (event) => {
						event.preventDefault();
						const email = formValues(event.currentTarget).email?.trim() || undefined;
						const parsed = await validate(createInviteSchema, { email });
						if (!parsed.success) return void toast.error(parsed.error.issues[0]?.message);
						mutation.mutate(email);
					}}
				>
					<FormField
						label="Email Address"
						{...field("email")}
						type="email"
						hint="Optional: we e-mail the invitation for you."
					/>
					<Button type="submit" variant="secondary" pending={mutation.isPending}>
						Create Invitation
					</Button>
				</form>
				{invite ? (
					<div className="rounded-md bg-muted p-3 text-sm" role="status">
						<p>
							Invitation code: <strong className="font-mono text-base">{invite.code}</strong>
						</p>
						<p className="mt-1 break-all text-muted-foreground">{invite.url}</p>
					</div>
				) : null}
			</CardContent>
		</Card>
	);
}
