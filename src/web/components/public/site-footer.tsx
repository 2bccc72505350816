import { Link } from "react-router";
import { DEFAULT_BUSINESS_PROFILE } from "../../../shared/business.ts";

export function SiteFooter() {
	const business = DEFAULT_BUSINESS_PROFILE;
	return (
		<footer className="bg-night text-night-foreground/80">
			<div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 text-sm sm:grid-cols-3">
				<div>
					<p className="font-display text-base text-night-foreground">{business.businessName}</p>
					<p className="mt-2">
						Custom holiday lighting: design, installation, maintenance, takedown and storage.
					</p>
				</div>
				<div>
					<p className="font-semibold text-night-foreground">Contact</p>
					<p className="mt-2">
						<a className="hover:underline" href={`tel:${business.phone.replace(/[^0-9+]/g, "")}`}>
							{business.phone}
						</a>
					</p>
					<p>
						<a className="hover:underline" href={`mailto:${business.email}`}>
							{business.email}
						</a>
					</p>
					<p className="mt-2">Serving {business.serviceAreas.join(" · ")}</p>
				</div>
				<div>
					<p className="font-semibold text-night-foreground">Your account</p>
					<ul className="mt-2 space-y-1">
						<li>
							<Link className="hover:underline" to="/auth">
								Sign in or create an account
							</Link>
						</li>
						<li>
							<Link className="hover:underline" to="/app">
								Customer app
							</Link>
						</li>
					</ul>
				</div>
			</div>
			<p className="border-t border-white/10 py-4 text-center text-xs">
				© {new Date().getFullYear()} {business.businessName}
			</p>
		</footer>
	);
}
