import { Archive, Ruler, Smartphone, Wrench } from "lucide-react";

const STEPS = [
	{
		icon: Ruler,
		title: "Design & Quote",
		text: "Tell us about your property and pick your services. You get an instant estimate online, then we design a display that fits your home and budget.",
	},
	{
		icon: Wrench,
		title: "Professional Install",
		text: "Our crew hangs commercial-grade C9 LED lights on your roofline, trees and walkways with clips made for the job, and tests every strand.",
	},
	{
		icon: Smartphone,
		title: "App Payments & Service",
		text: "Pay your bill, report a light out, change colors or add more lights from our app, and chat with us all season long.",
	},
	{
		icon: Archive,
		title: "Takedown & Storage",
		text: "After the holidays we take everything down, pack it carefully and store it for you, ready to go up again next year.",
	},
] as const;

export function HowItWorks() {
	return (
		<section id="how-it-works" className="scroll-mt-20 bg-background py-16 sm:py-24">
			<div className="mx-auto max-w-6xl px-4">
				<div className="max-w-2xl">
					<p className="text-sm font-semibold uppercase tracking-[0.18em] text-primary">
						How it works
					</p>
					<h2 className="mt-3 font-display text-3xl font-semibold tracking-tight sm:text-4xl">
						Four simple steps to a glowing home
					</h2>
					<p className="mt-4 text-lg text-muted-foreground">
						From the first sketch to the last bulb in storage, one team takes care of it all.
					</p>
				</div>
				<ol className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
					{STEPS.map((step, i) => (
						<li
							key={step.title}
							className="relative flex gap-4 rounded-2xl border bg-card p-5 shadow-sm transition-shadow hover:shadow-md sm:block sm:p-6"
						>
							<div className="flex shrink-0 flex-col items-center gap-2 sm:flex-row sm:justify-between">
								<span className="flex size-12 items-center justify-center rounded-xl bg-secondary text-secondary-foreground">
									<step.icon className="size-6" aria-hidden />
								</span>
								<span
									className="font-display text-2xl font-semibold text-primary/80 sm:text-4xl sm:text-accent"
									aria-hidden
								>
									{i + 1}
								</span>
							</div>
							<div>
								<h3 className="text-lg font-semibold sm:mt-5">
									<span className="sr-only">Step {i + 1}: </span>
									{step.title}
								</h3>
								<p className="mt-1.5 leading-relaxed text-muted-foreground sm:mt-2">{step.text}</p>
							</div>
						</li>
					))}
				</ol>
			</div>
		</section>
	);
}
