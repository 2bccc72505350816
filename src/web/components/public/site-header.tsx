import { Link } from "react-router";
import { DEFAULT_BUSINESS_PROFILE } from "../../../shared/business.ts";
import { homeFor, useMe } from "../../features/auth/api.ts";
import { Button } from "../ui/button.tsx";
import { BrandMark } from "./brand-mark.tsx";

/** Public header: brand, the quote call to action, and a link to the visitor's own area. */
export function SiteHeader() {
	const { data: user } = useMe();
	return (
		<header className="sticky top-0 z-30 border-b border-white/10 bg-night/95 text-night-foreground backdrop-blur">
			<div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4">
				<Link to="/" className="flex items-center gap-2 font-semibold">
					<BrandMark className="size-8" />
					<span className="font-display text-lg leading-tight">
						{DEFAULT_BUSINESS_PROFILE.businessName}
					</span>
				</Link>
				<nav className="flex items-center gap-2" aria-label="Main">
					{user ? (
						<Button
							asChild
							variant="ghost"
							size="sm"
							className="text-night-foreground hover:bg-white/10"
						>
							<Link to={homeFor(user)}>
								{homeFor(user) === "/owner" ? "Dashboard" : "My Account"}
							</Link>
						</Button>
					) : (
						<Button
							asChild
							variant="ghost"
							size="sm"
							className="text-night-foreground hover:bg-white/10"
						>
							<Link to="/auth">Sign In</Link>
						</Button>
					)}
				</nav>
			</div>
		</header>
	);
}
