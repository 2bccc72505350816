import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import { AUTH_MESSAGES } from "../../../shared/auth.ts";
import type { Deps } from "../../app-env.ts";
import { ownerInvites, profiles, sessions, users } from "../../db/schema.ts";
import { type Actor, assertOwner } from "../../lib/actor.ts";
import { fieldError, notFound } from "../../lib/errors.ts";
import { crewInviteEmail } from "../email/templates.ts";
import { getBusinessProfile } from "../settings/settings.service.ts";
import { hashInviteCode, INVITE_DAYS, newInviteCode } from "./auth.service.ts";

/** Settings → Crew: the crew members and the invitations not yet used. */
export async function listCrew(options: { deps: Pick<Deps, "db">; actor: Actor }) {
	const { deps, actor } = options;
	assertOwner(actor);
	const members = await deps.db
		.select({
			userId: users.id,
			name: profiles.displayName,
			email: users.email,
			joinedAt: profiles.createdAt,
		})
		.from(profiles)
		.innerJoin(users, eq(users.id, profiles.userId))
		.where(eq(profiles.role, "crew"))
		.orderBy(asc(profiles.displayName));
	const invites = await deps.db
		.select({ id: ownerInvites.id, email: ownerInvites.email, expiresAt: ownerInvites.expiresAt })
		.from(ownerInvites)
		.where(
			and(
				eq(ownerInvites.role, "crew"),
				isNull(ownerInvites.usedAt),
				gt(ownerInvites.expiresAt, sql`now()`),
			),
		)
		.orderBy(asc(ownerInvites.createdAt));
	return {
		members: members.map((m) => ({ ...m, joinedAt: m.joinedAt.toISOString() })),
		invites: invites.map((i) => ({
			id: i.id,
			email: i.email ?? "",
			expiresAt: i.expiresAt.toISOString(),
		})),
	};
}

/**
 * Invites a crew member: a single-use code bound to the address, e-mailed there. A new invitation
 * to the same address replaces the one not yet used. An address that already has an account is
 * refused (it would sign in as what it is).
 */
export async function inviteCrewMember(options: {
	deps: Deps;
	actor: Actor & { displayName: string };
	email: string;
}) {
	const { deps, actor, email } = options;
	assertOwner(actor);
	const [existing] = await deps.db
		.select({ id: users.id })
		.from(users)
		.where(eq(users.email, email));
	if (existing) throw fieldError("email", AUTH_MESSAGES.emailTaken, 409);
	const code = newInviteCode();
	const expiresAt = new Date(Date.now() + INVITE_DAYS * 24 * 60 * 60 * 1000);
	const url = `${deps.env.APP_URL}/auth?invite=${encodeURIComponent(code)}&crew=1`;
	await deps.events.transaction(async (tx) => {
		await tx
			.delete(ownerInvites)
			.where(
				and(
					eq(ownerInvites.role, "crew"),
					eq(ownerInvites.email, email),
					isNull(ownerInvites.usedAt),
				),
			);
		await tx.insert(ownerInvites).values({
			codeHash: hashInviteCode(code),
			email,
			role: "crew",
			createdBy: actor.id,
			expiresAt,
		});
		const business = await getBusinessProfile({ db: tx });
		await deps.mailer.enqueue(
			crewInviteEmail({ to: email, invitedBy: actor.displayName, code, url, business }),
			tx,
		);
	});
	return { code, url, expiresAt: expiresAt.toISOString() };
}

/** Withdraws an invitation not yet used. */
export async function revokeCrewInvite(options: {
	deps: Pick<Deps, "db">;
	actor: Actor;
	id: string;
}) {
	const { deps, actor, id } = options;
	assertOwner(actor);
	const removed = await deps.db
		.delete(ownerInvites)
		.where(and(eq(ownerInvites.id, id), eq(ownerInvites.role, "crew"), isNull(ownerInvites.usedAt)))
		.returning({ id: ownerInvites.id });
	if (removed.length === 0) throw notFound("Invitation not found");
	return { ok: true };
}

/**
 * Removes a crew member: the login goes, and its sessions with it, in one transaction that tells
 * every instance (`session.ended` drops the cached session there), so the next request anywhere
 * answers 401. What they wrote stays (notes keep the author's name).
 */
export async function removeCrewMember(options: {
	deps: Pick<Deps, "events">;
	actor: Actor;
	userId: string;
}) {
	const { deps, actor, userId } = options;
	assertOwner(actor);
	await deps.events.transaction(async (tx) => {
		const [member] = await tx
			.select({ userId: profiles.userId })
			.from(profiles)
			.where(and(eq(profiles.userId, userId), eq(profiles.role, "crew")))
			.for("update");
		if (!member) throw notFound("Crew member not found");
		await tx.delete(sessions).where(eq(sessions.userId, userId));
		await tx.delete(users).where(eq(users.id, userId));
		await deps.events.publish(tx, { kind: "session.ended", userId });
		await deps.events.publish(tx, { kind: "profile.changed", userId });
	});
	return { ok: true };
}
