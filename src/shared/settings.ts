import { depositPercentSchema } from "./bookings.ts";
import { businessProfileSchema } from "./business.ts";
import { serviceOptionSchema } from "./catalog.ts";
import { groupDigits } from "./money.ts";
import { z } from "./zod.ts";

/** The most any price or fee in Settings may be: $100,000. */
const MAX_SETTING_DOLLARS = 100_000;

/** A price typed in dollars; the server keeps it in cents, rounded to the nearest cent. */
const dollars = (label: string) =>
	z
		// A field left empty is sent without the number.
		.number({
			error: (issue) =>
				issue.input === undefined ? `${label} is required` : `${label} must be a number`,
		})
		.min(0, `${label} cannot be negative`)
		.max(MAX_SETTING_DOLLARS, `${label} cannot be more than $${groupDigits(MAX_SETTING_DOLLARS)}`);

const text = (label: string, max: number) =>
	z
		.string(`${label} is required`)
		.trim()
		.min(1, `${label} is required`)
		.max(max, `${label} must be at most ${max} characters`);

// ---------------------------------------------------------------- business profile and pricing

const businessProfileInputSchema = z.object({
	businessName: text("Business name", 100),
	phone: text("Phone", 40).regex(/\d{3}.*\d{4}/, "Please enter a valid phone number"),
	email: z
		.string("Email is required")
		.trim()
		.max(254)
		.pipe(z.email("Please enter a valid email address")),
	serviceAreas: z
		.array(text("A service area", 80), "Service areas are required")
		.min(1, "Add at least one service area")
		.max(20, "At most 20 service areas"),
	hours: z
		.array(z.object({ days: text("Days", 60), hours: text("Hours", 60) }), "Hours are required")
		.min(1, "Add at least one row of business hours")
		.max(10, "At most 10 rows of business hours"),
	address: text("Address", 200),
});

const pricingSchema = z.object({
	colorFeeCents: z.number().int(),
	planPriceCents: z.number().int(),
	requirePayment: z.boolean(),
});
export type Pricing = z.infer<typeof pricingSchema>;

const pricingInputSchema = z.object({
	colorFeeDollars: dollars("Color change fee"),
	planPriceDollars: dollars("Monthly plan price"),
	requirePayment: z.boolean("Require payment must be true or false"),
	/** Kept as it is when left out. */
	depositPercent: depositPercentSchema.optional(),
});

/** Where a secret comes from; its value never leaves the server, only its last four characters. */
const secretStateSchema = z.object({
	set: z.boolean(),
	/** "…1234", or null when no secret is set. */
	hint: z.string().nullable(),
	/** Set in the server's environment: it wins over Settings and cannot be changed here. */
	fromEnvironment: z.boolean(),
});
export type SecretState = z.infer<typeof secretStateSchema>;

export const SECRET_NAMES = ["secretKey", "webhookSecret"] as const;
export type SecretName = (typeof SECRET_NAMES)[number];

const paymentKeysSchema = z.object({
	/** Without Stripe keys, payments run in the labelled test mode unless the owner switched it off. */
	testMode: z.boolean(),
	publishableKey: z.string().nullable(),
	publishableKeyFromEnvironment: z.boolean(),
	secretKey: secretStateSchema,
	webhookSecret: secretStateSchema,
});

/** Saving an empty or missing secret keeps the stored one; removing is its own operation. */
const paymentKeysInputSchema = z.object({
	testMode: z.boolean("Test mode must be on or off").optional(),
	publishableKey: z
		.string()
		.trim()
		.max(255, "The publishable key is too long")
		.refine((v) => v === "" || /^pk_(test|live)_[A-Za-z0-9]+$/.test(v), {
			message: "The publishable key starts with pk_test_ or pk_live_",
		})
		.optional(),
	secretKey: z
		.string()
		.trim()
		.max(255, "The secret key is too long")
		.refine((v) => v === "" || /^(sk|rk)_(test|live)_[A-Za-z0-9]+$/.test(v), {
			message: "The secret key starts with sk_test_, sk_live_, rk_test_ or rk_live_",
		})
		.optional(),
	webhookSecret: z
		.string()
		.trim()
		.max(255, "The webhook signing secret is too long")
		.refine((v) => v === "" || /^whsec_[A-Za-z0-9]+$/.test(v), {
			message: "The webhook signing secret starts with whsec_",
		})
		.optional(),
});

/** What the owner's Settings page reads. */
export const ownerSettingsSchema = z.object({
	profile: businessProfileSchema,
	/** With Deposit to book (%), which the season calendar applies (decision 027). */
	pricing: pricingSchema.extend({ depositPercent: z.number().int() }),
	payments: paymentKeysSchema,
});
export type OwnerSettings = z.infer<typeof ownerSettingsSchema>;

/** Save Settings: every part is optional, a part sent is saved whole. */
export const settingsUpdateSchema = z.object({
	profile: businessProfileInputSchema.optional(),
	pricing: pricingInputSchema.optional(),
	payments: paymentKeysInputSchema.optional(),
});
export type SettingsUpdate = z.input<typeof settingsUpdateSchema>;

// ---------------------------------------------------------------- service options (catalogue)

const serviceOptionFields = {
	name: text("Name", 100),
	description: text("Description", 1000),
	basePriceDollars: dollars("Base price"),
	hasQuantity: z.boolean("Quantity allowed must be true or false"),
};

export const serviceOptionInputSchema = z.object({
	...serviceOptionFields,
	hasQuantity: serviceOptionFields.hasQuantity.default(false),
});
export type ServiceOptionInput = z.input<typeof serviceOptionInputSchema>;

/** Edit, activate or deactivate: only the fields sent change. */
export const serviceOptionUpdateSchema = z
	.object({ ...serviceOptionFields, isActive: z.boolean("Active must be true or false") })
	.partial()
	.refine((v) => Object.keys(v).length > 0, { message: "Nothing to change" });
export type ServiceOptionUpdate = z.input<typeof serviceOptionUpdateSchema>;

export const serviceOptionListSchema = z.object({ services: z.array(serviceOptionSchema) });

export const serviceOrderSchema = z.object({
	ids: z.array(z.uuid("Unknown service option"), "The new order is required").max(500),
});
