import type { BusinessProfile } from "./business.ts";

/** Used until the settings load, and by prerendered pages; matches the database defaults. */
export const DEFAULT_BUSINESS_PROFILE: BusinessProfile = {
	businessName: "Buckeye Holiday Lights",
	phone: "(330) 555-0142",
	email: "hello@buckeyeholidaylights.com",
	serviceAreas: ["Canton, OH", "Akron, OH", "Cleveland, OH"],
	hours: [
		{ days: "Monday - Friday", hours: "8:00 AM - 6:00 PM" },
		{ days: "Saturday", hours: "9:00 AM - 4:00 PM" },
		{ days: "Sunday", hours: "Closed" },
	],
	address: "Canton, OH",
};

/** Pricing settings until the owner changes them (cents); matches the database defaults. */
export const DEFAULT_PRICING = {
	colorFeeCents: 1999,
	planPriceCents: 2999,
	requirePayment: true,
};
