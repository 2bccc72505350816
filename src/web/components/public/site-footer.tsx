import { Clock, Mail, MapPin, Phone } from "lucide-react";
import { telHref, useBusinessProfile } from "../../lib/business-profile.ts";
import { EmailText, PhoneText } from "../contact-text.tsx";
import { BrandMark } from "./brand-mark.tsx";
import { BulbGarland } from "./illustrations.tsx";
import { PageLink } from "./page-link.tsx";

const LINKS = [
	{ to: "/quote", label: "Get a Free Quote" },
	{ to: "/contact", label: "Contact Us" },
	{ to: "/auth", label: "Sign In" },
	{ to: "/privacy", label: "Privacy Policy" },
	{ to: "/terms", label: "Terms of Service" },
	{ to: "/refunds", label: "Refund Policy" },
] as const;

export function SiteFooter() {
	const business = useBusinessProfile();
	return (
		<footer className="relative bg-night text-night-foreground/85">
			<BulbGarland className="absolute inset-x-0 top-0" />
			<div className="mx-auto grid max-w-6xl grid-cols-1 gap-10 px-4 pb-10 pt-16 text-sm sm:grid-cols-2 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1.3fr)_minmax(0,1.2fr)_minmax(0,0.8fr)] [&>*]:min-w-0">
				<div>
					<PageLink to="/" className="flex items-center gap-2 text-night-foreground">
						<BrandMark className="size-9" />
						<span className="font-display text-lg">{business.businessName}</span>
					</PageLink>
					<p className="mt-3 leading-relaxed">
						Custom holiday lighting for homes and businesses: design, installation, maintenance,
						takedown and storage.
					</p>
				</div>
				<div>
					<h2 className="font-semibold text-night-foreground">Contact</h2>
					<ul className="mt-3 space-y-2">
						<li className="flex items-center gap-2">
							<Phone className="size-4 shrink-0 text-accent" aria-hidden />
							<a className="hover:underline" href={telHref(business.phone)}>
								<PhoneText phone={business.phone} />
							</a>
						</li>
						<li className="flex items-center gap-2">
							<Mail className="size-4 shrink-0 text-accent" aria-hidden />
							<a className="hover:underline" href={`mailto:${business.email}`}>
								<EmailText email={business.email} />
							</a>
						</li>
						<li className="flex items-start gap-2">
							<MapPin className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden />
							<span>Serving {business.serviceAreas.join(" · ")}</span>
						</li>
					</ul>
				</div>
				<div>
					<h2 className="flex items-center gap-2 font-semibold text-night-foreground">
						<Clock className="size-4 text-accent" aria-hidden />
						Business Hours
					</h2>
					<dl className="mt-3 space-y-1">
						{business.hours.map((row) => (
							<div key={row.days} className="flex flex-wrap justify-between gap-x-4">
								<dt>{row.days}</dt>
								<dd className="text-night-foreground">{row.hours}</dd>
							</div>
						))}
					</dl>
				</div>
				<nav aria-label="Footer">
					<h2 className="font-semibold text-night-foreground">Explore</h2>
					<ul className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 lg:grid-cols-1">
						{LINKS.map((link) => (
							<li key={link.to}>
								<PageLink className="hover:text-accent hover:underline" to={link.to}>
									{link.label}
								</PageLink>
							</li>
						))}
					</ul>
				</nav>
			</div>
			<p className="border-t border-white/10 px-4 py-5 text-center text-xs text-night-foreground/70">
				© {new Date().getFullYear()} {business.businessName}. Proudly lighting up Northeast Ohio.
			</p>
		</footer>
	);
}
