import { and, eq, gt, inArray, sql } from "drizzle-orm";
import { formatCents } from "../../../shared/money.ts";
import {
	NOTIFICATION_CATEGORIES,
	type NotificationCategory,
	type NotificationPrefs,
	PRESENCE_HEARTBEAT_MS,
	PUSH_KINDS,
	type PushKind,
	type PushSubscriptionInput,
} from "../../../shared/notifications.ts";
import type { Deps } from "../../app-env.ts";
import type { Executor } from "../../db/database.ts";
import {
	chatPresence,
	notificationPrefs,
	profiles,
	pushSends,
	pushSubscriptions,
} from "../../db/schema.ts";
import type { Actor } from "../../lib/actor.ts";
import { badRequest, forbidden } from "../../lib/errors.ts";
import type { EmailMessage } from "../email/email.service.ts";
import { getCachedBusinessProfile } from "../settings/settings.service.ts";

/** The notices the business's own address gets are governed by this audience's switches. */
const BUSINESS = "business";

type NotifyDeps = Pick<Deps, "events">;

/** One notice, for the lock screen: short, and nothing private beyond what its kind needs. */
export interface Notice {
	kind: PushKind;
	title: string;
	body: string;
	/** Where a tap goes, a path of the app (/app/chat, /owner/quotes/...). */
	url: string;
	/** A newer notice with the same tag replaces the older one on the device. */
	tag: string;
}

/**
 * Queues `notice` as a push to `to` (an account, or every owner) in the transaction of what it
 * tells: only to accounts with a device subscribed and the kind's category switched on for push,
 * and, for a chat message, only to those not reading that conversation on any device now.
 * Delivered after the commit by the push sender (push-sender.ts), recorded in `push_sends`.
 */
export async function notify(
	tx: Executor,
	deps: NotifyDeps,
	to: string | "owners" | null | undefined,
	notice: Notice & { conversation?: string },
) {
	if (!to) return;
	const category = PUSH_KINDS[notice.kind];
	const conversation = notice.conversation;
	const recipients = await tx
		.select({ userId: pushSubscriptions.userId })
		.from(pushSubscriptions)
		.where(
			and(
				to === "owners"
					? inArray(
							pushSubscriptions.userId,
							tx.select({ id: profiles.userId }).from(profiles).where(eq(profiles.role, "owner")),
						)
					: eq(pushSubscriptions.userId, to),
				sql`not exists (select 1 from ${notificationPrefs} np where np.audience = ${pushSubscriptions.userId} and np.category = ${category} and not np.push)`,
				conversation
					? sql`not exists (select 1 from ${chatPresence} cp where cp.user_id = ${pushSubscriptions.userId} and cp.conversation_user_id = ${conversation} and cp.expires_at > now())`
					: undefined,
			),
		)
		.groupBy(pushSubscriptions.userId);
	if (recipients.length === 0) return;
	await tx.insert(pushSends).values(
		recipients.map((r) => ({
			kind: notice.kind,
			userId: r.userId,
			title: notice.title.slice(0, 120),
			body: notice.body.slice(0, 240),
			url: notice.url,
			tag: notice.tag,
		})),
	);
	await deps.events.publish(tx, { kind: "push.queued" });
}

/**
 * A chat message as a lock screen may show it: its first words, with every run of three or more
 * digits hidden (a gate code, a card or phone number typed into the chat stays off the screen).
 */
export function chatPreview(content: string | null, messageType: string) {
	if (!content) return messageType === "image" ? "Sent a photo" : "Sent a file";
	const text = content
		.replace(/\s+/g, " ")
		.replace(/\d[\d\s-]{1,}\d/g, (m) => (m.replace(/\D/g, "").length >= 3 ? "•••" : m));
	return text.length > 100 ? `${text.slice(0, 99)}…` : text;
}

/** A bill on a lock screen: its total and nothing else ("A bill of $X is due"). */
export const billNotice = (bill: { id: string; amountCents: number }): Notice => ({
	kind: "bill_created",
	title: "New bill",
	body: `A bill of ${formatCents(bill.amountCents)} is due`,
	url: "/app/payments",
	tag: `bill-${bill.id}`,
});

// ------------------------------------------------------------------ e-mail switches, unsubscribe

/** Whose switches an e-mail follows: a customer's account, or the business's own address. */
export type EmailAudience = { userId: string } | "business";
const audienceKey = (audience: EmailAudience) =>
	audience === BUSINESS ? BUSINESS : audience.userId;

const tokenText = (audience: string, category: string) => `unsubscribe:${audience}:${category}`;

