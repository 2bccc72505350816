import { Link } from "react-router";
import { DEFAULT_BUSINESS_PROFILE } from "../../../shared/business.ts";
import { PublicPage } from "../../components/public/public-page.tsx";
import { Button } from "../../components/ui/button.tsx";

export function meta() {
	return [
		{
			title: `${DEFAULT_BUSINESS_PROFILE.businessName} | Holiday Lighting in Canton, Akron & Cleveland`,
		},
		{
			name: "description",
			content:
				"Custom holiday light design, professional C9 LED installation, maintenance, takedown and storage for homes and businesses in Canton, Akron and Cleveland, Ohio.",
		},
	];
}

export default function Home() {
	return (
		<PublicPage>
			<section className="relative overflow-hidden bg-night text-night-foreground">
				<div className="mx-auto max-w-6xl px-4 py-20 sm:py-28">
					<p className="text-sm font-semibold uppercase tracking-widest text-accent">
						Canton · Akron · Cleveland
					</p>
					<h1 className="mt-4 max-w-2xl font-display text-4xl leading-tight sm:text-6xl">
						Your home, beautifully lit for the holidays.
					</h1>
					<p className="mt-5 max-w-xl text-lg text-night-foreground/80">
						We design, install, maintain, take down and store premium C9 LED displays, so you can
						enjoy the season without the ladder.
					</p>
					<div className="mt-8 flex flex-wrap gap-3">
						<Button asChild size="lg" variant="accent">
							<Link to="/auth">Get Started</Link>
						</Button>
					</div>
				</div>
			</section>
		</PublicPage>
	);
}
