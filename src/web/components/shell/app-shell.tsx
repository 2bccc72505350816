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
}

/** A phone-first area: content above, bottom tabs fixed below. */
export function AppShell({
	tabs,
	label,
	children,
}: {
	tabs: ShellTab[];
	label: string;
	children: React.ReactNode;
}) {
	return (
		<div className="min-h-dvh bg-background pb-[calc(4.5rem+env(safe-area-inset-bottom))]">
			<main className="mx-auto w-full max-w-3xl px-4 pt-6 pb-16">{children}</main>
			<nav
				aria-label={label}
				className="fixed inset-x-0 bottom-0 z-40 border-t bg-card/95 pb-[env(safe-area-inset-bottom)] backdrop-blur"
			>
				<ul className="mx-auto flex max-w-3xl">
					{tabs.map(({ to, label: tabLabel, icon: Icon, end }) => (
						<li key={to} className="flex-1">
							<NavLink
								to={to}
								end={end}
								className={({ isActive }) =>
									cn(
										"flex h-16 flex-col items-center justify-center gap-1 text-xs font-medium text-muted-foreground transition-colors",
										isActive && "text-primary",
									)
								}
							>
								<Icon className="size-5" aria-hidden />
								{tabLabel}
							</NavLink>
						</li>
					))}
				</ul>
			</nav>
		</div>
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
