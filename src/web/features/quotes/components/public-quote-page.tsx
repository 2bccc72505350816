import { Clock, Sparkles, Star } from "lucide-react";
import { useState } from "react";
import { EnabledWhenHydrated } from "../../../components/public/enabled-when-hydrated.tsx";
import { PlainPageLinks } from "../../../components/public/page-link.tsx";
import { PublicPage } from "../../../components/public/public-page.tsx";
import { QueryProvider } from "../../../lib/query-client.tsx";
import { PublicQuoteForm } from "./public-quote-form.tsx";
import { QuoteSubmitted } from "./quote-submitted.tsx";

/** The element the quote page renders into; its own entry hydrates it (src/web/quote-entry.tsx). */
export const QUOTE_PAGE_ID = "quote-page";

function QuoteRequest() {
	const [submitted, setSubmitted] = useState(false);
	if (submitted) return <QuoteSubmitted />;
	return (
		<EnabledWhenHydrated>
			<PublicQuoteForm
				onSubmitted={() => {
					setSubmitted(true);
					window.scrollTo({ top: 0 });
				}}
			/>
		</EnabledWhenHydrated>
	);
}

/**
 * The public quote page, prerendered by its route and hydrated by its own entry, which has no
 * router: its links are plain links in both, so the two render the same markup. Every link loads
 * its page, so "Request Another Quote" starts a fresh form.
 */
export function PublicQuotePage() {
	return (
		<PlainPageLinks>
			<PublicPage>
				<div className="bg-night text-night-foreground">
					<div className="mx-auto max-w-6xl px-4 pb-24 pt-12 sm:pt-16">
						<p className="text-sm font-semibold uppercase tracking-[0.18em] text-accent">
							Free, no-obligation quote
						</p>
						<h1 className="mt-3 font-display text-4xl font-semibold tracking-tight sm:text-5xl">
							Get Your Free Quote
						</h1>
						<p className="mt-4 max-w-2xl text-lg text-night-foreground/85">
							Tell us about your property and the lights you would like. Get an instant AI estimate
							right here, and a confirmed quote from our team within 24 hours.
						</p>
						<ul className="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-sm text-night-foreground/85">
							<li className="flex items-center gap-2">
								<Sparkles className="size-4 text-accent" aria-hidden />
								Instant estimate
							</li>
							<li className="flex items-center gap-2">
								<Clock className="size-4 text-accent" aria-hidden />
								Reply within 24 hours
							</li>
							<li className="flex items-center gap-2">
								<Star className="size-4 text-accent" aria-hidden />
								Premium C9 LED lights
							</li>
						</ul>
					</div>
				</div>
				<div className="mx-auto -mt-16 max-w-6xl px-4 pb-16">
					<QueryProvider>
						<QuoteRequest />
					</QueryProvider>
				</div>
			</PublicPage>
		</PlainPageLinks>
	);
}
