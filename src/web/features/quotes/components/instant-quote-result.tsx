import { Gauge, MapPin, Sparkles } from "lucide-react";
import type { Estimate } from "../../../../shared/estimate.ts";
import { formatCents } from "../../../../shared/money.ts";

const COMPLEXITY_STYLE = {
	Low: "bg-[#4ade80]/15 text-[#86efac]",
	Medium: "bg-accent/20 text-accent",
	High: "bg-[#f87171]/20 text-[#fecaca]",
} as const;

/** The instant quote: recommended price, range, complexity, explanation and location note. */
export function InstantQuoteResult({ estimate }: { estimate: Estimate }) {
	return (
		<section
			aria-labelledby="instant-quote-title"
			className="overflow-hidden rounded-xl border border-accent/50 bg-night text-night-foreground"
		>
			<div className="bg-[radial-gradient(ellipse_at_top_right,rgba(245,184,61,0.25),transparent_60%)] p-5">
				<h3
					id="instant-quote-title"
					className="flex items-center gap-2 text-sm font-semibold uppercase tracking-[0.14em] text-accent"
				>
					<Sparkles className="size-4" aria-hidden />
					Your Instant Quote
				</h3>
				<p className="mt-3 text-sm text-night-foreground/75">Recommended price</p>
				<p className="font-display text-4xl font-semibold">
					{formatCents(estimate.recommendedPriceCents)}
				</p>
				<p className="mt-1 text-sm text-night-foreground/85">
					Typical range: {formatCents(estimate.priceRangeLowCents)} –{" "}
					{formatCents(estimate.priceRangeHighCents)}
				</p>
				<p className="mt-3 inline-flex items-center gap-2 text-sm">
					<Gauge className="size-4 text-accent" aria-hidden />
					Complexity:{" "}
					<span
						className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${COMPLEXITY_STYLE[estimate.complexity]}`}
					>
						{estimate.complexity}
					</span>
				</p>
			</div>
			<div className="space-y-3 border-t border-white/10 p-5 text-sm leading-relaxed text-night-foreground/90">
				<p className="wrap-anywhere">{estimate.explanation}</p>
				{estimate.locationFactors.note ? (
					<p className="flex gap-2 text-night-foreground/80">
						<MapPin className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden />
						<span className="min-w-0 wrap-anywhere">{estimate.locationFactors.note}</span>
					</p>
				) : null}
				<p className="text-xs text-night-foreground/70">
					This instant quote is an estimate. We confirm your final price after reviewing your
					property.
				</p>
			</div>
		</section>
	);
}
