import type { LucideIcon } from "lucide-react";
import type * as React from "react";
import { NavLink } from "react-router";
import { cn } from "../../lib/utils.ts";

export interface ShellTab {
	to: string;
	label: string;
	icon: LucideIcon;
	/** Only the exact path is active (for an area's index tab). */
	end?: boolean;
	/** A count shown on the tab (unread messages); nothing when 0. */
	badge?: number;
	/** Listed only in the side bar at a desk: the phone keeps its five tabs. */
	wideOnly?: boolean;
}

/**
 * An app area: content above, bottom tabs fixed below. `sideNavOnWideScreens`: from the lg
 * breakpoint the tabs become a side bar on the left and the content widens, for an area also used
 * at a desk (the owner's). The content stays first in the document on every screen, so keyboard
 * and screen-reader order do not change with the width.
 */
export function AppShell({
	tabs,
	label,
	sideNavOnWideScreens = false,
	topBar,
	children,
}: {
	tabs: ShellTab[];
	label: string;
	sideNavOnWideScreens?: boolean;
	/**
	 * From the lg breakpoint: a bar across the top (see ShellTopBar) in place of the bottom tabs,
	 * and content wider than a phone column; below lg nothing changes.
	 */
	topBar?: React.ReactNode;
	children: React.ReactNode;
}) {
	const side = sideNavOnWideScreens;
	const top = Boolean(topBar);
	return (
		<div
			data-screen
			className={cn(
				// --shell-float-bottom: where floating buttons (the role switch) sit, clear of the tabs.
				"min-h-dvh bg-background pb-[calc(4.5rem+env(safe-area-inset-bottom))] [--shell-float-bottom:5rem]",
				side &&
					"lg:grid lg:grid-cols-[16rem_minmax(0,1fr)] lg:pb-0 lg:[--shell-float-bottom:1.5rem]",
				top && "lg:pb-0 lg:[--shell-float-bottom:1.5rem]",
			)}
		>
			{topBar}
			<main
				className={cn(
					// pb: the end of the content stays clear of the floating role switch.
					"mx-auto w-full max-w-3xl px-4 pt-6 pb-16",
					side && "lg:col-start-2 lg:row-start-1 lg:max-w-6xl lg:px-8 lg:pt-10 lg:pb-24",
					top && "lg:max-w-6xl lg:px-8 lg:pt-8",
				)}
			>
				{children}
			</main>
			<nav
				aria-label={label}
				className={cn(
					"fixed inset-x-0 bottom-0 z-40 border-t bg-card/95 pb-[env(safe-area-inset-bottom)] backdrop-blur",
					top && "lg:hidden",
					side &&
						"lg:sticky lg:top-0 lg:col-start-1 lg:row-start-1 lg:h-dvh lg:border-t-0 lg:border-r lg:bg-card lg:pb-0 lg:backdrop-blur-none",
				)}
			>
				{side ? (
					<p className="hidden px-6 pt-8 pb-6 text-lg font-semibold tracking-tight lg:block">
						{label}
					</p>
				) : null}
				<ul
					className={cn("mx-auto flex max-w-3xl", side && "lg:mx-0 lg:flex-col lg:gap-1 lg:px-3")}
				>
					{tabs.map(({ to, label: tabLabel, icon: Icon, end, badge, wideOnly }) => (
						<li
							key={to}
							className={cn("flex-1", side && "lg:flex-none", wideOnly && "hidden lg:block")}
						>
							<NavLink
								to={to}
								end={end}
								aria-label={badge ? `${tabLabel}, ${badge} unread` : undefined}
								className={({ isActive }) =>
									cn(
										"flex h-16 flex-col items-center justify-center gap-1 text-xs font-medium text-muted-foreground transition-colors",
										isActive && "text-primary",
										side &&
											"lg:h-11 lg:flex-row lg:justify-start lg:gap-3 lg:rounded-md lg:px-3 lg:text-sm lg:hover:bg-muted lg:hover:text-foreground",
										side &&
											isActive &&
											"lg:bg-primary/10 lg:text-primary lg:hover:bg-primary/10 lg:hover:text-primary",
									)
								}
							>
								<span className="relative">
									<Icon className="size-5" aria-hidden />
									{badge ? (
										<span
											aria-hidden
											className={cn(
												"absolute -top-1.5 -right-2.5 inline-flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[0.625rem] leading-none font-semibold text-white",
												side && "lg:hidden",
											)}
										>
											{badge > 99 ? "99+" : badge}
										</span>
									) : null}
								</span>
								{tabLabel}
								{badge && side ? (
									<span
										aria-hidden
										className="ml-auto hidden rounded-full bg-destructive px-2 py-0.5 text-xs font-semibold text-white lg:inline"
									>
										{badge > 99 ? "99+" : badge}
									</span>
								) : null}
							</NavLink>
						</li>
					))}
				</ul>
			</nav>
		</div>
	);
}

/**
 * The bar across the top of an area from the lg breakpoint (AppShell's `topBar`; hidden below): its name, the tabs in a row, and `end` (e.g. a
 * phone number and the account menu) on the right.
 */
export function ShellTopBar({
	title,
	tabs,
	label,
	end,
}: {
	title: string;
	tabs: ShellTab[];
	label: string;
	end?: React.ReactNode;
}) {
	return (
		<header className="sticky top-0 z-40 hidden border-b bg-card/95 backdrop-blur lg:block">
			<div className="mx-auto flex h-14 max-w-6xl items-center gap-4 px-8">
				{/* A long business name truncates; the tabs never shrink under the name or the end. */}
				<p className="min-w-0 max-w-56 truncate font-semibold tracking-tight" title={title}>
					{title}
				</p>
				<nav aria-label={label} className="flex-1 shrink-0">
					<ul className="flex gap-1">
						{tabs.map(({ to, label: tabLabel, icon: Icon, end: exact }) => (
							<li key={to}>
								<NavLink
									to={to}
									end={exact}
									className={({ isActive }) =>
										cn(
											"flex h-9 items-center gap-2 rounded-md px-3 text-sm font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground",
											isActive &&
												"bg-primary/10 text-primary hover:bg-primary/10 hover:text-primary",
										)
									}
								>
									<Icon className="hidden size-4 xl:block" aria-hidden />
									{tabLabel}
								</NavLink>
							</li>
						))}
					</ul>
				</nav>
				{end ? <div className="flex min-w-0 items-center gap-3">{end}</div> : null}
			</div>
		</header>
	);
}

export function PageHeading({
	title,
	description,
	children,
}: {
	title: string;
	description?: string;
	children?: React.ReactNode;
}) {
	return (
		<div className="mb-6 flex items-start justify-between gap-3 [.grid>&]:mb-0">
			<div>
				<h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
				{description ? <p className="mt-1 text-sm text-muted-foreground">{description}</p> : null}
			</div>
			{children}
		</div>
	);
}

export function EmptyState({
	icon: Icon,
	children,
}: {
	icon?: LucideIcon;
	children: React.ReactNode;
}) {
	return (
		<div className="flex flex-col items-center gap-3 rounded-lg border border-dashed bg-card px-6 py-10 text-center text-sm text-muted-foreground">
			{Icon ? <Icon className="size-8" aria-hidden /> : null}
			<div>{children}</div>
		</div>
	);
}

export function LoadingState({ label = "Loading..." }: { label?: string }) {
	return (
		<div
			className="flex items-center justify-center gap-3 py-12 text-sm text-muted-foreground"
			role="status"
		>
			<span
				className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent"
				aria-hidden
			/>
			{label}
		</div>
	);
}
