import { createHmac } from "node:crypto";
import { count, eq } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { expect } from "vitest";
import {
	accounts,
	ownerInvites,
	profiles,
	sessions,
	users,
	verifications,
} from "../../src/server/db/schema.ts";
import type { ApiResponse } from "./expect.ts";
import { HttpClient, read } from "./http-client.ts";
import { CONFIRM_PATH, firstLink, waitForMail } from "./outbox.ts";
import type { TestApp } from "./test-app.ts";

export const PASSWORD = "lights-up-2024";

/** A signed-in account: a client holding its session, its user id and e-mail. */
export interface Account {
	client: HttpClient;
	userId: string;
	email: string;
}

/**
 * Posts a sign-up through the product's endpoint and returns the answer unchecked; the client
 * keeps the session it gets. For tests about sign-up itself: others use signedInCustomer/Owner.
 */
export async function signUp(
	app: TestApp,
	body: {
		email: string;
		password?: string;
		role?: "customer" | "owner" | "crew";
		displayName?: string;
		inviteCode?: string;
	},
) {
	const client = new HttpClient(app.url);
	const res = await read(
		client.api.account["sign-up"].$post({
			json: {
				password: PASSWORD,
				role: "customer",
				...body,
			},
		}),
	);
	return { client, res };
}

/**
 * One customer signed in on two devices: the one that signed up, then another that signed in with
 * the password. Each client holds its own session; the cookies are returned as set.
 */
export async function twoDevices(app: TestApp, email: string) {
	const { client: first, res: signUpRes } = await signUp(app, { email });
	expect(signUpRes.status, signUpRes.text).toBe(201);
	const second = new HttpClient(app.url);
	const signInRes = await second.post("/api/auth/sign-in/email", { email, password: PASSWORD });
	expect(signInRes.status, signInRes.text).toBe(200);
	return {
		first,
		second,
		firstCookie: sessionCookieOf(signUpRes),
		secondCookie: sessionCookieOf(signInRes),
	};
}

async function signedUp(app: TestApp, body: Parameters<typeof signUp>[1]): Promise<Account> {
	const { client, res } = await signUp(app, body);
	expect(res.status, res.text).toBe(201);
	const email = body.email.trim().toLowerCase();
	const [user] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
	return { client, userId: user!.id, email };
}

type AccountOptions = { email?: string; displayName?: string };

/**
 * The token of the newest confirmation link e-mailed to `email`, read from the outbox as the
 * person reads their mail.
 */
export async function confirmationToken(app: TestApp, email: string): Promise<string> {
	const mail = await waitForMail(app.dataDir, email, { containing: CONFIRM_PATH });
	const link = new URL(firstLink(mail));
	expect(link.pathname).toBe(CONFIRM_PATH);
	return link.searchParams.get("token")!;
}

/**
 * Confirms the account's address the way its owner does: opens the e-mailed link, whose page
 * sends the token to GET /api/auth/verify-email.
 */
export async function confirmEmail(app: TestApp, account: Account) {
	const token = await confirmationToken(app, account.email);
	const res = await account.client.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
	expect(res.status, res.text).toBe(200);
}

/** The default name goes with the default e-mail; a given e-mail alone names the account itself. */
const named = (options: AccountOptions, email: string, displayName: string) => ({
	email: options.email ?? email,
	displayName: options.displayName ?? (options.email ? undefined : displayName),
});

/**
 * Casey by default; with only an e-mail given, the product names the account after it. The
 * customer confirms their address from the e-mailed link, as people do before they chat or send
 * photos; `confirmed: false` leaves it unconfirmed, as right after sign-up.
 */
export async function signedInCustomer(
	app: TestApp,
	options: AccountOptions & { confirmed?: boolean } = {},
): Promise<Account> {
	const account = await signedUp(app, {
		...named(options, "casey@example.test", "Casey Customer"),
		role: "customer",
	});
	if (options.confirmed !== false) await confirmEmail(app, account);
	return account;
}

/**
 * An owner, signed in: Olivia by default. Only the first owner of a fresh install signs up
 * without an invite; later ones pass the code of an invite an owner made.
 */
export function signedInOwner(
	app: TestApp,
	options: AccountOptions & { inviteCode?: string } = {},
): Promise<Account> {
	return signedUp(app, {
		...named(options, "owner@example.test", "Olivia Owner"),
		inviteCode: options.inviteCode,
		role: "owner",
	});
}

/**
 * A crew member, signed in: invited by `owner` from Settings → Crew (the code read from the
 * invitation's answer, as it is e-mailed), then signed up with it. Chris by default.
 */
export async function signedInCrew(
	app: TestApp,
	owner: Account,
	options: AccountOptions = {},
): Promise<Account> {
	const { email, displayName } = named(options, "crew@example.test", "Chris Crew");
	const invite = await read(owner.client.api.owner.crew.invites.$post({ json: { email } }));
	expect(invite.status, invite.text).toBe(201);
	return signedUp(app, { email, displayName, role: "crew", inviteCode: invite.json.code });
}

/** The owner of a fresh install and one customer, both signed in. */
export async function ownerAndCustomer(app: TestApp) {
	const owner = await signedInOwner(app);
	const customer = await signedInCustomer(app);
	return { owner, customer };
}

/** Row counts of every table an account operation may write. */
export async function accountCounts(app: TestApp) {
	const rows = async (table: PgTable) =>
		Number((await app.db.select({ n: count() }).from(table))[0]?.n ?? -1);
	return {
		users: await rows(users),
		profiles: await rows(profiles),
		accounts: await rows(accounts),
		sessions: await rows(sessions),
		ownerInvites: await rows(ownerInvites),
		verifications: await rows(verifications),
	};
}

/** The profile of the account with this e-mail, read from the database. */
export async function profileOf(app: TestApp, email: string) {
	const [row] = await app.db
		.select({
			userId: users.id,
			role: profiles.role,
			view: profiles.view,
			accountStatus: profiles.accountStatus,
			displayName: profiles.displayName,
		})
		.from(users)
		.innerJoin(profiles, eq(profiles.userId, users.id))
		.where(eq(users.email, email));
	return row;
}

/** The session cookie a response set, as `name=value`, for replaying it after sign-out. */
export function sessionCookieOf(res: ApiResponse): string {
	const line = res.headers.getSetCookie().find((l) => l.includes("session_token="));
	expect(line, "a session cookie is set").toBeDefined();
	return line!.split(";")[0]!;
}

/** GET /api/me with an explicit cookie header, bypassing any client's cookie jar. */
export async function meWithCookie(app: TestApp, cookie: string) {
	const res = await fetch(`${app.url}/api/me`, { headers: { cookie } });
	return (await res.json()) as { user: { email: string } | null };
}

/** The session token inside a `name=value` session cookie (the value before its signature). */
export function sessionTokenOf(cookie: string): string {
	const signed = decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1));
	return signed.slice(0, signed.lastIndexOf("."));
}

/**
 * A session cookie for `token`, signed with the app's own secret as better-auth signs it: what
 * someone holding the secret could make from any value they found.
 */
export function signedSessionCookie(app: TestApp, token: string): string {
	const secret = app.deps.auth.options.secret as string;
	const signature = createHmac("sha256", secret).update(token).digest("base64");
	return `better-auth.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
}
