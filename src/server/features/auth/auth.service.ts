import { createHash, randomInt } from "node:crypto";
import { APIError } from "better-auth/api";
import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
import {
	AUTH_MESSAGES,
	CONFIRM_MESSAGES,
	type InviteRole,
	type Role,
	type View,
} from "../../../shared/auth.ts";
import type { Deps } from "../../app-env.ts";
import type { Database } from "../../db/database.ts";
import { customers, ownerInvites, profiles, users } from "../../db/schema.ts";
import { type Actor, assertOwner } from "../../lib/actor.ts";
import { AppError, conflict, forbidden, tooManyRequests, unauthorized } from "../../lib/errors.ts";
import { hitRateLimit } from "../../lib/rate-limit.ts";
import { CONFIRMATION_EMAIL_LIMIT } from "../../lib/rate-limit-rules.ts";
import { ownerInviteEmail } from "../email/templates.ts";
import { getBusinessProfile } from "../settings/settings.service.ts";
import { sendConfirmationEmail } from "./auth.ts";

const OWNER_GRANT_LOCK = 7_283_001;
export const INVITE_DAYS = 7;
const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
/** 28 characters of 32: 140 bits, beyond guessing however many tries the limits allow. */
const INVITE_CODE_LENGTH = 28;

const normalizeCode = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, "");
export const hashInviteCode = (code: string) =>
	createHash("sha256").update(normalizeCode(code)).digest("hex");

/**
 * Creates a login and its profile. Owner capability is granted only to the first owner of a
 * fresh install, or with an unused invite; otherwise nothing is created. The first owner's address
 * and one an invite was e-mailed to count as confirmed; every other new account is sent a link.
 */
export async function signUpAccount(options: {
	deps: Deps;
	input: { email: string; password: string; displayName?: string; role: Role; inviteCode?: string };
	headers: Headers;
}) {
	const { deps, input } = options;
	if (input.role === "owner") await checkOwnerGrant(deps.db, input.email, input.inviteCode);
	if (input.role === "crew") await checkCrewGrant(deps.db, input.email, input.inviteCode);

	let result: Awaited<ReturnType<typeof signUpEmail>>;
	const signUpEmail = () =>
		deps.auth.api.signUpEmail({
			body: {
				email: input.email,
				password: input.password,
				name: input.displayName || input.email.split("@")[0]!,
			},
			headers: options.headers,
			returnHeaders: true,
		});
	try {
		result = await signUpEmail();
	} catch (error) {
		throw toAppError(error);
	}
	const userId = result.response.user.id;
	let confirmed = false;
	if (input.role !== "customer") {
		try {
			confirmed =
				input.role === "owner"
					? await grantOwner(deps, userId, input.email, input.inviteCode)
					: await grantCrew(deps, userId, input.email, input.inviteCode!);
		} catch (error) {
			// Lost a race for the first-owner place or the invite: leave no account behind.
			await deps.db.delete(users).where(eq(users.id, userId));
			throw error;
		}
	}
	if (!confirmed) {
		// The account exists and is signed in: a mail that cannot be queued now is asked for again
		// from the app ("Send the link again"), not a failed sign-up.
		await sendConfirmationEmail({
			db: deps.db,
			env: deps.env,
			mailer: deps.mailer,
			secret: deps.auth.options.secret as string,
			email: result.response.user.email,
		}).catch((error) =>
			deps.logger.error({ err: error, userId }, "could not queue the confirmation e-mail"),
		);
	}
	return { headers: result.headers, userId };
}

/**
 * E-mails a signed-in account a new confirmation link, a few an hour at most (each one counted
 * against the account in `request_limits`, across instances). Refused once the address is confirmed.
 */
export async function resendConfirmation(options: { deps: Deps; actor: Actor }) {
	const { deps, actor } = options;
	const [user] = await deps.db
		.select({ email: users.email, emailVerified: users.emailVerified })
		.from(users)
		.where(eq(users.id, actor.id));
	if (!user) throw unauthorized();
	if (user.emailVerified) throw conflict(CONFIRM_MESSAGES.alreadyConfirmed, "already_confirmed");
	const { count } = await hitRateLimit({
		db: deps.db,
		key: `confirmationEmail:${actor.id}`,
		windowMs: CONFIRMATION_EMAIL_LIMIT.windowMs,
	});
	if (count > CONFIRMATION_EMAIL_LIMIT.max) throw tooManyRequests(CONFIRM_MESSAGES.tooManyLinks);
	await sendConfirmationEmail({
		db: deps.db,
		env: deps.env,
		mailer: deps.mailer,
		secret: deps.auth.options.secret as string,
		email: user.email,
	});
	return { message: CONFIRM_MESSAGES.linkSent };
}

