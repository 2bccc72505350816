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
