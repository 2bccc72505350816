import { useQueryClient } from "@tanstack/react-query";
import { CalendarDays, ScanLine } from "lucide-react";
import { useEffect } from "react";
import { Link, Outlet } from "react-router";
import { SettledPage } from "../../components/shell/settled-page.tsx";
import { Button } from "../../components/ui/button.tsx";
import { serverTimeAtPageStart } from "../../features/auth/api.ts";
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

/** A page the server made this long before it opened came from the device (decision 044). */
const KEPT_AFTER_MS = 10_000;

/**
 * The crews' pages have no live stream to catch up through (decision 048): a page opened from
 * the device shows the data it was kept with, then reads all of it again.
 */
function CatchUpKeptPage() {
	const queryClient = useQueryClient();
	useEffect(() => {
		const madeAt = serverTimeAtPageStart();
		if (madeAt !== undefined && performance.timeOrigin - madeAt > KEPT_AFTER_MS)
			void queryClient.invalidateQueries();
	}, [queryClient]);
	return null;
}

export default function CrewLayout() {
	return (
		<QueryProvider>
			<RequireUser crew>
				{(user) => (
					<div data-screen className="min-h-dvh bg-background print:bg-white">
						<CatchUpKeptPage />
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
