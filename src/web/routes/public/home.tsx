import { localBusinessJsonLd } from "../../../shared/local-business.ts";
import { JsonLd } from "../../components/public/json-ld.tsx";
import { PublicPage } from "../../components/public/public-page.tsx";
import { ClosingCta } from "../../features/home/components/closing-cta.tsx";
import { Hero } from "../../features/home/components/hero.tsx";
import { HowItWorks } from "../../features/home/components/how-it-works.tsx";
import { ServiceAreas } from "../../features/home/components/service-areas.tsx";
import { WhatYouGet } from "../../features/home/components/what-you-get.tsx";
import { useBusinessProfile } from "../../features/settings/api.ts";
import type { RouteHandle } from "../../lib/route-handle.ts";
import { pageMeta } from "../../lib/seo.ts";

/** Shows no toast before the visitor interacts: see DeferredToaster in root.tsx. */
export const handle: RouteHandle = { toastsAfterInteraction: true };

export function meta() {
	return pageMeta({
		title: "Buckeye Holiday Lights | Holiday Lighting in Canton, Akron & Cleveland",
		description:
			"Custom holiday light design, professional C9 LED installation, maintenance, takedown and storage for homes and businesses in Canton, Akron and Cleveland, Ohio. Get a free quote.",
		path: "/",
	});
}

export default function Home() {
	const business = useBusinessProfile();
	return (
		<PublicPage>
			<Hero areas={business.serviceAreas} />
			<HowItWorks />
			<WhatYouGet />
			<ServiceAreas areas={business.serviceAreas} />
			<ClosingCta phone={business.phone} />
			<JsonLd data={localBusinessJsonLd(business)} />
		</PublicPage>
	);
}
