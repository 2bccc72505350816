import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { accounts, ownerInvites, profiles, users } from "../../src/server/db/schema.ts";
import { AUTH_MESSAGES } from "../../src/shared/auth.ts";
import {
	accountCounts,
	PASSWORD,
	profileOf,
	signedInCustomer,
	signedInOwner,
	signUp,
} from "../support/accounts.ts";
import { expectError } from "../support/expect.ts";
import { read } from "../support/http-client.ts";
import { CONFIRM_PATH, firstLink, readOutbox, waitForMail } from "../support/outbox.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

let app: TestApp;
beforeEach(async () => {
	app = await startTestApp();
});
afterEach(() => app.close());

describe("POST /api/account/sign-up", () => {
	it("creates a signed-in, inactive customer account with a hashed password", async () => {
		const { client, res } = await signUp(app, {
			email: "  Casey.Customer@Example.COM ",
			role: "customer",
			displayName: "Casey Customer",
		});
		expect(res.status).toBe(201);
		expect(res.json).toEqual({ ok: true });
		expect(client.hasSession()).toBe(true);

		const me = await read(client.api.me.$get());
		expect(me.status).toBe(200);
		expect(me.json.user).toEqual({
			id: expect.any(String),
			email: "casey.customer@example.com",
			displayName: "Casey Customer",
			phone: null,
			role: "customer",
			view: "customer",
			accountStatus: "inactive",
			emailVerified: false,
		});

		// A customer never becomes the owner, even on a fresh install with no owner yet.
		expect(await profileOf(app, "casey.customer@example.com")).toMatchObject({
			userId: me.json.user.id,
			role: "customer",
			view: "customer",
			accountStatus: "inactive",
			displayName: "Casey Customer",
		});
		const [account] = await app.db
			.select()
			.from(accounts)
			.where(eq(accounts.userId, me.json.user.id));
		expect(account?.providerId).toBe("credential");
		expect(account?.password).toBeTruthy();
		expect(account?.password).not.toContain(PASSWORD);
		// scrypt with its cost, salt and key (the tests use a lower cost than the product).
		expect(account?.password).toMatch(/^scrypt\$1024\$8\$1\$[0-9a-f]{32}\$[0-9a-f]{128}$/);
		expect(await accountCounts(app)).toMatchObject({ users: 1, profiles: 1, accounts: 1 });
	});

	it("e-mails a customer a link that confirms the address; the first owner needs none", async () => {
		const { res } = await signUp(app, { email: "casey@example.com", displayName: "Casey" });
		expect(res.status).toBe(201);
		const mail = await waitForMail(app.dataDir, "casey@example.com", { containing: CONFIRM_PATH });
		expect(mail.subject).toMatch(/^Confirm your e-mail address/);
		expect(mail.text).not.toContain("Casey");
		expect(new URL(firstLink(mail)).searchParams.get("token")).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

		const owner = await signedInOwner(app, { email: "olivia@example.com" });
		expect((await read(owner.client.api.me.$get())).json.user.emailVerified).toBe(true);
		await new Promise((r) => setTimeout(r, 500));
		expect((await readOutbox(app.dataDir)).map((m) => m.to)).toEqual(["casey@example.com"]);
	});

	it("refuses a display name with a web address, with the field's message, and creates nothing", async () => {
		const before = await accountCounts(app);
		for (const displayName of ["https://cheap.example", "www.cheap", "Casey of cheaplights.xyz"]) {
			const { res } = await signUp(app, { email: "casey@example.com", displayName });
			expectError(res, 400, AUTH_MESSAGES.noWebAddress);
			expect(res.json.issues).toEqual([
				{ path: "displayName", message: AUTH_MESSAGES.noWebAddress },
			]);
		}
		expect(await accountCounts(app)).toEqual(before);
		expect(await readOutbox(app.dataDir)).toEqual([]);
	});

	it("uses the e-mail's name when no display name is given", async () => {
		const { client, res } = await signUp(app, { email: "pat.lee@example.com", role: "customer" });
		expect(res.status).toBe(201);
		expect((await read(client.api.me.$get())).json.user).toMatchObject({
			email: "pat.lee@example.com",
			displayName: "pat.lee",
			role: "customer",
		});
	});

	it("makes the first owner sign-up on a fresh install the owner", async () => {
		await signedInCustomer(app, { email: "early.customer@example.com" });
		const { client, res } = await signUp(app, {
			email: "owner@example.com",
			role: "owner",
			displayName: "Olivia Owner",
		});
		expect(res.status).toBe(201);
		expect(client.hasSession()).toBe(true);
		expect((await read(client.api.me.$get())).json.user).toMatchObject({
			email: "owner@example.com",
			displayName: "Olivia Owner",
			role: "owner",
			view: "owner",
			accountStatus: "active",
		});
		expect(await profileOf(app, "owner@example.com")).toMatchObject({
			role: "owner",
			view: "owner",
		});
		// The customer who signed up earlier is untouched.
		expect(await profileOf(app, "early.customer@example.com")).toMatchObject({
			role: "customer",
			view: "customer",
		});
		expect((await accountCounts(app)).ownerInvites).toBe(0);
	});

	it("refuses a later owner sign-up without a usable invite and creates nothing", async () => {
		await signedInOwner(app);
		const before = await accountCounts(app);

		for (const [inviteCode, message] of [
			[undefined, AUTH_MESSAGES.ownerInviteRequired],
			["", AUTH_MESSAGES.ownerInviteRequired],
			["   ", AUTH_MESSAGES.ownerInviteRequired],
			["ABCD-EFGH-JKLM", AUTH_MESSAGES.invalidInvite],
			["not a code at all", AUTH_MESSAGES.invalidInvite],
		] as const) {
			const { client, res } = await signUp(app, {
				email: "second.owner@example.com",
				role: "owner",
				...(inviteCode === undefined ? {} : { inviteCode }),
			});
			expectError(res, 403, message);
			expect(client.hasSession()).toBe(false);
			expect(res.headers.getSetCookie()).toEqual([]);
		}

		expect(await accountCounts(app)).toEqual(before);
		const rows = await app.db
			.select()
			.from(users)
			.where(eq(users.email, "second.owner@example.com"));
		expect(rows).toEqual([]);
		const owners = await app.db.select().from(profiles).where(eq(profiles.role, "owner"));
		expect(owners).toHaveLength(1);
	});

	it("answers 409 for an e-mail already in use, whatever its case, and changes nothing", async () => {
		await signedInCustomer(app, { email: "taken@example.com" });
		const before = await accountCounts(app);

		for (const email of ["taken@example.com", "TAKEN@Example.com", " taken@example.com "]) {
			const { client, res } = await signUp(app, { email, role: "customer" });
			expectError(res, 409, AUTH_MESSAGES.emailTaken);
			expect(client.hasSession()).toBe(false);
		}
		expect(await accountCounts(app)).toEqual(before);
	});

	it("keeps an owner invite unused when the sign-up fails on a taken e-mail", async () => {
		const { client: owner } = await signedInOwner(app);
		await signedInCustomer(app, { email: "taken@example.com" });
		const invite = await read(owner.api.owner.invites.$post({ json: {} }));
		expect(invite.status).toBe(201);
		const before = await accountCounts(app);

		const taken = await signUp(app, {
			email: "taken@example.com",
			role: "owner",
			inviteCode: invite.json.code,
		});
		expectError(taken.res, 409, AUTH_MESSAGES.emailTaken);
		expect(await accountCounts(app)).toEqual(before);
		expect(await profileOf(app, "taken@example.com")).toMatchObject({ role: "customer" });
		const [row] = await app.db.select().from(ownerInvites);
		expect(row?.usedAt).toBeNull();
		expect(row?.usedBy).toBeNull();

		// The invite still works for a free e-mail.
		const fresh = await signUp(app, {
			email: "new.owner@example.com",
			role: "owner",
			inviteCode: invite.json.code,
		});
		expect(fresh.res.status).toBe(201);
		expect(await profileOf(app, "new.owner@example.com")).toMatchObject({ role: "owner" });
	});

	it("grants exactly one first owner when two owner sign-ups race on a fresh install", async () => {
		const results = await Promise.all(
			["first.a@example.com", "first.b@example.com", "first.c@example.com"].map((email) =>
				signUp(app, { email, role: "owner" }),
			),
		);
		const statuses = results.map((r) => r.res.status).sort();
		expect(statuses).toEqual([201, 403, 403]);
		for (const r of results.filter((r) => r.res.status === 403)) {
			expectError(r.res, 403, AUTH_MESSAGES.ownerInviteRequired);
			expect(r.client.hasSession()).toBe(false);
		}
		const owners = await app.db.select().from(profiles).where(eq(profiles.role, "owner"));
		expect(owners).toHaveLength(1);
		// The losers leave no account behind.
		expect(await accountCounts(app)).toMatchObject({ users: 1, profiles: 1, accounts: 1 });
		const winner = results.find((r) => r.res.status === 201)!;
		expect((await read(winner.client.api.me.$get())).json.user).toMatchObject({
			id: owners[0]!.userId,
			role: "owner",
		});
	});

	it("allows 20 new accounts an hour from one address, then answers 429 and creates nothing", async () => {
		for (let i = 0; i < 20; i++) {
			const { res } = await signUp(app, { email: `neighbour${i}@example.com`, role: "customer" });
			expect(res.status, res.text).toBe(201);
		}
		const before = await accountCounts(app);
		const { res, client } = await signUp(app, { email: "one.more@example.com", role: "customer" });
		expectError(res, 429, "Too many new accounts from your network. Please try again in an hour.");
		expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(3000);
		expect(client.hasSession()).toBe(false);
		expect(await accountCounts(app)).toEqual(before);
	});

	it("allows five invite code tries in 10 minutes from one address", async () => {
		await signedInOwner(app);
		for (let i = 0; i < 5; i++) {
			const { res } = await signUp(app, {
				email: `guess${i}@example.com`,
				role: "owner",
				inviteCode: `WRONG-CODE-${i}`,
			});
			expectError(res, 403);
		}
		const { res } = await signUp(app, {
			email: "guess5@example.com",
			role: "owner",
			inviteCode: "WRONG-CODE-5",
		});
		expectError(res, 429, "Too many owner sign-up attempts. Please wait 10 minutes and try again.");
		// Customers from the same address are not held back by it.
		expect(
			(await signUp(app, { email: "real.customer@example.com", role: "customer" })).res.status,
		).toBe(201);
	});
});
