import { Clock, Mail, MapPin, Phone, Timer } from "lucide-react";
import { EmailText, PhoneText } from "../../../components/contact-text.tsx";
import { EnabledWhenHydrated } from "../../../components/public/enabled-when-hydrated.tsx";
import { PlainPageLinks } from "../../../components/public/page-link.tsx";
import { PublicPage } from "../../../components/public/public-page.tsx";
import { telHref, useBusinessProfile } from "../../../lib/business-profile.ts";
import { ContactForm } from "./contact-form.tsx";

/** The element the contact page renders into; its own entry hydrates it (src/web/contact-entry.tsx). */
export const CONTACT_PAGE_ID = "contact-page";

/**
 * The contact page, prerendered by its route and hydrated by its own entry, which has no router:
 * its links are plain links in both, so the two render the same markup.
 */
export function ContactPage() {
	const business = useBusinessProfile();
	return (
		<PlainPageLinks>
			<PublicPage>
				<div className="bg-night text-night-foreground">
					<div className="mx-auto max-w-6xl px-4 pb-24 pt-12 sm:pt-16">
						<p className="text-sm font-semibold uppercase tracking-[0.18em] text-accent">
							We'd love to hear from you
						</p>
						<h1 className="mt-3 font-display text-4xl font-semibold tracking-tight sm:text-5xl">
							Contact Us
						</h1>
						<p className="mt-4 max-w-2xl text-lg text-night-foreground/85">
							Questions about a display, your service or our app? Send us a message, give us a call
							or drop us an e-mail.
						</p>
					</div>
				</div>
				<div className="mx-auto -mt-16 grid max-w-6xl gap-6 px-4 pb-16 lg:grid-cols-[1.5fr_1fr]">
					<section
						aria-labelledby="contact-form-title"
						className="self-start rounded-2xl border bg-card p-5 shadow-lg sm:p-8"
					>
						<h2 id="contact-form-title" className="text-xl font-semibold">
							Send us a message
						</h2>
						<p className="mt-1 mb-6 text-sm text-muted-foreground">
							Full Name and Email Address are required.
						</p>
						<EnabledWhenHydrated>
							<ContactForm />
						</EnabledWhenHydrated>
					</section>
					<div className="grid content-start gap-6">
						<section
							aria-labelledby="contact-details"
							className="rounded-2xl border bg-card p-5 shadow-sm sm:p-6"
						>
							<h2 id="contact-details" className="text-lg font-semibold">
								Contact details
							</h2>
							<ul className="mt-4 space-y-4">
								<li className="flex gap-3">
									<Phone className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
									<div>
										<p className="text-sm text-muted-foreground">Phone</p>
										<a className="font-semibold hover:underline" href={telHref(business.phone)}>
											<PhoneText phone={business.phone} />
										</a>
									</div>
								</li>
								<li className="flex gap-3">
									<Mail className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
									<div className="min-w-0">
										<p className="text-sm text-muted-foreground">E-mail</p>
										<a className="font-semibold hover:underline" href={`mailto:${business.email}`}>
											<EmailText email={business.email} />
										</a>
									</div>
								</li>
								<li className="flex gap-3">
									<MapPin className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
									<div>
										<p className="text-sm text-muted-foreground">Service areas</p>
										<p className="font-semibold">{business.serviceAreas.join(" · ")}</p>
									</div>
								</li>
							</ul>
						</section>
						<section
							aria-labelledby="contact-hours"
							className="rounded-2xl border bg-card p-5 shadow-sm sm:p-6"
						>
							<h2 id="contact-hours" className="flex items-center gap-2 text-lg font-semibold">
								<Clock className="size-5 text-primary" aria-hidden />
								Business Hours
							</h2>
							<dl className="mt-4 divide-y text-sm">
								{business.hours.map((row) => (
									<div key={row.days} className="flex justify-between gap-4 py-2">
										<dt className="text-muted-foreground">{row.days}</dt>
										<dd className="font-medium">{row.hours}</dd>
									</div>
								))}
							</dl>
						</section>
						<section
							aria-labelledby="contact-response"
							className="rounded-2xl border border-secondary/30 bg-secondary/5 p-5 sm:p-6"
						>
							<h2 id="contact-response" className="flex items-center gap-2 text-lg font-semibold">
								<Timer className="size-5 text-secondary" aria-hidden />
								Response time
							</h2>
							<p className="mt-2 text-sm leading-relaxed">
								We typically respond within 24 hours on business days. For urgent matters during the
								holiday season, please call us at{" "}
								<a
									className="font-semibold text-primary hover:underline"
									href={telHref(business.phone)}
								>
									<PhoneText phone={business.phone} />
								</a>
								.
							</p>
						</section>
					</div>
				</div>
			</PublicPage>
		</PlainPageLinks>
	);
}
