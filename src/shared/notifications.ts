import { z } from "./zod.ts";

/**
 * What a person may switch on or off, for push and for e-mail apart. Transactional mail (receipts,
 * password reset, the signed contract, address confirmation) is in none of them: it always goes.
 */
export const NOTIFICATION_CATEGORIES = ["messages", "bills", "schedule", "offers"] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

export const CATEGORY_LABELS = {
	messages: { title: "Messages", hint: "Chat replies and service requests" },
	bills: { title: "Bills", hint: "New bills, reminders before and after the due date" },
	schedule: { title: "Schedule", hint: "Bookings, moved days, install reminders" },
	offers: { title: "Quotes and offers", hint: "Quotes approved or revised, renewals" },
} as const satisfies Record<NotificationCategory, { title: string; hint: string }>;

/** Every push the product sends, and the category whose switch governs it. */
export const PUSH_KINDS = {
	// The customer's
	chat_reply: "messages",
	quote_approved: "offers",
	quote_revised: "offers",
	bill_created: "bills",
	booking_confirmed: "schedule",
	booking_moved: "schedule",
	booking_cancelled: "schedule",
	install_done: "schedule",
	install_reminder: "schedule",
	arrival_window: "schedule",
	takedown_reminder: "schedule",
	bill_due: "bills",
	bill_overdue_7: "bills",
	bill_overdue_14: "bills",
	quote_follow_up: "offers",
	review_request: "offers",
	renewal_offer: "offers",
	renewal_reminder: "offers",
	// The owner's
	new_quote_request: "offers",
	new_chat_message: "messages",
	new_service_request: "messages",
	deposit_paid: "bills",
	booking_needs_new_day: "schedule",
} as const satisfies Record<string, NotificationCategory>;
export type PushKind = keyof typeof PUSH_KINDS;
export const PUSH_KIND_NAMES = Object.keys(PUSH_KINDS) as PushKind[];

/** Each push in words, for the owner's list of what went out. */
export const PUSH_LABELS = {
	chat_reply: "Chat reply",
	quote_approved: "Quote approved",
	quote_revised: "Quote revised",
	bill_created: "New bill",
	booking_confirmed: "Booking confirmed",
	booking_moved: "Booking moved",
	booking_cancelled: "Booking cancelled",
	install_done: "Install done",
	install_reminder: "Install reminder",
	arrival_window: "Arrival window",
	takedown_reminder: "Takedown reminder",
	bill_due: "Bill due in 3 days",
	bill_overdue_7: "Bill overdue 7 days",
	bill_overdue_14: "Bill overdue 14 days",
	quote_follow_up: "Quote follow-up",
	review_request: "Review request",
	renewal_offer: "Renewal offer",
	renewal_reminder: "Renewal reminder",
	new_quote_request: "New quote request",
	new_chat_message: "New chat message",
	new_service_request: "New service request",
	deposit_paid: "Deposit paid",
	booking_needs_new_day: "Booking needs a new day",
} as const satisfies Record<PushKind, string>;

export const PUSH_STATUSES = ["pending", "sent", "failed"] as const;

const switchPair = z.object({ push: z.boolean(), email: z.boolean() });

export const notificationPrefsSchema = z.object({
	categories: z.record(z.enum(NOTIFICATION_CATEGORIES), switchPair),
	/** Where this account's notification e-mail goes (the owner's: the business's address). */
	emailTo: z.string().nullable(),
	/** This account's devices that receive push. */
	devices: z.number().int(),
});
export type NotificationPrefs = z.infer<typeof notificationPrefsSchema>;

/** One category's change: either switch, or both. */
const switchPatch = z
	.object({ push: z.boolean().optional(), email: z.boolean().optional() })
	.strict()
	.optional();
export const notificationPrefsPatchSchema = z
	.object(
		// Typed with the value's own type: checking it against a written-out zod type took the
		// type checker most of a second.
		Object.fromEntries(NOTIFICATION_CATEGORIES.map((c) => [c, switchPatch])) as Record<
			NotificationCategory,
			typeof switchPatch
		>,
	)
	.strict();

/** A browser's push subscription, as `PushSubscription.toJSON()` gives it. */
export const pushSubscriptionSchema = z.object({
	endpoint: z
		.url("Invalid push endpoint")
		.max(1000, "The push endpoint is too long")
		.refine((u) => /^https?:\/\//.test(u), "Invalid push endpoint"),
	keys: z.object({
		p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, "Invalid p256dh key"),
		auth: z.string().regex(/^[A-Za-z0-9_-]{16,24}={0,2}$/, "Invalid auth secret"),
	}),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

export const pushEndpointSchema = z.object({
	endpoint: z.string().min(1, "Endpoint is required").max(1000, "The push endpoint is too long"),
});

/** The conversation a device is showing now (the customer's user id), kept alive by a heartbeat. */
export const chatPresenceSchema = z.object({
	conversation: z.string().min(1).max(100),
	device: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, "Invalid device id"),
	/** False when the conversation was left (or the page hidden). */
	watching: z.boolean(),
});

/** How often an open conversation says it is still open; it counts as closed after two misses. */
export const PRESENCE_HEARTBEAT_MS = 30_000;

/**
 * What a push carries: the title and body the lock screen shows, where a tap goes, and a tag so a
 * newer notice about the same thing replaces the older one. Also readable by Safari's declarative
 * push (`web_push: 8030`). Never a gate code, a card detail or an amount beyond a bill's total.
 */
export interface PushPayload {
	web_push: 8030;
	notification: { title: string; body: string; navigate: string; tag: string };
	kind: PushKind;
}
