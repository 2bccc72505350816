import { useQuery } from "@tanstack/react-query";
import type { BusinessProfile } from "../../../shared/business.ts";
import { DEFAULT_BUSINESS_PROFILE } from "../../../shared/business-defaults.ts";
import { api } from "../../lib/api-client.ts";

export const businessProfileQueryKey = ["business-profile"] as const;

/**
 * The business's public profile (name, phone, e-mail, areas, hours). Until the API answers,
 * and in the prerendered HTML, it is the default profile, so pages always have something to show.
 */
export function useBusinessProfile(): BusinessProfile {
	const { data } = useQuery({
		queryKey: businessProfileQueryKey,
		queryFn: () => api<BusinessProfile>("/api/business"),
		placeholderData: DEFAULT_BUSINESS_PROFILE,
		staleTime: 5 * 60_000,
	});
	return data ?? DEFAULT_BUSINESS_PROFILE;
}

/** "(330) 555-0142" -> "tel:+13305550142" (US numbers), for call links. */
export function telHref(phone: string): string {
	const digits = phone.replace(/[^0-9+]/g, "");
	if (digits.startsWith("+")) return `tel:${digits}`;
	return `tel:${digits.length === 10 ? `+1${digits}` : digits}`;
}
