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
import { signUp } from "../support/accounts.ts";
import type { HttpClient } from "../support/http-client.ts";
import type { TestApp } from "../support/test-app.ts";

type Response = Awaited<ReturnType<HttpClient["request"]>>;

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

/** The first owner of the fresh install, signed in. */
export async function signUpOwner(app: TestApp, email = "owner@example.com") {
	const { client, res } = await signUp(app, { email, role: "owner", displayName: "Olivia Owner" });
	expect(res.status).toBe(201);
	return client;
}

export async function signUpCustomer(app: TestApp, email = "casey@example.com") {
	const { client, res } = await signUp(app, { email, role: "customer", displayName: "Casey" });
	expect(res.status).toBe(201);
	return client;
}

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

const STACK_TRACE = /\bat [\w.<>]+ \(|node_modules|\.ts:\d+:\d+|\.js:\d+:\d+|"stack"/;

/**
 * A product error answer: the exact status, a JSON body whose `error` is a readable string
 * (exactly `message` when given), and no stack trace or source path anywhere in it.
 */
export function expectError(res: Response, status: number, message?: string | RegExp) {
	expect({ status: res.status, body: res.text }).toMatchObject({ status });
	expect(res.headers.get("content-type")).toContain("application/json");
	expect(typeof res.json?.error).toBe("string");
	expect(res.json.error.length).toBeGreaterThan(0);
	if (typeof message === "string") expect(res.json.error).toBe(message);
	else if (message) expect(res.json.error).toMatch(message);
	expect(res.text).not.toMatch(STACK_TRACE);
}

/** The session cookie a response set, as `name=value`, for replaying it after sign-out. */
export function sessionCookieOf(res: Response): string {
	const line = res.headers.getSetCookie().find((l) => l.includes("session_token="));
	expect(line, "a session cookie is set").toBeDefined();
	return line!.split(";")[0]!;
}

/** GET /api/me with an explicit cookie header, bypassing any client's cookie jar. */
export async function meWithCookie(app: TestApp, cookie: string) {
	const res = await fetch(`${app.url}/api/me`, { headers: { cookie } });
	return (await res.json()) as { user: { email: string } | null };
}
