import {
	Brush,
	CalendarCheck,
	Lightbulb,
	PackageCheck,
	ShieldCheck,
	Smartphone,
} from "lucide-react";
import { C9Bulb } from "../../../components/public/illustrations.tsx";

const FEATURES = [
	{
		icon: Brush,
		title: "A custom design",
		text: "Rooflines, trees, wreaths, windows and walkways, planned around your home's architecture.",
	},
	{
		icon: Lightbulb,
		title: "Premium C9 LED bulbs",
		text: "Bright, even, energy-efficient commercial-grade bulbs that look warm and classic.",
	},
	{
		icon: ShieldCheck,
		title: "Careful, professional installation",
		text: "We do the ladder work, using clips designed for gutters and shingles, and test everything before we leave.",
	},
	{
		icon: CalendarCheck,
		title: "Maintenance all season",
		text: "A strand goes dark? Report it in the app and we come back to fix it.",
	},
	{
		icon: Smartphone,
		title: "Everything in one app",
		text: "Your quote, bills, service requests, project progress and a chat with our team.",
	},
	{
		icon: PackageCheck,
		title: "Takedown and storage",
		text: "We remove your display after the season and store it safely until next year.",
	},
] as const;

const COLORS = [
	{ name: "Warm White", bulbs: ["#fde68a", "#fde68a", "#fde68a"] },
	{ name: "Cool White", bulbs: ["#e0f2fe", "#e0f2fe", "#e0f2fe"] },
	{ name: "Red & White", bulbs: ["#ef4444", "#fde68a", "#ef4444"] },
	{ name: "Multicolor", bulbs: ["#ef4444", "#22c55e", "#60a5fa"] },
	{ name: "Custom", bulbs: ["#a855f7", "#f5b83d", "#22c55e"] },
] as const;

export function WhatYouGet() {
	return (
		<section className="bg-muted py-16 sm:py-24" aria-labelledby="what-you-get">
			<div className="mx-auto max-w-6xl px-4">
				<div className="grid gap-10 lg:grid-cols-[1fr_1.4fr] lg:gap-16">
					<div>
						<p className="text-sm font-semibold uppercase tracking-[0.18em] text-primary">
							What you get
						</p>
						<h2
							id="what-you-get"
							className="mt-3 font-display text-3xl font-semibold tracking-tight sm:text-4xl"
						>
							A full-service display, not just a box of lights
						</h2>
						<p className="mt-4 text-lg text-muted-foreground">
							Every package includes design, installation, in-season maintenance, takedown and
							storage. Choose the look you love:
						</p>
						<ul className="mt-8 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-2">
							{COLORS.map((c) => (
								<li
									key={c.name}
									className="flex items-center gap-2 rounded-xl border bg-night px-3 py-2 text-sm font-medium text-night-foreground"
								>
									<span className="flex -space-x-1.5">
										{c.bulbs.map((color, i) => (
											// biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of three bulbs that never reorders.
											<C9Bulb key={i} color={color} className="h-8 w-5" />
										))}
									</span>
									{c.name}
								</li>
							))}
						</ul>
					</div>
					<ul className="grid gap-4 sm:grid-cols-2">
						{FEATURES.map((f) => (
							<li
								key={f.title}
								className="flex gap-4 rounded-2xl border bg-card p-4 shadow-sm sm:block sm:p-5"
							>
								<span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10">
									<f.icon className="size-5 text-primary" aria-hidden />
								</span>
								<div>
									<h3 className="font-semibold sm:mt-3">{f.title}</h3>
									<p className="mt-1 text-sm leading-relaxed text-muted-foreground sm:mt-1.5">
										{f.text}
									</p>
								</div>
							</li>
						))}
					</ul>
				</div>
			</div>
		</section>
	);
}
