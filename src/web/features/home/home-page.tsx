import { localBusinessJsonLd } from "../../../shared/local-business.ts";
import { JsonLd } from "../../components/public/json-ld.tsx";
import { PlainPageLinks } from "../../components/public/page-link.tsx";
import { PublicPage } from "../../components/public/public-page.tsx";
import { useBusinessProfile } from "../../lib/business-profile.ts";
import { ClosingCta } from "./components/closing-cta.tsx";
import { Hero } from "./components/hero.tsx";
import { HowItWorks } from "./components/how-it-works.tsx";
import { ServiceAreas } from "./components/service-areas.tsx";
import { WhatYouGet } from "./components/what-you-get.tsx";

/** The element the home page renders into; its own entry hydrates it (src/web/home-entry.tsx). */
export const HOME_PAGE_ID = "home-page";

/**
 * The home page, prerendered by its route and hydrated by its own entry, which has no router: its
 * links are plain links in both, so the two render the same markup.
 */
export function HomePage() {
	const business = useBusinessProfile();
	return (
		<PlainPageLinks>
			<PublicPage>
				<Hero areas={business.serviceAreas} />
				<HowItWorks />
				<WhatYouGet />
				<ServiceAreas areas={business.serviceAreas} />
				<ClosingCta phone={business.phone} />
				<JsonLd data={localBusinessJsonLd(business)} />
			</PublicPage>
		</PlainPageLinks>
	);
}
