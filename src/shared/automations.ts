import { z } from "zod";

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
] as const;
export type AutomationKind = (typeof AUTOMATION_KINDS)[number];

export const AUTOMATION_LABELS = {
	install_reminder: "Install reminder (2 days before, from 10 AM)",
	takedown_reminder: "Takedown reminder (2 days before, from 10 AM)",
	bill_due: "Bill due in 3 days",
	bill_overdue_7: "Bill overdue 7 days",
	bill_overdue_14: "Bill overdue 14 days",
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
	recent: z.array(automationSendSchema),
});
export type Automations = z.infer<typeof automationsSchema>;

export const automationSwitchesSchema = z
	.object(
		Object.fromEntries(AUTOMATION_KINDS.map((k) => [k, z.boolean().optional()])) as Record<
			AutomationKind,
			z.ZodOptional<z.ZodBoolean>
		>,
	)
	.strict();
