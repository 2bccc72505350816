import { z } from "./zod.ts";

/**
 * What the business sends on its own, on a schedule: each kind is sent at most once per subject
 * (a booking, a bill) and occurrence (the booking's day, the bill's due date).
 */
export const AUTOMATION_KINDS = [
	"install_reminder",
	"takedown_reminder",
	"bill_due",
	"bill_overdue_7",
	"bill_overdue_14",
	"quote_follow_up",
	"review_request",
	"renewal_offer",
	"renewal_reminder",
] as const;
export type AutomationKind = (typeof AUTOMATION_KINDS)[number];

export const AUTOMATION_LABELS = {
	install_reminder: "Install reminder (2 days before, from 10 AM)",
	takedown_reminder: "Takedown reminder (2 days before, from 10 AM)",
	bill_due: "Bill due in 3 days",
	bill_overdue_7: "Bill overdue 7 days",
	bill_overdue_14: "Bill overdue 14 days",
	quote_follow_up: "Quote follow-up (3 and 6 days after a revised quote is sent)",
	review_request: "Review request (2 days after the install)",
	renewal_offer: "Renewal offers (made and sent on the day they open, Settings → Season)",
	renewal_reminder: "Renewal reminder (7 days before an offer expires, once)",
} as const satisfies Record<AutomationKind, string>;

/** The business hours (America/New_York) in which reminders go out: none at night. */
export const REMINDER_HOURS = { from: 10, until: 21 } as const;

const automationSendSchema = z.object({
	/** Unique within its channel. */
	id: z.number().int(),
	/** An automation (AUTOMATION_KINDS) or a push (PUSH_KINDS in shared/notifications.ts). */
	kind: z.string(),
	/** What went, in words. */
	label: z.string(),
	/** The booking's day or the bill's due date; null for a push about something that happened. */
	occurrence: z.string().nullable(),
	customerName: z.string().nullable(),
	/** The e-mail's address, or how many devices took the push. */
	to: z.string().nullable(),
	channel: z.enum(["email", "push"]),
	/** `skipped`: the person switched that e-mail off. */
	status: z.enum(["pending", "sent", "failed", "skipped"]),
	error: z.string().nullable(),
	createdAt: z.string(),
});
export type AutomationSend = z.infer<typeof automationSendSchema>;

export const automationsSchema = z.object({
	switches: z.record(z.enum(AUTOMATION_KINDS), z.boolean()),
	/** The review request's link; none, and no review request goes. */
	reviewUrl: z.string().nullable(),
	recent: z.array(automationSendSchema),
});
export type Automations = z.infer<typeof automationsSchema>;

const AUTOMATION_MESSAGES = {
	reviewUrl: "Enter a web address starting with https://, or leave it empty",
} as const;

/** The review link as typed: a web address, or empty for none (null). */
export const reviewUrlSchema = z
	.string()
	.trim()
	.max(500, AUTOMATION_MESSAGES.reviewUrl)
	.refine(
		(v) => v === "" || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v),
		AUTOMATION_MESSAGES.reviewUrl,
	)
	.transform((v) => (v === "" ? null : v));

/** Settings → Automations' changes: switches (each optional) and the review link. */
export const automationSwitchesSchema = z
	.object({
		...(Object.fromEntries(AUTOMATION_KINDS.map((k) => [k, z.boolean().optional()])) as Record<
			AutomationKind,
			z.ZodOptional<z.ZodBoolean>
		>),
		reviewUrl: reviewUrlSchema.optional(),
	})
	.strict();
