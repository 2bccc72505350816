import { CalendarDays, ScanLine } from "lucide-react";
import { Link, Outlet } from "react-router";
import { SettledPage } from "../../components/shell/settled-page.tsx";
import { Button } from "../../components/ui/button.tsx";
import { RequireUser } from "../../features/auth/components/require-user.tsx";
import { SignOutButton } from "../../features/auth/components/sign-out-button.tsx";
import { useBusinessProfile } from "../../lib/business-profile.ts";
import { QueryProvider } from "../../lib/query-client.tsx";

/** The crews' area, made for a phone in the truck: a slim header, the day below. */
function CrewHeader({ name }: { name: string }) {
	const business = useBusinessProfile();
	return (
		<header className="sticky top-0 z-40 border-b bg-card/95 backdrop-blur print:hidden">
			<div className="mx-auto flex h-14 max-w-3xl items-center gap-3 px-4">
				<Link to="/crew" className="flex min-w-0 flex-1 items-center gap-2 font-semibold">
					<CalendarDays className="size-5 shrink-0 text-primary" aria-hidden />
					<span className="truncate">{business.businessName} · Crew</span>
				</Link>
				<span className="hidden max-w-32 truncate text-sm text-muted-foreground sm:inline">
					{name}
				</span>
				<Button asChild variant="outline" size="sm">
					<Link to="/crew/scan">
						<ScanLine className="size-4" aria-hidden /> Scan Bins
					</Link>
				</Button>
				<SignOutButton size="sm" label="Sign Out" />
			</div>
		</header>
	);
}

export default function CrewLayout() {
	return (
		<QueryProvider>
			<RequireUser crew>
				{(user) => (
					<div className="min-h-dvh bg-background print:bg-white">
						<CrewHeader name={user.displayName} />
						<main className="mx-auto w-full max-w-3xl px-4 pt-6 pb-16 print:max-w-none print:p-0">
							<SettledPage>
								<Outlet />
							</SettledPage>
						</main>
					</div>
				)}
			</RequireUser>
		</QueryProvider>
	);
}
