import { z } from "./zod.ts";

/** A service of the catalogue, priced in cents. */
export const serviceOptionSchema = z.object({
	id: z.uuid(),
	name: z.string(),
	description: z.string(),
	basePriceCents: z.number().int(),
	hasQuantity: z.boolean(),
	isActive: z.boolean(),
	sortOrder: z.number().int(),
});
export type ServiceOption = z.infer<typeof serviceOptionSchema>;
