import type { BusinessProfile } from "./business.ts";
import { DEFAULT_BUSINESS_PROFILE } from "./business-defaults.ts";
import { localBusinessJsonLd } from "./local-business.ts";

/**
 * How the prerendered public pages show the business profile saved in Settings without a rebuild
 * (decision 016). The build renders the profile's text fields as these slots; the server fills
 * them with the saved values on every page it sends (features/web), rewrites the structured data,
 * and puts the profile it filled in into the page, so the page hydrates against the same values.
 * The lists (service areas, hours) are built with the defaults and follow the saved ones once
 * the page has read /api/business.
 */
export const BUSINESS_SLOTS = {
	businessName: "⟦businessName⟧",
	phone: "⟦phone⟧",
	email: "⟦email⟧",
	address: "⟦address⟧",
	/** The phone's tel: link (see telHref). */
	tel: "⟦tel⟧",
} as const;

/** The profile the build renders with: slots for the text fields, the default lists. */
export const PRERENDER_PROFILE: BusinessProfile = {
	...DEFAULT_BUSINESS_PROFILE,
	businessName: BUSINESS_SLOTS.businessName,
	phone: BUSINESS_SLOTS.phone,
	email: BUSINESS_SLOTS.email,
	address: BUSINESS_SLOTS.address,
};

/** The id of the JSON the server puts into each page: the profile the page was filled with. */
export const BUSINESS_PROFILE_ELEMENT_ID = "business-profile";

/** "(330) 555-0142" -> "tel:+13305550142" (US numbers), for call links. */
export function telHref(phone: string): string {
	if (phone === BUSINESS_SLOTS.phone) return BUSINESS_SLOTS.tel;
	const digits = phone.replace(/[^0-9+]/g, "");
	if (digits.startsWith("+")) return `tel:${digits}`;
	return `tel:${digits.length === 10 ? `+1${digits}` : digits}`;
}

const HTML_ESCAPES: Record<string, string> = {
	"&": "&amp;",
	"<": "&lt;",
	">": "&gt;",
	'"': "&quot;",
	"'": "&#x27;",
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
/** JSON inside a script element: `<` escaped so it can never close the tag. */
const scriptJson = (data: unknown) => JSON.stringify(data).replace(/</g, "\\u003c");

const SLOT_PATTERN = /⟦(businessName|phone|email|address|tel)⟧/g;
const JSON_LD_PATTERN = /(<script type="application\/ld\+json">)[\s\S]*?(<\/script>)/g;

/** A prerendered page with `profile` in its slots, structured data and hydration data. */
export function fillBusinessSlots(html: string, profile: BusinessProfile): string {
	const values: Record<string, string> = {
		businessName: profile.businessName,
		phone: profile.phone,
		email: profile.email,
		address: profile.address,
		tel: telHref(profile.phone),
	};
	const hydration: BusinessProfile = {
		...profile,
		serviceAreas: DEFAULT_BUSINESS_PROFILE.serviceAreas,
		hours: DEFAULT_BUSINESS_PROFILE.hours,
	};
	return html
		.replace(
			JSON_LD_PATTERN,
			(_, open, close) => open + scriptJson(localBusinessJsonLd(profile)) + close,
		)
		.replace(SLOT_PATTERN, (_, name: string) => escapeHtml(values[name] ?? ""))
		.replace(
			"</head>",
			() =>
				`<script type="application/json" id="${BUSINESS_PROFILE_ELEMENT_ID}">${scriptJson(hydration)}</script></head>`,
		);
}
