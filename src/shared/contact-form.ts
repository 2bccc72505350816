/**
 * The contact form's field limits, apart from its schema (leads.ts, which builds on them) so the
 * page can tell the browser about its fields without loading zod (decisions 006, 018). A test
 * reads the schema's own limits and checks them against these.
 */
export const CONTACT_FORM_CONSTRAINTS = {
	fullName: { required: true, maxLength: 100 },
	email: { required: true, maxLength: 254 },
	phone: { maxLength: 40 },
	city: { maxLength: 100 },
	message: { maxLength: 5000 },
} as const;
