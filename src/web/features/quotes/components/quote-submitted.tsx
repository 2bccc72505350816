import { CheckCircle2 } from "lucide-react";
import { ctaClass } from "../../../components/public/cta.ts";
import { PageLink } from "../../../components/public/page-link.tsx";

/** Shown after a public quote request went through; "Request Another Quote" loads a fresh form. */
export function QuoteSubmitted() {
	return (
		<section
			aria-labelledby="quote-submitted-title"
			className="mx-auto max-w-xl rounded-2xl border bg-card p-8 text-center shadow-lg sm:p-10"
		>
			<span className="mx-auto flex size-16 items-center justify-center rounded-full bg-success/10">
				<CheckCircle2 className="size-9 text-success" aria-hidden />
			</span>
			<h2 id="quote-submitted-title" className="mt-5 font-display text-3xl font-semibold">
				Quote Submitted!
			</h2>
			<p className="mt-3 text-lg text-muted-foreground">
				We'll review your information and get back to you within 24 hours.
			</p>
			<div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
				<PageLink
					to="/"
					className={ctaClass("primary", "md", "focus-visible:ring-offset-background")}
				>
					Back to Home
				</PageLink>
				<PageLink
					to="/quote"
					className={ctaClass("outline", "md", "focus-visible:ring-offset-background")}
				>
					Request Another Quote
				</PageLink>
			</div>
		</section>
	);
}
