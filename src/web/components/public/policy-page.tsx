import { Clock, Mail, MapPin, Phone } from "lucide-react";
import type * as React from "react";
import { Link, useLocation } from "react-router";
import { telHref, useBusinessProfile } from "../../lib/business-profile.ts";
import { EmailText, PhoneText } from "../contact-text.tsx";
import { PublicPage } from "./public-page.tsx";

const POLICIES = [
	{ to: "/privacy", label: "Privacy Policy" },
	{ to: "/terms", label: "Terms of Service" },
	{ to: "/refunds", label: "Refund Policy" },
] as const;

/** "2026-11-20" -> "November 20, 2026" (the date itself, whatever the reader's time zone). */
function formatDate(isoDate: string): string {
	return new Date(`${isoDate}T12:00:00Z`).toLocaleDateString("en-US", {
		year: "numeric",
		month: "long",
		day: "numeric",
		timeZone: "UTC",
	});
}

/** One titled section of a policy. */
export function PolicySection({ title, children }: { title: string; children: React.ReactNode }) {
	return (
		<section className="scroll-mt-20">
			<h2 className="font-display text-2xl font-semibold tracking-tight">{title}</h2>
			<div className="mt-3 space-y-3 leading-relaxed text-foreground/85 [&_li]:pl-1 [&_strong]:text-foreground [&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:pl-5">
				{children}
			</div>
		</section>
	);
}

/** The closing section of a policy: who we are and how to reach us. */
export function PolicyContactSection({ title }: { title: string }) {
	const business = useBusinessProfile();
	return (
		<PolicySection title={title}>
			<p>
				{business.businessName}, {business.address}. Phone{" "}
				<a className="text-primary underline" href={telHref(business.phone)}>
					<PhoneText phone={business.phone} />
				</a>
				, e-mail{" "}
				<a className="text-primary underline" href={`mailto:${business.email}`}>
					<EmailText email={business.email} />
				</a>
				.
			</p>
		</PolicySection>
	);
}

/**
 * The shared page for /privacy, /terms and /refunds: header, title with its "Last updated" date
 * (kept beside the text, changed only when the text changes), the policy, then contact details and
 * service areas from the business profile.
 */
export function PolicyPage({
	title,
	lastUpdated,
	intro,
	children,
}: {
	title: string;
	/** ISO date (YYYY-MM-DD) the text last changed. */
	lastUpdated: string;
	intro: React.ReactNode;
	children: React.ReactNode;
}) {
	const business = useBusinessProfile();
	const { pathname } = useLocation();
	return (
		<PublicPage>
			<div className="bg-night text-night-foreground">
				<div className="mx-auto max-w-5xl px-4 py-12 sm:py-16">
					<p className="text-sm font-semibold uppercase tracking-[0.18em] text-accent">
						{business.businessName}
					</p>
					<h1 className="mt-3 font-display text-4xl font-semibold tracking-tight sm:text-5xl">
						{title}
					</h1>
					<p className="mt-4 text-sm text-night-foreground/80">
						Last updated: <time dateTime={lastUpdated}>{formatDate(lastUpdated)}</time>
					</p>
				</div>
			</div>
			<div className="mx-auto grid max-w-5xl gap-10 px-4 py-10 sm:py-14 lg:grid-cols-[1fr_20rem]">
				<article className="min-w-0 space-y-10">
					<div className="text-lg leading-relaxed text-foreground/90">{intro}</div>
					{children}
				</article>
				<aside className="space-y-6 lg:sticky lg:top-24 lg:self-start">
					<section
						className="rounded-2xl border bg-card p-5 shadow-sm"
						aria-labelledby="policy-contact"
					>
						<h2 id="policy-contact" className="font-semibold">
							Questions? Contact us
						</h2>
						<ul className="mt-3 space-y-2.5 text-sm">
							<li className="flex items-center gap-2">
								<Phone className="size-4 shrink-0 text-primary" aria-hidden />
								<a className="hover:underline" href={telHref(business.phone)}>
									<PhoneText phone={business.phone} />
								</a>
							</li>
							<li className="flex items-center gap-2">
								<Mail className="size-4 shrink-0 text-primary" aria-hidden />
								<a className="hover:underline" href={`mailto:${business.email}`}>
									<EmailText email={business.email} />
								</a>
							</li>
							<li className="flex items-start gap-2">
								<Clock className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
								<span>
									{business.hours.map((row) => (
										<span key={row.days} className="block">
											{row.days}: {row.hours}
										</span>
									))}
								</span>
							</li>
						</ul>
					</section>
					<section
						className="rounded-2xl border bg-card p-5 shadow-sm"
						aria-labelledby="policy-areas"
					>
						<h2 id="policy-areas" className="font-semibold">
							Service areas
						</h2>
						<ul className="mt-3 space-y-1.5 text-sm">
							{business.serviceAreas.map((area) => (
								<li key={area} className="flex items-center gap-2">
									<MapPin className="size-4 shrink-0 text-primary" aria-hidden />
									{area}
								</li>
							))}
						</ul>
						<p className="mt-2 text-xs text-muted-foreground">and nearby communities</p>
					</section>
					<nav aria-label="Policies" className="rounded-2xl border bg-card p-5 text-sm shadow-sm">
						<h2 className="font-semibold">Our policies</h2>
						<ul className="mt-3 space-y-1.5">
							{POLICIES.map((p) => (
								<li key={p.to}>
									<Link
										to={p.to}
										aria-current={pathname === p.to ? "page" : undefined}
										className="text-primary hover:underline aria-[current=page]:font-semibold aria-[current=page]:text-foreground"
									>
										{p.label}
									</Link>
								</li>
							))}
						</ul>
					</nav>
				</aside>
			</div>
		</PublicPage>
	);
}
