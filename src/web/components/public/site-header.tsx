import { Menu } from "lucide-react";
import { homeFor } from "../../../shared/home.ts";
import { useBusinessProfile } from "../../lib/business-profile.ts";
import { BrandMark } from "./brand-mark.tsx";
import { ctaClass } from "./cta.ts";
import { PageLink } from "./page-link.tsx";
import { useVisitor } from "./visitor.ts";

const NAV = [
	{ to: "/#how-it-works", label: "How It Works" },
	{ to: "/#service-areas", label: "Service Areas" },
	{ to: "/contact", label: "Contact" },
] as const;

/** Public header: brand, the quote call to action, and a link to the visitor's own area. */
export function SiteHeader() {
	const user = useVisitor();
	const business = useBusinessProfile();
	const account = user
		? { to: homeFor(user), label: homeFor(user) === "/owner" ? "Dashboard" : "My Account" }
		: { to: "/auth", label: "Sign In" };
	return (
		<header className="sticky top-0 z-30 border-b border-white/10 bg-night/95 text-night-foreground">
			<div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4">
				<PageLink
					to="/"
					className="flex min-w-0 items-center gap-2 rounded-md font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent"
				>
					<BrandMark className="size-9 shrink-0" />
					<span className="font-display text-[1.05rem] leading-tight sm:text-lg">
						{business.businessName}
					</span>
				</PageLink>
				<nav className="hidden items-center gap-1 md:flex" aria-label="Main">
					{NAV.map((item) => (
						<PageLink key={item.to} to={item.to} className={ctaClass("ghostLight", "sm")}>
							{item.label}
						</PageLink>
					))}
					<PageLink to={account.to} className={ctaClass("ghostLight", "sm")}>
						{account.label}
					</PageLink>
					<PageLink to="/quote" className={ctaClass("accent", "sm", "ml-2")}>
						Get a Quote
					</PageLink>
				</nav>
				<div className="flex items-center gap-1 md:hidden">
					<PageLink to="/quote" className={ctaClass("accent", "sm", "px-3")}>
						Get a Quote
					</PageLink>
					{/* A disclosure menu that works before (and without) JavaScript. */}
					<details className="group relative">
						<summary
							className={ctaClass(
								"ghostLight",
								"sm",
								"list-none px-2 [&::-webkit-details-marker]:hidden",
							)}
							aria-label="Menu"
						>
							<Menu aria-hidden />
						</summary>
						<nav
							aria-label="Mobile"
							className="absolute right-0 top-12 w-56 rounded-lg border border-white/10 bg-night p-2 shadow-xl shadow-black/40"
						>
							<ul>
								{[{ to: "/", label: "Home" }, ...NAV, account].map((item) => (
									<li key={item.to}>
										<PageLink
											to={item.to}
											className="block rounded-md px-3 py-3 text-sm font-medium hover:bg-white/10 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent"
											onClick={(event) =>
												event.currentTarget.closest("details")?.removeAttribute("open")
											}
										>
											{item.label}
										</PageLink>
									</li>
								))}
							</ul>
						</nav>
					</details>
				</div>
			</div>
		</header>
	);
}
