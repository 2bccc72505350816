import { describe, expect, it } from "vitest";
import { DEFAULT_BUSINESS_PROFILE } from "./business-defaults.ts";
import { BUSINESS_SLOTS, fillBusinessSlots, PRERENDER_PROFILE, telHref } from "./business-slots.ts";
import { localBusinessJsonLd } from "./local-business.ts";

const PAGE = `<html><head><title>t</title><script type="application/ld+json">${JSON.stringify(localBusinessJsonLd(PRERENDER_PROFILE))}</script></head><body><a href="${BUSINESS_SLOTS.tel}">${BUSINESS_SLOTS.phone}</a><a href="mailto:${BUSINESS_SLOTS.email}">${BUSINESS_SLOTS.email}</a><p title="${BUSINESS_SLOTS.businessName}">${BUSINESS_SLOTS.businessName}, ${BUSINESS_SLOTS.address}</p></body></html>`;

describe("fillBusinessSlots", () => {
	it("puts the saved profile in every slot, the structured data and the hydration data", () => {
		const profile = {
			...DEFAULT_BUSINESS_PROFILE,
			businessName: `Tom & Jerry's "<Lights>" $' $&`,
			phone: "330.555.0100",
			serviceAreas: ["Kent, OH"],
		};
		const html = fillBusinessSlots(PAGE, profile);
		expect(html).not.toContain("⟦");
		expect(html).toContain('href="tel:+13305550100">330.555.0100</a>');
		expect(html).toContain(
			"Tom &amp; Jerry&#x27;s &quot;&lt;Lights&gt;&quot; $&#x27; $&amp;, Canton, OH",
		);
		expect(html).not.toContain("<Lights>");
		const ld = JSON.parse(html.match(/ld\+json">(.*?)<\/script>/)![1]!);
		expect(ld.name).toBe(profile.businessName);
		expect(ld.areaServed).toEqual([{ "@type": "City", name: "Kent, OH" }]);
		const hydration = JSON.parse(html.match(/id="business-profile">(.*?)<\/script>/)![1]!);
		// The page's lists were built with the defaults: it hydrates with them, then reads the API.
		expect(hydration).toEqual({ ...profile, serviceAreas: DEFAULT_BUSINESS_PROFILE.serviceAreas });
		expect(html.match(/<\/script>/g)).toHaveLength(2);
	});

	it("makes call links of US numbers", () => {
		expect(telHref("(330) 555-0142")).toBe("tel:+13305550142");
		expect(telHref("+1 330 555 0142")).toBe("tel:+13305550142");
		expect(telHref(PRERENDER_PROFILE.phone)).toBe(BUSINESS_SLOTS.tel);
	});
});
