import type { BusinessProfile } from "../../shared/business.ts";
import { DEFAULT_BUSINESS_PROFILE } from "../../shared/business-defaults.ts";
import { cachedResource, useCachedResource } from "./cached-resource.ts";

/** Read on every public page: a small cache instead of TanStack Query keeps those pages light. */
export const businessProfile = cachedResource("/business", 5 * 60_000, DEFAULT_BUSINESS_PROFILE);

/**
 * The business's public profile (name, phone, e-mail, areas, hours). Until the API answers,
 * and in the prerendered HTML, it is the default profile, so pages always have something to show.
 */
export function useBusinessProfile(): BusinessProfile {
	return useCachedResource(businessProfile) ?? DEFAULT_BUSINESS_PROFILE;
}

/** "(330) 555-0142" -> "tel:+13305550142" (US numbers), for call links. */
export function telHref(phone: string): string {
	const digits = phone.replace(/[^0-9+]/g, "");
	if (digits.startsWith("+")) return `tel:${digits}`;
	return `tel:${digits.length === 10 ? `+1${digits}` : digits}`;
}
