import { CreditCard, Home, User, Wrench } from "lucide-react";
import { Outlet } from "react-router";
import { AppShell } from "../../components/shell/app-shell.tsx";
import { RequireUser } from "../../features/auth/components/require-user.tsx";
import { RoleSwitch } from "../../features/auth/components/role-switch.tsx";
import { LiveUpdates } from "../../features/live/live-updates.tsx";
import { QueryProvider } from "../../lib/query-client.tsx";

const tabs = [
	{ to: "/app", label: "Home", icon: Home, end: true },
	{ to: "/app/payments", label: "QuickPay", icon: CreditCard },
	{ to: "/app/requests", label: "Requests", icon: Wrench },
	{ to: "/app/profile", label: "Profile", icon: User },
];

export default function CustomerLayout() {
	return (
		<QueryProvider>
			<RequireUser>
				{(user) => (
					<AppShell tabs={tabs} label="Customer app">
						<Outlet />
						<RoleSwitch user={user} current="customer" />
						<LiveUpdates user={user} />
					</AppShell>
				)}
			</RequireUser>
		</QueryProvider>
	);
}
