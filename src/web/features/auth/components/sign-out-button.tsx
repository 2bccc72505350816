import { useMutation, useQueryClient } from "@tanstack/react-query";
import { LogOut } from "lucide-react";
import { useNavigate } from "react-router";
import { Button, type ButtonProps } from "../../../components/ui/button.tsx";
import { toast } from "../../../lib/toast.ts";
import { authQueries, signOut } from "../api.ts";

export function SignOutButton({ label = "Sign Out", ...props }: { label?: string } & ButtonProps) {
	const queryClient = useQueryClient();
	const navigate = useNavigate();
	const mutation = useMutation({
		mutationFn: signOut,
		onSuccess: () => {
			queryClient.clear();
			queryClient.setQueryData(authQueries.me().queryKey, { user: null });
			toast.success("Signed out successfully");
			navigate("/auth", { replace: true });
		},
		onError: () => toast.error("Error signing out"),
	});
	return (
		<Button
			variant="outline"
			pending={mutation.isPending}
			onClick={() => mutation.mutate()}
			{...props}
		>
			{mutation.isPending ? null : <LogOut aria-hidden />}
			{label}
		</Button>
	);
}
