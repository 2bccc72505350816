import { CONTACT_FORM_CONSTRAINTS as LIMITS } from "./contact-form.ts";
import { tooLong, z } from "./zod.ts";

export const CONTACT_MESSAGES = {
	fullName: "Full name must be at least 2 characters",
	email: "Please enter a valid email address",
	failed: "Error sending message",
	failedDetail: "Please try again or contact us directly.",
	sent: "Message sent successfully!",
	sentDetail: "We'll get back to you within 24 hours.",
} as const;

/** Empty optional values are stored as null. */
const optional = (max: number, field: string) =>
	z
		.string()
		.trim()
		.max(max, tooLong(field, max))
		.nullish()
		.transform((v) => (v ? v : null));

export const contactSchema = z.strictObject({
	fullName: z
		.string(CONTACT_MESSAGES.fullName)
		.trim()
		.min(2, CONTACT_MESSAGES.fullName)
		.max(LIMITS.fullName.maxLength, tooLong("Full name", LIMITS.fullName.maxLength)),
	email: z
		.string(CONTACT_MESSAGES.email)
		.trim()
		.max(LIMITS.email.maxLength)
		.pipe(z.email(CONTACT_MESSAGES.email)),
	phone: optional(LIMITS.phone.maxLength, "Phone"),
	city: optional(LIMITS.city.maxLength, "City"),
	message: optional(LIMITS.message.maxLength, "Message"),
	/** Honeypot: people never see or fill it. */
	website: z.string().max(500).nullish(),
});
export type ContactInput = z.input<typeof contactSchema>;
