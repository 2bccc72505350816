import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { createEmailVerificationToken } from "better-auth/api";
import { eq } from "drizzle-orm";
import { CONFIRM_LINK_HOURS, PASSWORD_MAX, PASSWORD_MIN } from "../../../shared/auth.ts";
import type { Database } from "../../db/database.ts";
import { accounts, profiles, rateLimits, sessions, users, verifications } from "../../db/schema.ts";
import type { Env } from "../../env.ts";
import type { EventBus } from "../../lib/events.ts";
import type { Logger } from "../../lib/logger.ts";
import { ownOrigins } from "../../lib/origins.ts";
import type { Mailer } from "../email/email.service.ts";
import { emailConfirmationEmail, passwordResetEmail, recipientName } from "../email/templates.ts";
import { getBusinessProfile } from "../settings/settings.service.ts";
import type { HashPool } from "./hash-pool.ts";
import { passwordHasher, type ScryptCost } from "./password-hash.ts";
import { hashedSessionTokens } from "./session-token.ts";
import { clearSignInFailures, passwordResetAccounts } from "./sign-in-failures.ts";

/**
 * A session lasts 30 days from sign-in, however much it is used: its end is fixed when it is made
 * and checked on every request (a stolen cookie is not good forever).
 */
export const SESSION_EXPIRES_IN = 60 * 60 * 24 * 30;

/**
 * Queues the e-mail with a link that confirms `email`. The token is better-auth's own: signed with
 * the auth secret (kept outside the database), naming the address and its expiry, and nothing of it
 * is stored, so a copy of the database holds no usable link. The link opens the confirmation page,
 * which sends the token to GET /api/auth/verify-email.
 */
export async function sendConfirmationEmail(options: {
	db: Database;
	env: Env;
	mailer: Mailer;
	secret: string;
	email: string;
}) {
	const { db, env, mailer, email } = options;
	const token = await createEmailVerificationToken(
		options.secret,
		email,
		undefined,
		CONFIRM_LINK_HOURS * 60 * 60,
	);
	const business = await getBusinessProfile({ db });
	await mailer.enqueue(
		emailConfirmationEmail({
			to: email,
			url: `${env.APP_URL}/auth/confirm-email?token=${encodeURIComponent(token)}`,
			hours: CONFIRM_LINK_HOURS,
			business,
		}),
	);
}

/** Set by the app from the connection (or the trusted proxy); never taken from the client. */
export const CLIENT_IP_HEADER = "x-client-ip";

export function createAuth(options: {
	db: Database;
	env: Env;
	secret: string;
	mailer: Mailer;
	events: EventBus;
	logger: Logger;
	passwordHashCost?: ScryptCost;
	/** The threads that hash passwords (hash-pool.ts). */
	hashPool: HashPool;
}) {
	const { db, env, mailer, events } = options;
	return betterAuth({
		appName: "Buckeye Holiday Lights",
		baseURL: env.APP_URL,
		basePath: "/api/auth",
		secret: options.secret,
		// The site's own address, and whatever host this request came in on (same-origin).
		trustedOrigins: (request) =>
			request ? ownOrigins(env, request.url, (name) => request.headers.get(name)) : [env.APP_URL],
		// Session tokens are kept as SHA-256 hashes, so a database copy holds no usable cookie.
		database: hashedSessionTokens(
			drizzleAdapter(db, {
				provider: "pg",
				usePlural: true,
				schema: { users, sessions, accounts, verifications, rateLimits },
			}),
		),
		emailAndPassword: {
			enabled: true,
			minPasswordLength: PASSWORD_MIN,
			maxPasswordLength: PASSWORD_MAX,
			autoSignIn: true,
			resetPasswordTokenExpiresIn: 60 * 60,
			revokeSessionsOnPasswordReset: true,
			password: passwordHasher(options.passwordHashCost, options.hashPool),
			async sendResetPassword({ user, token }) {
				const business = await getBusinessProfile({ db });
				const url = `${env.APP_URL}/auth/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(user.email)}`;
				// An unconfirmed address is greeted without the name typed at sign-up.
				await mailer.enqueue(
					passwordResetEmail({ to: user.email, name: recipientName(user), url, business }),
				);
			},
			/**
			 * A new password ends every link that could set one: the account's other reset links and
			 * its set-your-password link (better-auth deletes only the one used). Their identifiers
			 * are hashed, so they are found by what they hold, the account's id; no other
			 * verification row the product makes holds one. And the e-mailed link always gets the
			 * holder back in: a new password clears the wrong ones counted against the account.
			 */
			async onPasswordReset({ user }, request) {
				await db.delete(verifications).where(eq(verifications.value, user.id));
				await clearSignInFailures({ db, email: user.email });
				if (request) passwordResetAccounts.set(request, user.email);
				// The reset link came to the address, which proves it: a website customer setting
				// their first password from the e-mailed link confirms it so.
				if (user.emailVerified) return;
				await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
				await events.publish(db, { kind: "profile.changed", userId: user.id });
			},
		},
		// Sign-up (auth.service.ts) sends the link; GET /verify-email (auth.handler.ts) checks it.
		emailVerification: {
			sendOnSignUp: false,
			autoSignInAfterVerification: false,
			expiresIn: CONFIRM_LINK_HOURS * 60 * 60,
			async sendVerificationEmail({ user }) {
				await sendConfirmationEmail({ db, env, mailer, secret: options.secret, email: user.email });
			},
			// Signed-in pages and every instance's session answers learn of it at once.
			async afterEmailVerification(user) {
				await events.publish(db, { kind: "profile.changed", userId: user.id });
			},
		},
		// Reset tokens are kept as SHA-256 hashes, so a database copy holds no usable link.
		verification: { storeIdentifier: "hashed" },
		session: { expiresIn: SESSION_EXPIRES_IN, disableSessionRefresh: true },
		rateLimit: {
			enabled: true,
			storage: "database",
			window: 60,
			max: 100,
			customRules: {
				"/sign-in/email": { window: 60, max: 10 },
				"/request-password-reset": { window: 60, max: 5 },
				"/reset-password": { window: 60, max: 10 },
			},
		},
		advanced: {
			ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
			useSecureCookies: env.APP_URL.startsWith("https://"),
			defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
		},
		// Sign-up goes through /api/account/sign-up, which grants roles; the raw endpoint is closed
		// here too, though only the endpoints in auth.handler.ts are mounted at all.
		disabledPaths: ["/sign-up/email"],
		databaseHooks: {
			// Sign-out, a password reset and revoked sessions: every instance forgets them at once.
			session: {
				delete: {
					async after(session) {
						await events.publish(db, { kind: "session.ended", userId: session.userId });
					},
				},
			},
			user: {
				create: {
					async after(user) {
						await db
							.insert(profiles)
							.values({ userId: user.id, displayName: user.name || user.email.split("@")[0]! })
							.onConflictDoNothing();
					},
				},
			},
		},
		logger: {
			log(level, message, ...args) {
				options.logger[level]({ args }, `auth: ${message}`);
			},
		},
		telemetry: { enabled: false },
	});
}

export type Auth = ReturnType<typeof createAuth>;
