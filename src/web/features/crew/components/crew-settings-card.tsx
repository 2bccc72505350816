import { UserMinus, Users } from "lucide-react";
import { useState } from "react";
import { dateFormat } from "../../../../shared/dates.ts";
import { FormField, formValues } from "../../../components/form-field.tsx";
import { Button } from "../../../components/ui/button.tsx";
import {
	Card,
	CardContent,
	CardDescription,
	CardHeader,
	CardTitle,
} from "../../../components/ui/card.tsx";
import {
	Dialog,
	DialogContent,
	DialogDescription,
	DialogFooter,
	DialogHeader,
	DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { errorMessage, fieldErrorsOf } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toast.ts";
import { lazySchema, useZodForm } from "../../../lib/use-zod-form.ts";
import { useCrewMembers, useInviteCrew, useRemoveCrewMember, useRevokeCrewInvite } from "../api.ts";

const crewInviteSchema = lazySchema(() => import("../../../../shared/auth.ts"), "crewInviteSchema");

const shortDate = (iso: string) =>
	dateFormat({ month: "short", day: "numeric" }).format(new Date(iso));

/** Settings → Crew: invite crew members by e-mail, see who is on the crew, remove someone. */
export function CrewSettingsCard() {
	const crew = useCrewMembers();
	const invite = useInviteCrew();
	const remove = useRemoveCrewMember();
	const revoke = useRevokeCrewInvite();
	const { form, field, validate, setErrors } = useZodForm(crewInviteSchema);
	const [removing, setRemoving] = useState<{ userId: string; name: string } | null>(null);
	return (
		<Card>
			<CardHeader>
				<CardTitle>Crew</CardTitle>
				<CardDescription>
					Crew members sign in to their day on the phone: the stops, each house's specs and photos.
					They never see money, chat or settings.
				</CardDescription>
			</CardHeader>
			<CardContent className="grid grid-cols-[minmax(0,1fr)] gap-5">
				<form
					{...form}
					className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end"
					onSubmit={async (event) => {
						event.preventDefault();
						const target = event.currentTarget;
						const parsed = await validate(crewInviteSchema, {
							email: formValues(target).email ?? "",
						});
						if (!parsed.success) return;
						invite.mutate(parsed.data.email, {
							onSuccess: () => {
								toast.success(`Invitation sent to ${parsed.data.email}`);
								target.reset();
							},
							onError: (error) => {
								const fields = fieldErrorsOf(error);
								if (Object.keys(fields).length > 0) setErrors(fields);
								else toast.error(errorMessage(error));
							},
						});
					}}
				>
					<FormField label="Crew Email Address" {...field("email")} type="email" />
					<Button type="submit" pending={invite.isPending}>
						Invite to Crew
					</Button>
				</form>
				{crew.isPending ? (
					<p className="text-sm text-muted-foreground" role="status">
						Loading the crew…
					</p>
				) : crew.isError ? (
					<p className="text-sm text-destructive" role="alert">
						Failed to load the crew: {errorMessage(crew.error)}
					</p>
				) : crew.data.members.length === 0 && crew.data.invites.length === 0 ? (
					<div className="flex items-center gap-3 rounded-md border border-dashed p-4 text-sm text-muted-foreground">
						<Users className="size-5 shrink-0" aria-hidden />
						No crew members yet. Invite someone by e-mail above.
					</div>
				) : (
					<ul className="divide-y rounded-md border" aria-label="Crew members">
						{crew.data.members.map((m) => (
							<li key={m.userId} className="flex items-center gap-3 p-3">
								<div className="min-w-0 flex-1">
									<p className="truncate font-medium">{m.name}</p>
									<p className="truncate text-sm text-muted-foreground">{m.email}</p>
								</div>
								<Button
									variant="outline"
									size="sm"
									onClick={() => setRemoving({ userId: m.userId, name: m.name })}
								>
									<UserMinus className="size-4" aria-hidden /> Remove
								</Button>
							</li>
						))}
						{crew.data.invites.map((i) => (
							<li key={i.id} className="flex items-center gap-3 p-3">
								<div className="min-w-0 flex-1">
									<p className="truncate font-medium">{i.email}</p>
									<p className="text-sm text-muted-foreground">
										Invited · expires {shortDate(i.expiresAt)}
									</p>
								</div>
								<Button
									variant="ghost"
									size="sm"
									pending={revoke.isPending && revoke.variables === i.id}
									onClick={() =>
										revoke.mutate(i.id, {
											onSuccess: () => toast.success("Invitation withdrawn"),
											onError: (error) => toast.error(errorMessage(error)),
										})
									}
								>
									Withdraw
								</Button>
							</li>
						))}
					</ul>
				)}
			</CardContent>
			<Dialog open={removing !== null} onOpenChange={(open) => (open ? null : setRemoving(null))}>
				<DialogContent>
					<DialogHeader>
						<DialogTitle>Remove {removing?.name}?</DialogTitle>
						<DialogDescription>
							Their account is closed and they are signed out everywhere at once. Notes they left
							stay on the houses.
						</DialogDescription>
					</DialogHeader>
					<DialogFooter>
						<Button variant="outline" onClick={() => setRemoving(null)}>
							Cancel
						</Button>
						<Button
							variant="destructive"
							pending={remove.isPending}
							onClick={() =>
								removing &&
								remove.mutate(removing.userId, {
									onSuccess: () => {
										toast.success(`${removing.name} was removed from the crew`);
										setRemoving(null);
									},
									onError: (error) => toast.error(errorMessage(error)),
								})
							}
						>
							Remove from Crew
						</Button>
					</DialogFooter>
				</DialogContent>
			</Dialog>
		</Card>
	);
}
