import { z } from "./zod.ts";

/**
 * Every `code` an error answer may carry: a client tells failures apart by these, never by the
 * message, which is for people and may change. A new code is added here first.
 */
export const ERROR_CODES = [
	// Accounts and sign-in
	"invalid_credentials",
	"account_throttled",
	"busy",
	"link_invalid",
	"link_expired",
	"already_confirmed",
	"email_not_confirmed",
	"no_login",
	// Uploads
	"missing_file",
	"empty_file",
	"file_too_large",
	"unsupported_file_type",
	"unreadable_image",
	"image_too_large",
	"too_many_photos",
	"daily_upload_limit",
	"upload_quota_reached",
	// Service requests
	"invalid_transition",
	// Payments
	"card_refused",
	"payments_off",
	// The season calendar
	"day_full",
	"day_closed",
	"already_booked",
	"locked",
	// Renewals
	"terms_changed",
	"offer_expired",
	"offer_declined",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The body of every error answer (4xx and 5xx). `issues`: each invalid field of a refused input. */
export const errorBodySchema = z.object({
	error: z.string().meta({ description: "What went wrong, for people" }),
	code: z.enum(ERROR_CODES).optional(),
	issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
	/** With `day_full` and `day_closed`: the next days that can still be booked (YYYY-MM-DD). */
	alternatives: z.array(z.string()).optional(),
});
