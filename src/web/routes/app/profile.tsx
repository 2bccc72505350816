import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { PageHeading } from "../../components/shell/app-shell.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { setView, useMe, useRefreshMe } from "../../features/auth/api.ts";
import { SignOutButton } from "../../features/auth/components/sign-out-button.tsx";
import { errorMessage } from "../../lib/api-client.ts";
import { cn } from "../../lib/utils.ts";

export function meta() {
	return [{ title: "Profile | Buckeye Holiday Lights" }];
}

export default function Profile() {
	const { data: user } = useMe();
	const refreshMe = useRefreshMe();
	const navigate = useNavigate();
	const fixRole = useMutation({
		mutationFn: () => setView("customer"),
		onSuccess: async () => {
			await refreshMe();
			toast.success("Your account now opens in the customer app");
			navigate("/app");
		},
		onError: (error) => toast.error(`Failed to fix role: ${errorMessage(error)}`),
	});
	if (!user) return null;
	return (
		<>
			<PageHeading title="Profile" />
			<Card>
				<CardHeader>
					<CardTitle>Account</CardTitle>
				</CardHeader>
				<CardContent>
					<dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
						<dt className="text-muted-foreground">Name</dt>
						<dd>{user.displayName}</dd>
						<dt className="text-muted-foreground">Email</dt>
						<dd className="break-all">{user.email}</dd>
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
				</CardContent>
			</Card>
			<div className="mt-6 flex flex-wrap gap-3">
				{user.role === "owner" ? (
					<Button variant="secondary" pending={fixRole.isPending} onClick={() => fixRole.mutate()}>
						Fix Role to Customer
					</Button>
				) : null}
				<SignOutButton />
			</div>
		</>
	);
}
