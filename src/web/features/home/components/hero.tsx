import { CheckCircle2, MessageCircle, Sparkles } from "lucide-react";
import { ctaClass } from "../../../components/public/cta.ts";
import { HouseScene } from "../../../components/public/illustrations.tsx";
import { PageLink } from "../../../components/public/page-link.tsx";
import { DownloadAppButton } from "../../pwa/components/download-app-button.tsx";

const PROMISES = [
	"Free quote, with an instant online estimate",
	"Premium C9 LED bulbs, installed by our crew",
	"Takedown and storage included",
] as const;

export function Hero({ areas }: { areas: readonly string[] }) {
	const towns = areas.map((a) => a.replace(/,\s*[A-Z]{2}$/, ""));
	return (
		<section className="relative overflow-hidden bg-night text-night-foreground">
			<div
				aria-hidden
				className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgba(245,184,61,0.16),transparent_55%),radial-gradient(ellipse_at_bottom_left,rgba(185,28,28,0.22),transparent_50%)]"
			/>
			<div className="relative mx-auto grid max-w-6xl items-center gap-10 px-4 pb-14 pt-10 sm:pt-16 lg:grid-cols-[1.2fr_1fr] lg:gap-14 lg:pb-24 lg:pt-20">
				<div>
					<p className="inline-flex items-center gap-2 rounded-full border border-accent/40 bg-accent/10 px-3 py-1 text-xs font-semibold uppercase tracking-[0.18em] text-accent">
						<Sparkles className="size-3.5" aria-hidden />
						{towns.join(" · ")}
					</p>
					<h1 className="mt-5 font-display text-[2.5rem] font-semibold leading-[1.08] tracking-tight sm:text-6xl">
						Your home, <span className="whitespace-nowrap text-accent">beautifully lit</span> for
						the holidays.
					</h1>
					<p className="mt-5 max-w-xl text-lg leading-relaxed text-night-foreground/85">
						We design, install, maintain, take down and store premium C9 LED displays for homes and
						businesses across Northeast Ohio, so you can enjoy the season without the ladder.
					</p>
					<div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
						<PageLink to="/quote" className={ctaClass("accent", "lg", "sm:px-5")}>
							<Sparkles aria-hidden />
							Get Your Quote
						</PageLink>
						<PageLink to="/contact" className={ctaClass("outlineLight", "lg", "sm:px-5")}>
							<MessageCircle aria-hidden />
							Contact Us
						</PageLink>
						<DownloadAppButton className={ctaClass("outlineLight", "lg", "sm:px-5")} />
					</div>
					<ul className="mt-8 grid gap-2 text-sm text-night-foreground/85">
						{PROMISES.map((p) => (
							<li key={p} className="flex items-center gap-2">
								<CheckCircle2 className="size-4 shrink-0 text-[#4ade80]" aria-hidden />
								{p}
							</li>
						))}
					</ul>
				</div>
				<div className="mx-auto w-full max-w-lg rounded-[1.75rem] shadow-[0_0_60px_-10px_rgba(245,184,61,0.35)] lg:max-w-none">
					<HouseScene className="block w-full" />
				</div>
			</div>
		</section>
	);
}
