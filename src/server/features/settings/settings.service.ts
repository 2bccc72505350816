import { eq } from "drizzle-orm";
import type { BusinessProfile } from "../../../shared/business.ts";
import { DEFAULT_BUSINESS_PROFILE } from "../../../shared/business.ts";
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
