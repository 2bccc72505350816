import { tooLong, z } from "./zod.ts";

/** SPEC section 5 and 8 texts, shared by the forms and the server. */
export const AUTH_MESSAGES = {
	fillAllFields: "Please fill in all fields",
	passwordTooShort: "Password must be at least 6 characters",
	enterEmail: "Please enter your email address",
	passwordsDoNotMatch: "Passwords do not match",
	invalidResetSession: "Invalid reset session",
	invalidResetLink: "Invalid reset link",
	invalidCredentials: "Invalid email or password",
	emailTaken: "An account with this email already exists",
	invalidEmail: "Please enter a valid email address",
	ownerInviteRequired:
		"This business already has an owner. Ask the owner for an invitation code to join as a Business Owner.",
	invalidInvite: "This invitation code is not valid. It may have been used or have expired.",
	crewInviteRequired: "Crew accounts are made from an invitation: ask the business owner for one.",
	noWebAddress: "Please leave web addresses out of your name",
} as const;

/** The e-mail confirmation's texts, shared by the server's answers and the pages. */
export const CONFIRM_MESSAGES = {
	confirmFirst: "Please confirm your e-mail address first: we sent you a link.",
	alreadyConfirmed: "Your e-mail address is already confirmed.",
	linkSent: "We sent you a new link. Please check your e-mail.",
	tooManyLinks: "We already sent you a few links. Please check your e-mail or try again later.",
	invalidLink: "This confirmation link is not valid. Please ask for a new one.",
	expiredLink: "This confirmation link has expired. Please ask for a new one.",
} as const;

/** How long a confirmation link works. */
export const CONFIRM_LINK_HOURS = 24;

/**
 * Whether a name carries a web address: a scheme ("://"), "www.", an address of digits
 * (1.2.3.4) or anything shaped like a domain (word.tld). Full-width dots and the like count as
 * dots (NFKC), as mail programs may turn them into links too. "J.R. Smith" and "St. Clair" pass;
 * "St.Clair" reads as a domain, and a space after the dot is all it takes.
 */
function hasWebAddress(name: string): boolean {
	const text = name
		.normalize("NFKC")
		.replace(/[\u3002\uff61]/g, ".")
		.toLowerCase();
	return (
		text.includes("://") ||
		text.includes("www.") ||
		/\d{1,3}(\.\d{1,3}){3}/.test(text) ||
		// One character before the dot is enough to tell, and keeps the search linear in the
		// length of the text (a run of letters before a dot would be tried from every start).
		/[\p{L}\p{N}-]\.(xn--[a-z0-9-]+|\p{L}{2,})(?![\p{L}\p{N}])/u.test(text)
	);
}

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;

const required = (message: string) => ({ error: message });

const email = (missing: string) =>
	z
		.string(required(missing))
		.trim()
		.min(1, missing)
		.max(254, tooLong("Email", 254))
		.pipe(z.email(AUTH_MESSAGES.invalidEmail))
		.transform((v) => v.toLowerCase());

/**
 * What an account may do (granted, never self-selected): a crew member is invited by an owner and
 * sees the days' stops only.
 */
export const ROLES = ["customer", "owner", "crew"] as const;
export type Role = (typeof ROLES)[number];

/** The areas an owner may look at (a customer and a crew member each have their own). */
export const VIEWS = ["customer", "owner"] as const;
export type View = (typeof VIEWS)[number];

/** What an invitation grants. */
export const INVITE_ROLES = ["owner", "crew"] as const;
export type InviteRole = (typeof INVITE_ROLES)[number];

/** Who writes in a conversation: the customer or the business. */
export const CHAT_ROLES = ["customer", "owner"] as const;
export type ChatRole = (typeof CHAT_ROLES)[number];

/** An account becomes active once its first quote is approved (or an owner activates it). */
export const ACCOUNT_STATUSES = ["active", "inactive"] as const;

export const signInSchema = z.strictObject({
	email: email(AUTH_MESSAGES.fillAllFields),
	password: z
		.string(required(AUTH_MESSAGES.fillAllFields))
		.min(1, AUTH_MESSAGES.fillAllFields)
		.max(PASSWORD_MAX, tooLong("Password", PASSWORD_MAX)),
	rememberMe: z.boolean().optional(),
});
export type SignInInput = z.input<typeof signInSchema>;