/** The one-click unsubscribe address of an audience's category: signed, no session needed. */
function unsubscribeUrl(
	deps: Pick<Deps, "env" | "secrets">,
	audience: EmailAudience,
	category: NotificationCategory,
) {
	const key = audienceKey(audience);
	const signature = deps.secrets.sign(tokenText(key, category));
	const token = `${Buffer.from(key).toString("base64url")}.${category}.${signature}`;
	return `${deps.env.APP_URL}/api/unsubscribe?token=${token}`;
}

/** The audience and category a token names, or null when it is malformed or not ours. */
export function readUnsubscribeToken(deps: Pick<Deps, "secrets">, token: string | undefined) {
	const [encoded, category, signature, extra] = (token ?? "").split(".");
	if (!encoded || !category || !signature || extra !== undefined) return null;
	if (!(NOTIFICATION_CATEGORIES as readonly string[]).includes(category)) return null;
	const audience = Buffer.from(encoded, "base64url").toString();
	if (!audience || !deps.secrets.verify(tokenText(audience, category), signature)) return null;
	return { audience, category: category as NotificationCategory };
}

/**
 * Queues a message that is not transactional (a reminder, a booking notice, a quote, a business
 * notice), unless its audience switched that category's e-mail off; it carries a one-click
 * unsubscribe (RFC 8058 headers and a visible link). Answers the outbox id, or null when not sent.
 */
export async function queueNoticeEmail(
	tx: Executor,
	deps: Pick<Deps, "env" | "secrets" | "mailer">,
	message: EmailMessage,
	options: { audience: EmailAudience | null; category: NotificationCategory },
): Promise<number | null> {
	const { audience, category } = options;
	if (audience) {
		const [pref] = await tx
			.select({ email: notificationPrefs.email })
			.from(notificationPrefs)
			.where(
				and(
					eq(notificationPrefs.audience, audienceKey(audience)),
					eq(notificationPrefs.category, category),
				),
			);
		if (pref && !pref.email) return null;
	}
	const [id] = await deps.mailer.enqueue(
		audience
			? withUnsubscribe(message, unsubscribeUrl(deps, audience, category), category)
			: message,
		tx,
	);
	return id ?? null;
}

function withUnsubscribe(
	message: EmailMessage,
	url: string,
	category: NotificationCategory,
): EmailMessage {
	const line = `Stop these e-mails (${category}): ${url}`;
	const link = `<p style="font-size:12px;color:#6b7280"><a href="${url.replace(/&/g, "&amp;")}">Unsubscribe from ${category} e-mails</a></p>`;
	return {
		...message,
		text: `${message.text}\n\n${line}`,
		html: message.html?.includes("</body>")
			? message.html.replace("</body>", `${link}\n</body>`)
			: message.html,
		headers: {
			...message.headers,
			"List-Unsubscribe": `<${url}>`,
			"List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
		},
	};
}

/** The one-click unsubscribe: turns off that category's e-mail for that audience alone. */
export async function unsubscribeByToken(
	deps: Pick<Deps, "db" | "secrets" | "events">,
	token: string | undefined,
) {
	const read = readUnsubscribeToken(deps, token);
	if (!read) throw badRequest("This unsubscribe link is not valid");
	await deps.db
		.insert(notificationPrefs)
		.values({ audience: read.audience, category: read.category, email: false })
		.onConflictDoUpdate({
			target: [notificationPrefs.audience, notificationPrefs.category],
			set: { email: false, updatedAt: sql`now()` },
		});
	if (read.audience !== BUSINESS)
		await deps.events.publish(deps.db, { kind: "profile.changed", userId: read.audience });
	return read;
}

// ------------------------------------------------------------------ the person's switches

/**
 * The signed-in person's switches: push is theirs; e-mail is theirs too, but an owner's
 * notification mail goes to the business's address, whose switches every owner shares.
 */
export async function getNotificationPrefs(options: {
	deps: Pick<Deps, "db" | "readCache">;
	actor: Actor & { email: string };
}): Promise<NotificationPrefs> {
	const { deps, actor } = options;
	const emailAudience = actor.role === "owner" ? BUSINESS : actor.id;
	const rows = await deps.db
		.select()
		.from(notificationPrefs)
		.where(inArray(notificationPrefs.audience, [actor.id, emailAudience]));
	const [devices] = await deps.db
		.select({ n: sql<number>`count(*)::int` })
		.from(pushSubscriptions)
		.where(eq(pushSubscriptions.userId, actor.id));
	const emailTo =
		actor.role === "owner" ? (await getCachedBusinessProfile(deps)).email || null : actor.email;
	return {
		categories: Object.fromEntries(
			NOTIFICATION_CATEGORIES.map((c) => [
				c,
				{
					push: rows.find((r) => r.audience === actor.id && r.category === c)?.push ?? true,
					email: rows.find((r) => r.audience === emailAudience && r.category === c)?.email ?? true,
				},
			]),
		) as NotificationPrefs["categories"],
		emailTo,
		devices: devices?.n ?? 0,
	};
}

