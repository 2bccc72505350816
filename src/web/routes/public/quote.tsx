import { Clock, Sparkles, Star } from "lucide-react";
import { useState } from "react";
import { useLocation } from "react-router";
import { EnabledWhenHydrated } from "../../components/public/enabled-when-hydrated.tsx";
import { PublicPage } from "../../components/public/public-page.tsx";
import { QuoteSubmitted } from "../../features/quotes/components/quote-submitted.tsx";
import { QueryProvider } from "../../lib/query-client.tsx";
import { pageMeta } from "../../lib/seo.ts";

// The form and its larger libraries (zod and the schemas, toasts, class merging) load as modules
// of their own, each evaluated in a short task as it arrives rather than all in one long task
// with the rest of the page's scripts: the page stays responsive while it starts. Prerendering
// waits for them the same way, so the HTML holds the whole form.
const [{ PublicQuoteForm }] = await Promise.all([
	import("../../features/quotes/components/public-quote-form.tsx"),
	import("../../../shared/public-quote.ts"),
	import("sonner"),
	import("../../lib/utils.ts"),
]);

export function meta() {
	return pageMeta({
		title: "Get Your Free Quote | Buckeye Holiday Lights",
		description:
			"Request a free holiday lighting quote in Canton, Akron or Cleveland. Choose your services, add photos of your home and get an instant estimate in seconds.",
		path: "/quote",
	});
}

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

export default function QuotePage() {
	// A new visit to /quote (also from "Request Another Quote") starts a fresh form.
	const location = useLocation();
	return (
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
					<QuoteRequest key={location.key} />
				</QueryProvider>
			</div>
		</PublicPage>
	);
}