/** Fails early, before anything is written, when the owner grant would be refused. */
async function checkOwnerGrant(db: Database, email: string, inviteCode?: string) {
	if (!(await ownerExists(db))) return;
	if (!inviteCode) throw forbidden(AUTH_MESSAGES.ownerInviteRequired);
	const [invite] = await db
		.select({ id: ownerInvites.id })
		.from(ownerInvites)
		.where(usableInvite(inviteCode, email, "owner"));
	if (!invite) throw forbidden(AUTH_MESSAGES.invalidInvite);
}

/** A crew account is made from a crew invitation only, e-mailed to that very address. */
async function checkCrewGrant(db: Database, email: string, inviteCode?: string) {
	if (!inviteCode) throw forbidden(AUTH_MESSAGES.crewInviteRequired);
	const [invite] = await db
		.select({ id: ownerInvites.id })
		.from(ownerInvites)
		.where(usableInvite(inviteCode, email, "crew"));
	if (!invite) throw forbidden(AUTH_MESSAGES.invalidInvite);
}

/**
 * Makes the account a crew member, using its invitation once (a race for it is lost by all but
 * one). The invitation came by e-mail to this address, so the address counts as confirmed.
 */
async function grantCrew(
	deps: Pick<Deps, "events">,
	userId: string,
	email: string,
	inviteCode: string,
): Promise<boolean> {
	return deps.events.transaction(async (tx) => {
		const used = await tx
			.update(ownerInvites)
			.set({ usedAt: sql`now()`, usedBy: userId })
			.where(usableInvite(inviteCode, email, "crew"))
			.returning({ id: ownerInvites.id });
		if (used.length === 0) throw forbidden(AUTH_MESSAGES.invalidInvite);
		await tx.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
		await tx
			.update(profiles)
			.set({ role: "crew", view: "customer", accountStatus: "active", updatedAt: sql`now()` })
			.where(eq(profiles.userId, userId));
		await deps.events.publish(tx, { kind: "profile.changed", userId });
		return true;
	});
}

/**
 * Makes the account an owner; answers whether its address counts as confirmed: the first owner's,
 * or an invited owner's when the invite was e-mailed to that very address.
 */
async function grantOwner(
	deps: Pick<Deps, "events">,
	userId: string,
	email: string,
	inviteCode?: string,
): Promise<boolean> {
	return deps.events.transaction(async (tx) => {
		await tx.execute(sql`select pg_advisory_xact_lock(${OWNER_GRANT_LOCK})`);
		// The first owner sets up a fresh install, often before its mail is: they are its operator,
		// trusted with their own address, and no link waits in an outbox nobody reads.
		let confirmed = true;
		if (await ownerExists(tx as unknown as Database)) {
			if (!inviteCode) throw forbidden(AUTH_MESSAGES.ownerInviteRequired);
			const used = await tx
				.update(ownerInvites)
				.set({ usedAt: sql`now()`, usedBy: userId })
				.where(usableInvite(inviteCode, email, "owner"))
				.returning({ id: ownerInvites.id, email: ownerInvites.email });
			if (used.length === 0) throw forbidden(AUTH_MESSAGES.invalidInvite);
			// The code came by e-mail to this very address: that proves it. A code given without an
			// address (read out, say) proves nothing, and the link is sent as to anyone.
			confirmed = used[0]!.email === email;
		}
		if (confirmed) await tx.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
		await tx
			.update(profiles)
			.set({ role: "owner", view: "owner", accountStatus: "active", updatedAt: sql`now()` })
			.where(eq(profiles.userId, userId));
		await deps.events.publish(tx, { kind: "profile.changed", userId });
		return confirmed;
	});
}

