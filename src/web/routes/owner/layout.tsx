import {
	CalendarDays,
	FileText,
	LayoutDashboard,
	MessageCircle,
	Settings,
	Wrench,
} from "lucide-react";
import type * as React from "react";
import { Outlet } from "react-router";
import { AppShell } from "../../components/shell/app-shell.tsx";
import { SettledPage } from "../../components/shell/settled-page.tsx";
import { mayOpen } from "../../features/auth/api.ts";
import { RequireUser } from "../../features/auth/components/require-user.tsx";
import { RoleSwitch } from "../../features/auth/components/role-switch.tsx";
import { chatQueries, useOwnerUnread } from "../../features/chat/api.ts";
import { LiveUpdates } from "../../features/live/live-updates.tsx";
import { PushKeeper } from "../../features/notifications/components/notifications-card.tsx";
import { firstData } from "../../lib/first-data.ts";
import { QueryProvider } from "../../lib/query-client.tsx";

const tabs = [
	{ to: "/owner", label: "Dashboard", icon: LayoutDashboard, end: true },
	{ to: "/owner/chat", label: "Chat", icon: MessageCircle },
	{ to: "/owner/quotes", label: "Quotes", icon: FileText },
	{ to: "/owner/requests", label: "Requests", icon: Wrench },
	{ to: "/owner/schedule", label: "Schedule", icon: CalendarDays, wideOnly: true },
	{ to: "/owner/settings", label: "Settings", icon: Settings },
];

/** The tabs, the Chat tab carrying the unread count. */
function OwnerShell({ children }: { children: React.ReactNode }) {
	const { data: unread = 0 } = useOwnerUnread();
	const withBadge = tabs.map((t) => (t.to === "/owner/chat" ? { ...t, badge: unread } : t));
	return (
		<AppShell tabs={withBadge} label="Owner dashboard" sideNavOnWideScreens>
			{children}
		</AppShell>
	);
}

/** The chat tab's unread count, from the page itself on its first load (lib/first-data.ts). */
export const clientLoader = () =>
	firstData(mayOpen("owner"), (client) => [client.prefetchQuery(chatQueries.unread())]);

export default function OwnerLayout() {
	return (
		<QueryProvider>
			<RequireUser owner>
				{(user) => (
					<OwnerShell>
						<SettledPage>
							<Outlet />
						</SettledPage>
						<RoleSwitch user={user} current="owner" />
						<LiveUpdates user={user} />
						<PushKeeper />
					</OwnerShell>
				)}
			</RequireUser>
		</QueryProvider>
	);
}
