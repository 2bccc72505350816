import type { BusinessProfile } from "../../shared/business.ts";
import { DEFAULT_BUSINESS_PROFILE } from "../../shared/business-defaults.ts";
import { BUSINESS_PROFILE_ELEMENT_ID, PRERENDER_PROFILE } from "../../shared/business-slots.ts";
import { cachedResource, useCachedResource } from "./cached-resource.ts";

export { telHref } from "../../shared/business-slots.ts";

/**
 * What the page shows first: while prerendering, the slots the server fills with the saved
 * profile; in the browser, the profile the server filled the page with (so hydration matches),
 * or the default on a page that carries none (the development server).
 */
function initialProfile(): BusinessProfile {
	if (typeof document === "undefined") return PRERENDER_PROFILE;
	const text = document.getElementById(BUSINESS_PROFILE_ELEMENT_ID)?.textContent;
	try {
		return text ? (JSON.parse(text) as BusinessProfile) : DEFAULT_BUSINESS_PROFILE;
	} catch {
		return DEFAULT_BUSINESS_PROFILE;
	}
}

/** Read on every public page: a small cache instead of TanStack Query keeps those pages light. */
const businessProfile = cachedResource("/business", 5 * 60_000, initialProfile());

/**
 * The business's public profile (name, phone, e-mail, areas, hours): the one the page was served
 * with, then the API's answer (decision 016).
 */
export function useBusinessProfile(): BusinessProfile {
	return useCachedResource(businessProfile) ?? DEFAULT_BUSINESS_PROFILE;
}