async function ownerExists(db: Database) {
	const [row] = await db
		.select({ userId: profiles.userId })
		.from(profiles)
		.where(eq(profiles.role, "owner"))
		.limit(1);
	return Boolean(row);
}

function usableInvite(code: string, email: string, role: InviteRole) {
	return and(
		eq(ownerInvites.codeHash, hashInviteCode(code)),
		eq(ownerInvites.role, role),
		isNull(ownerInvites.usedAt),
		gt(ownerInvites.expiresAt, sql`now()`),
		or(isNull(ownerInvites.email), eq(ownerInvites.email, email)),
	);
}

/** Maps better-auth's errors to the product's messages. */
function toAppError(error: unknown): unknown {
	if (!(error instanceof APIError)) return error;
	const code = (error.body as { code?: string } | undefined)?.code;
	if (code === "USER_ALREADY_EXISTS" || code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL")
		return conflict(AUTH_MESSAGES.emailTaken);
	if (code === "INVALID_EMAIL_OR_PASSWORD")
		return new AppError(401, AUTH_MESSAGES.invalidCredentials);
	if (code === "PASSWORD_TOO_SHORT") return new AppError(400, AUTH_MESSAGES.passwordTooShort);
	// A failure of better-auth itself stays a server error (logged as one); only its refusals are 4xx.
	if (typeof error.statusCode !== "number" || error.statusCode >= 500) return error;
	return new AppError(error.statusCode as 400, error.body?.message ?? error.message);
}

/** Owners may look at either area; a customer account only ever sees the customer app. */
export async function setView(options: { deps: Pick<Deps, "events">; actor: Actor; view: View }) {
	const { deps, actor, view } = options;
	if (view === "owner" && actor.role !== "owner")
		throw forbidden("Only the business owner can open the owner dashboard");
	await deps.events.transaction(async (tx) => {
		await tx
			.update(profiles)
			.set({ view, updatedAt: sql`now()` })
			.where(eq(profiles.userId, actor.id));
		await deps.events.publish(tx, { kind: "profile.changed", userId: actor.id });
	});
	return { view };
}

/** Edit profile: the account's own display name and phone. */
export async function updateMyProfile(options: {
	deps: Pick<Deps, "events">;
	actor: Actor;
	update: { displayName: string; phone: string | null };
}) {
	const { deps, actor, update } = options;
	await deps.events.transaction(async (tx) => {
		await tx
			.update(profiles)
			.set({ displayName: update.displayName, phone: update.phone, updatedAt: sql`now()` })
			.where(eq(profiles.userId, actor.id));
		await deps.events.publish(tx, { kind: "profile.changed", userId: actor.id });
		// One phone number per customer: the owner's record of them has the one they gave.
		const [record] = await tx
			.update(customers)
			.set({ phone: update.phone, updatedAt: sql`now()` })
			.where(eq(customers.userId, actor.id))
			.returning({ id: customers.id });
		if (record) await deps.events.publish(tx, { kind: "customer.changed", userId: actor.id });
	});
	return update;
}

/** A single-use invitation code, in groups of four for reading out. */
export function newInviteCode() {
	const raw = Array.from(
		{ length: INVITE_CODE_LENGTH },
		() => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)],
	).join("");
	return raw.match(/.{4}/g)!.join("-");
}

/** An owner invites another owner: a single-use code, e-mailed when an address is given. */
export async function createOwnerInvite(options: {
	deps: Deps;
	actor: Actor & { displayName: string };
	email?: string;
}) {
	const { deps, actor } = options;
	assertOwner(actor);
	const code = newInviteCode();
	const expiresAt = new Date(Date.now() + INVITE_DAYS * 24 * 60 * 60 * 1000);
	const url = `${deps.env.APP_URL}/auth?invite=${encodeURIComponent(code)}`;
	const email = options.email?.toLowerCase();
	await deps.events.transaction(async (tx) => {
		await tx.insert(ownerInvites).values({
			codeHash: hashInviteCode(code),
			email,
			createdBy: actor.id,
			expiresAt,
		});
		if (email) {
			const business = await getBusinessProfile({ db: tx });
			await deps.mailer.enqueue(
				ownerInviteEmail({ to: email, invitedBy: actor.displayName, code, url, business }),
				tx,
			);
		}
	});
	return { code, url, expiresAt: expiresAt.toISOString() };
}
