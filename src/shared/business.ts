import { z } from "./zod.ts";

/** The public face of the business: name, contact details, areas and hours. */
export const businessProfileSchema = z.object({
	businessName: z.string(),
	phone: z.string(),
	email: z.string(),
	serviceAreas: z.array(z.string()),
	hours: z.array(z.object({ days: z.string(), hours: z.string() })),
	address: z.string(),
});
export type BusinessProfile = z.infer<typeof businessProfileSchema>;

/** Kept in its own module so pages can use the defaults without loading zod. */
export { DEFAULT_BUSINESS_PROFILE } from "./business-defaults.ts";
