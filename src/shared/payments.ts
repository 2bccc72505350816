// No imports on purpose: enumerations only, light enough for any page.

/** Who processed a card payment: Stripe, or the built-in test mode. */
export const PAYMENT_PROVIDERS = ["stripe", "test"] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

export const PAYMENT_STATUSES = ["pending", "succeeded", "failed"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
