import { ChevronDown, CreditCard, Home, Phone, User, Wrench } from "lucide-react";
import { Outlet } from "react-router";
import type { SessionUser } from "../../../shared/auth.ts";
import { AppShell, ShellTopBar } from "../../components/shell/app-shell.tsx";
import { SettledPage } from "../../components/shell/settled-page.tsx";
import { RequireUser } from "../../features/auth/components/require-user.tsx";
import { RoleSwitch } from "../../features/auth/components/role-switch.tsx";
import { SignOutButton } from "../../features/auth/components/sign-out-button.tsx";
import { LiveUpdates } from "../../features/live/live-updates.tsx";
import { PushKeeper } from "../../features/notifications/components/notifications-card.tsx";
import { telHref, useBusinessProfile } from "../../lib/business-profile.ts";
import { QueryProvider } from "../../lib/query-client.tsx";

const tabs = [
	{ to: "/app", label: "Home", icon: Home, end: true },
	{ to: "/app/payments", label: "QuickPay", icon: CreditCard },
	{ to: "/app/requests", label: "Requests", icon: Wrench },
	{ to: "/app/profile", label: "Profile", icon: User },
];

/** At a desk: the business's name, the tabs, its phone to call, and the account menu. */
function CustomerTopBar({ user }: { user: SessionUser }) {
	const business = useBusinessProfile();
	return (
		<ShellTopBar
			title={business.businessName}
			tabs={tabs}
			label="Customer app"
			end={
				<>
					{business.phone ? (
						<a
							href={telHref(business.phone)}
							aria-label={`Call us at ${business.phone}`}
							title={business.phone}
							className="inline-flex h-9 min-w-0 shrink items-center gap-2 rounded-md px-3 text-sm font-medium text-primary hover:bg-primary/10"
						>
							<Phone className="size-4 shrink-0" aria-hidden />
							{/* The number from xl; below, the icon alone (its name says the number). */}
							<span className="hidden truncate xl:inline">{business.phone}</span>
						</a>
					) : null}
					<details className="relative">
						<summary className="flex h-9 min-w-0 cursor-pointer list-none items-center gap-2 rounded-md border px-3 text-sm font-medium hover:bg-muted [&::-webkit-details-marker]:hidden">
							<User className="size-4" aria-hidden />
							<span className="max-w-32 truncate">{user.displayName ?? user.email}</span>
							<ChevronDown className="size-4 text-muted-foreground" aria-hidden />
						</summary>
						<div className="absolute right-0 z-50 mt-2 grid w-56 gap-2 rounded-lg border bg-card p-3 shadow-lg">
							<p className="truncate text-xs text-muted-foreground">{user.email}</p>
							<RoleSwitch user={user} current="customer" inline />
							<SignOutButton size="sm" />
						</div>
					</details>
				</>
			}
		/>
	);
}

export default function CustomerLayout() {
	return (
		<QueryProvider>
			<RequireUser>
				{(user) => (
					<AppShell tabs={tabs} label="Customer app" topBar={<CustomerTopBar user={user} />}>
						<SettledPage>
							<Outlet />
						</SettledPage>
						<div className="lg:hidden">
							<RoleSwitch user={user} current="customer" />
						</div>
						<LiveUpdates user={user} />
						<PushKeeper />
					</AppShell>
				)}
			</RequireUser>
		</QueryProvider>
	);
}
