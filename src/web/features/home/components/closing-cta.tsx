import { Phone, Sparkles } from "lucide-react";
import { PhoneText } from "../../../components/contact-text.tsx";
import { ctaClass } from "../../../components/public/cta.ts";
import { PageLink } from "../../../components/public/page-link.tsx";
import { telHref } from "../../../lib/business-profile.ts";

export function ClosingCta({ phone }: { phone: string }) {
	return (
		<section className="bg-secondary py-16 text-secondary-foreground sm:py-20">
			<div className="mx-auto flex max-w-4xl flex-col items-center px-4 text-center">
				<h2 className="font-display text-3xl font-semibold tracking-tight sm:text-4xl">
					Ready to light up the season?
				</h2>
				<p className="mt-4 max-w-2xl text-lg text-secondary-foreground/85">
					Installation dates fill up quickly once the weather turns. Get your free quote in a few
					minutes, and we will get back to you within 24 hours.
				</p>
				<div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
					<PageLink to="/quote" className={ctaClass("accent", "lg")}>
						<Sparkles aria-hidden />
						Get Your Free Quote
					</PageLink>
					<a href={telHref(phone)} className={ctaClass("outlineLight", "lg", "max-w-full")}>
						<Phone aria-hidden />
						{/* A long number may take two lines rather than run off a phone's screen. */}
						<span className="min-w-0 whitespace-normal leading-6">
							Call <PhoneText phone={phone} />
						</span>
					</a>
				</div>
			</div>
		</section>
	);
}
