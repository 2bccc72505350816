import { useMutation } from "@tanstack/react-query";
import { ArrowLeftRight } from "lucide-react";
import { useNavigate } from "react-router";
import type { Role, SessionUser } from "../../../../shared/auth.ts";
import { Button } from "../../../components/ui/button.tsx";
import { toast } from "../../../lib/toast.ts";
import { setView, useRefreshMe } from "../api.ts";

/**
 * Switch between the owner dashboard and the customer app; owner accounts only. Floats above the
 * bottom tabs, or `inline` where a bar or menu has room for it (the customer app's top bar).
 */
export function RoleSwitch({
	user,
	current,
	inline = false,
}: {
	user: SessionUser;
	current: Role;
	inline?: boolean;
}) {
	const navigate = useNavigate();
	const refreshMe = useRefreshMe();
	const target: Role = current === "owner" ? "customer" : "owner";
	const mutation = useMutation({
		mutationFn: () => setView(target),
		onSuccess: async () => {
			await refreshMe();
			navigate(target === "owner" ? "/owner" : "/app");
		},
		onError: () => toast.error("Failed to switch role"),
	});
	if (user.role !== "owner") return null;
	return (
		<Button
			size="sm"
			variant="secondary"
			className={
				inline
					? undefined
					: "fixed right-4 bottom-[calc(var(--shell-float-bottom,1rem)+env(safe-area-inset-bottom))] z-50 rounded-full shadow-lg"
			}
			pending={mutation.isPending}
			onClick={() => mutation.mutate()}
		>
			{mutation.isPending ? null : <ArrowLeftRight aria-hidden />}
			{target === "owner" ? "Owner View" : "Customer View"}
		</Button>
	);
}