export const signUpSchema = z.strictObject({
	displayName: z
		.string()
		.trim()
		.max(100, tooLong("Display name", 100))
		// A name already too long gets that message alone.
		.refine((v) => v.length > 100 || !hasWebAddress(v), AUTH_MESSAGES.noWebAddress)
		.optional(),
	email: email(AUTH_MESSAGES.fillAllFields),
	password: z
		.string(required(AUTH_MESSAGES.fillAllFields))
		.min(1, AUTH_MESSAGES.fillAllFields)
		.min(PASSWORD_MIN, AUTH_MESSAGES.passwordTooShort)
		.max(PASSWORD_MAX, tooLong("Password", PASSWORD_MAX)),
	role: z.enum(ROLES, AUTH_MESSAGES.fillAllFields),
	inviteCode: z.string().trim().max(64, tooLong("Invitation code", 64)).optional(),
});
export type SignUpInput = z.input<typeof signUpSchema>;

export const forgotPasswordSchema = z.strictObject({
	email: email(AUTH_MESSAGES.enterEmail),
	redirectTo: z.string().max(2000).optional(),
});

export const resetPasswordSchema = z.strictObject({
	token: z
		.string(required(AUTH_MESSAGES.invalidResetLink))
		.min(1, AUTH_MESSAGES.invalidResetLink)
		.max(200),
	newPassword: z
		.string(required(AUTH_MESSAGES.fillAllFields))
		.min(1, AUTH_MESSAGES.fillAllFields)
		.min(PASSWORD_MIN, AUTH_MESSAGES.passwordTooShort)
		.max(PASSWORD_MAX, tooLong("Password", PASSWORD_MAX)),
});

/** The reset page's form: both fields, the same length rule, and they must match. */
export const resetPasswordFormSchema = z
	.object({
		password: z
			.string()
			.min(1, AUTH_MESSAGES.fillAllFields)
			.min(PASSWORD_MIN, AUTH_MESSAGES.passwordTooShort),
		confirmPassword: z.string().min(1, AUTH_MESSAGES.fillAllFields),
	})
	.refine((v) => v.password === v.confirmPassword, {
		message: AUTH_MESSAGES.passwordsDoNotMatch,
		path: ["confirmPassword"],
	});

export const viewSchema = z.strictObject({ view: z.enum(VIEWS) });

/** Edit profile: the display name and phone a signed-in account keeps about itself. */
export const profileUpdateSchema = z.strictObject({
	displayName: z
		.string("Display name is required")
		.trim()
		.min(1, "Display name is required")
		.max(100, "Display name must be at most 100 characters")
		.refine((v) => v.length > 100 || !hasWebAddress(v), AUTH_MESSAGES.noWebAddress),
	phone: z
		.string()
		.trim()
		.max(40, "Phone must be at most 40 characters")
		.refine((v) => v === "" || /\d{3}.*\d{4}/.test(v), "Please enter a valid phone number")
		.nullish()
		.transform((v) => v || null),
});
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

export const createInviteSchema = z.strictObject({
	email: z.string().trim().max(254).pipe(z.email(AUTH_MESSAGES.invalidEmail)).optional(),
});

/** The e-mail a crew invitation goes to (always e-mailed: the crew member signs up with it). */
export const crewInviteSchema = z.strictObject({
	email: z
		.string(AUTH_MESSAGES.enterEmail)
		.trim()
		.min(1, AUTH_MESSAGES.enterEmail)
		.max(254, tooLong("Email", 254))
		.pipe(z.email(AUTH_MESSAGES.invalidEmail))
		.transform((v) => v.toLowerCase()),
});

export const meSchema = z.object({
	user: z
		.object({
			id: z.string(),
			email: z.string(),
			displayName: z.string(),
			phone: z.string().nullable(),
			role: z.enum(ROLES),
			view: z.enum(VIEWS),
			accountStatus: z.enum(ACCOUNT_STATUSES),
			/** Whether the account's e-mail address is confirmed (by its link or its invitation). */
			emailVerified: z.boolean(),
		})
		.nullable(),
	/**
	 * With a user: the server's clock when it answered, in milliseconds since 1970. The page's
	 * live stream opens with the changes made since it loaded (GET /api/live?since=).
	 */
	at: z.number().int().optional(),
});
type Me = z.infer<typeof meSchema>;
export type SessionUser = NonNullable<Me["user"]>;

export const inviteSchema = z.object({
	code: z.string(),
	url: z.string(),
	expiresAt: z.string(),
});

/** Settings → Crew: who is on the crew, and the invitations not yet used. */
export const crewListSchema = z.object({
	members: z.array(
		z.object({ userId: z.string(), name: z.string(), email: z.string(), joinedAt: z.string() }),
	),
	invites: z.array(z.object({ id: z.uuid(), email: z.string(), expiresAt: z.string() })),
});