export async function setNotificationPrefs(options: {
	deps: Pick<Deps, "db" | "readCache" | "events">;
	actor: Actor & { email: string };
	patch: Partial<Record<NotificationCategory, { push?: boolean; email?: boolean }>>;
}) {
	const { deps, actor } = options;
	const emailAudience = actor.role === "owner" ? BUSINESS : actor.id;
	for (const category of NOTIFICATION_CATEGORIES) {
		const change = options.patch[category];
		for (const [audience, column] of [
			[actor.id, "push"],
			[emailAudience, "email"],
		] as const) {
			const value = change?.[column];
			if (value === undefined) continue;
			await deps.db
				.insert(notificationPrefs)
				.values({ audience, category, [column]: value })
				.onConflictDoUpdate({
					target: [notificationPrefs.audience, notificationPrefs.category],
					set: { [column]: value, updatedAt: sql`now()` },
				});
		}
	}
	await deps.events.publish(deps.db, { kind: "profile.changed", userId: actor.id });
	return getNotificationPrefs(options);
}

// ------------------------------------------------------------------ devices

/**
 * Keeps this device's subscription for the signed-in account: one row per endpoint, so a device
 * signed into another account now is bound to that one (the previous account gets nothing more).
 */
export async function savePushSubscription(options: {
	deps: Pick<Deps, "db" | "env" | "pusher">;
	actor: Actor;
	subscription: PushSubscriptionInput;
	userAgent: string | undefined;
}) {
	const { deps, actor, subscription } = options;
	if (!subscription.endpoint.startsWith("https://") && !deps.env.PUSH_HTTP_ENDPOINTS)
		throw badRequest("Invalid push endpoint");
	const values = {
		userId: actor.id,
		endpoint: subscription.endpoint,
		p256dh: subscription.keys.p256dh,
		auth: subscription.keys.auth,
		vapidPublicKey: await deps.pusher.publicKey(),
		userAgent: options.userAgent?.slice(0, 300) ?? null,
	};
	await deps.db
		.insert(pushSubscriptions)
		.values(values)
		.onConflictDoUpdate({
			target: pushSubscriptions.endpoint,
			set: { ...values, lastSeenAt: sql`now()`, failureCount: 0 },
		});
}

/** Forgets this device (sign-out, or notifications turned off here); only the caller's own. */
export async function deletePushSubscription(options: {
	db: Executor;
	actor: Actor;
	endpoint: string;
}) {
	await options.db
		.delete(pushSubscriptions)
		.where(
			and(
				eq(pushSubscriptions.endpoint, options.endpoint),
				eq(pushSubscriptions.userId, options.actor.id),
			),
		);
}

// ------------------------------------------------------------------ who is reading a conversation

/**
 * A device says it shows a conversation now (or no longer): kept in the database for two
 * heartbeats, so the instance that saves a reply knows, whichever instance the reader is on.
 */
export async function setChatPresence(options: {
	db: Executor;
	actor: Actor;
	presence: { conversation: string; device: string; watching: boolean };
}) {
	const { db, actor, presence } = options;
	if (actor.role !== "owner" && presence.conversation !== actor.id)
		throw forbidden("Not your conversation");
	if (!presence.watching) {
		await db
			.delete(chatPresence)
			.where(and(eq(chatPresence.userId, actor.id), eq(chatPresence.device, presence.device)));
		return;
	}
	const expiresAt = sql`now() + make_interval(secs => ${(PRESENCE_HEARTBEAT_MS * 2.5) / 1000})`;
	await db
		.insert(chatPresence)
		.values({
			userId: actor.id,
			device: presence.device,
			conversationUserId: presence.conversation,
			expiresAt,
		})
		.onConflictDoUpdate({
			target: [chatPresence.userId, chatPresence.device],
			set: { conversationUserId: presence.conversation, expiresAt },
		});
	// Rows of devices that went away without a word are dropped as the account writes.
	await db
		.delete(chatPresence)
		.where(and(eq(chatPresence.userId, actor.id), gt(sql`now()`, chatPresence.expiresAt)));
}
