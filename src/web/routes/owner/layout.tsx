import { FileText, LayoutDashboard, MessageCircle, Settings, Wrench } from "lucide-react";
import { Outlet } from "react-router";
import { AppShell } from "../../components/shell/app-shell.tsx";
import { RequireUser } from "../../features/auth/components/require-user.tsx";
import { RoleSwitch } from "../../features/auth/components/role-switch.tsx";
import { QueryProvider } from "../../lib/query-client.tsx";

const tabs = [
	{ to: "/owner", label: "Dashboard", icon: LayoutDashboard, end: true },
	{ to: "/owner/chat", label: "Chat", icon: MessageCircle },
	{ to: "/owner/quotes", label: "Quotes", icon: FileText },
	{ to: "/owner/requests", label: "Requests", icon: Wrench },
	{ to: "/owner/settings", label: "Settings", icon: Settings },
];

export default function OwnerLayout() {
	return (
		<QueryProvider>
			<RequireUser owner>
				{(user) => (
					<AppShell tabs={tabs} label="Owner dashboard" sideNavOnWideScreens>
						<Outlet />
						<RoleSwitch user={user} current="owner" />
					</AppShell>
				)}
			</RequireUser>
		</QueryProvider>
	);
}
