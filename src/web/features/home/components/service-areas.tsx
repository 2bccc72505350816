import { MapPin } from "lucide-react";
import { ServiceAreaMap } from "../../../components/public/illustrations.tsx";
import { PageLink } from "../../../components/public/page-link.tsx";

const NOTES: Record<string, string> = {
	canton: "Our home base in Stark County, with the quickest scheduling.",
	akron: "Homes and storefronts across Summit County.",
	cleveland: "From the suburbs to downtown businesses in Cuyahoga County.",
};

export function ServiceAreas({ areas }: { areas: readonly string[] }) {
	return (
		<section
			id="service-areas"
			className="scroll-mt-20 bg-background py-16 sm:py-24"
			aria-labelledby="service-areas-title"
		>
			<div className="mx-auto grid max-w-6xl items-center gap-10 px-4 lg:grid-cols-[1.2fr_1fr] lg:gap-16">
				<div>
					<p className="text-sm font-semibold uppercase tracking-[0.18em] text-primary">
						Service areas
					</p>
					<h2
						id="service-areas-title"
						className="mt-3 font-display text-3xl font-semibold tracking-tight sm:text-4xl"
					>
						Lighting up Canton, Akron and Cleveland
					</h2>
					<p className="mt-4 text-lg text-muted-foreground">
						We install throughout these cities and the communities nearby. Not sure you are in
						range?{" "}
						<PageLink
							to="/contact"
							className="font-semibold text-primary underline-offset-4 hover:underline"
						>
							Ask us
						</PageLink>
						, we are happy to check.
					</p>
					<ul className="mt-8 grid gap-4 sm:grid-cols-3 lg:grid-cols-1 xl:grid-cols-3">
						{areas.map((area) => {
							const [town = area, state] = area.split(/,\s*/);
							return (
								<li key={area} className="rounded-2xl border bg-card p-5 shadow-sm">
									<p className="flex items-center gap-2">
										<MapPin className="size-5 shrink-0 text-primary" aria-hidden />
										<span className="text-lg font-semibold">{town}</span>
										{state ? (
											<span className="text-sm font-medium text-muted-foreground">{state}</span>
										) : null}
									</p>
									{NOTES[town.toLowerCase()] ? (
										<p className="mt-1.5 text-sm text-muted-foreground">
											{NOTES[town.toLowerCase()]}
										</p>
									) : null}
								</li>
							);
						})}
					</ul>
				</div>
				<ServiceAreaMap className="mx-auto w-full max-w-[17rem] rounded-3xl shadow-xl sm:max-w-sm" />
			</div>
		</section>
	);
}
