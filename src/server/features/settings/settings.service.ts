import { eq } from "drizzle-orm";
import type { BusinessProfile } from "../../../shared/business.ts";
import { DEFAULT_BUSINESS_PROFILE, DEFAULT_PRICING } from "../../../shared/business-defaults.ts";
import type { Executor } from "../../db/database.ts";
import { businessSettings } from "../../db/schema.ts";

export async function getBusinessProfile(options: { db: Executor }): Promise<BusinessProfile> {
	const [row] = await options.db
		.select({
			businessName: businessSettings.businessName,
			phone: businessSettings.phone,
			email: businessSettings.email,
			serviceAreas: businessSettings.serviceAreas,
			hours: businessSettings.hours,
			address: businessSettings.address,
		})
		.from(businessSettings)
		.where(eq(businessSettings.id, 1));
	return row ?? DEFAULT_BUSINESS_PROFILE;
}

/** The colour-change fee, the monthly "Plan for Next Year" price and whether colour changes are paid first. */
export async function getPricing(options: { db: Executor }) {
	const [row] = await options.db
		.select({
			colorFeeCents: businessSettings.colorFeeCents,
			planPriceCents: businessSettings.planPriceCents,
			requirePayment: businessSettings.requirePayment,
		})
		.from(businessSettings)
		.where(eq(businessSettings.id, 1));
	return row ?? DEFAULT_PRICING;
}
