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
	/** The e-mail address and phone shown as text, with their line-break points (contactMarkup). */
	emailText: "⟦emailText⟧",
	phoneText: "⟦phoneText⟧",
} as const;

/**
 * An e-mail address in the pieces a line may break between: after the "@" and before each dot,
 * never inside a name (the pieces are joined with <wbr>).
 */
export function emailPieces(email: string): string[] {
	return email.split(/(?<=@)|(?=\.)/).filter(Boolean);
}

/** A phone number's groups: a line may break between them, never inside one ("555-0142"). */
export function phoneGroups(phone: string): string[] {
	return phone.trim().split(/\s+/).filter(Boolean);
}

/** The class that keeps a phone number's group on one line. */
export const PHONE_GROUP_CLASS = "whitespace-nowrap";

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

const SLOT_PATTERN = /⟦(businessName|phone|email|address|tel|emailText|phoneText)⟧/g;

/**
 * The markup EmailText and PhoneText (web/components/contact-text.tsx) render inside their span
 * for a value, for the server to fill their slots with: the page then hydrates as it was sent.
 */
export function contactMarkup(kind: "email" | "phone", value: string): string {
	return kind === "email"
		? emailPieces(value).map(escapeHtml).join("<wbr/>")
		: phoneGroups(value)
				.map((group) => `<span class="${PHONE_GROUP_CLASS}">${escapeHtml(group)}</span>`)
				.join(" ");
}
const JSON_LD_PATTERN = /(<script type="application\/ld\+json">)[\s\S]*?(<\/script>)/g;

/** A prerendered page with `profile` in its slots, structured data and hydration data. */
export function fillBusinessSlots(html: string, profile: BusinessProfile): string {
	const values: Record<string, string> = {
		businessName: escapeHtml(profile.businessName),
		phone: escapeHtml(profile.phone),
		email: escapeHtml(profile.email),
		address: escapeHtml(profile.address),
		tel: escapeHtml(telHref(profile.phone)),
		emailText: contactMarkup("email", profile.email),
		phoneText: contactMarkup("phone", profile.phone),
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
		.replace(SLOT_PATTERN, (_, name: string) => values[name] ?? "")
		.replace(
			"</head>",
			() =>
				`<script type="application/json" id="${BUSINESS_PROFILE_ELEMENT_ID}">${scriptJson(hydration)}</script></head>`,
		);
}
