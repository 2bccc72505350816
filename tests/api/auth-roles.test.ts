import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ownerInvites, profiles } from "../../src/server/db/schema.ts";
import { AUTH_MESSAGES } from "../../src/shared/auth.ts";
import {
	accountCounts,
	profileOf,
	signedInCustomer,
	signedInOwner,
	signUp,
} from "../support/accounts.ts";
import { expectError } from "../support/expect.ts";
import { HttpClient, read } from "../support/http-client.ts";
import { readOutbox, readOutboxBesidesConfirmations, waitForMail } from "../support/outbox.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

let app: TestApp;
beforeEach(async () => {
	app = await startTestApp();
});
afterEach(() => app.close());

/** Seven groups of four from a 32-character alphabet: 140 bits. */
const CODE = /^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){6}$/;

describe("owner invites", () => {
	it("lets only a signed-in owner create invites", async () => {
		const anonymous = await read(new HttpClient(app.url).api.owner.invites.$post({ json: {} }));
		expectError(anonymous, 401, "Please sign in to continue");

		await signedInOwner(app);
		const { client: customer } = await signedInCustomer(app);
		for (const body of [{}, { email: "friend@example.com" }]) {
			expectError(await read(customer.api.owner.invites.$post({ json: body })), 403);
		}
		expect((await accountCounts(app)).ownerInvites).toBe(0);
		expect(await readOutboxBesidesConfirmations(app.dataDir)).toEqual([]);
	});

	it("rejects bad invite input from the owner and stores nothing", async () => {
		const { client: owner } = await signedInOwner(app);
		for (const [body, message] of [
			[{ email: "not-an-email" }, AUTH_MESSAGES.invalidEmail],
			[{ email: 42 }, undefined],
			[{ email: `${"a".repeat(10_000)}@example.com` }, undefined],
			[{ email: "friend@example.com", role: "owner" }, undefined],
			[[], undefined],
		] as const) {
			expectError(await owner.post("/api/owner/invites", body), 400, message);
		}
		expectError(await owner.request("POST", "/api/owner/invites", '{"email":'), 400);
		expect((await accountCounts(app)).ownerInvites).toBe(0);
	});

	it("e-mails an invite that works once, only for the invited address", async () => {
		const { client: owner } = await signedInOwner(app);
		const ownerId = (await read(owner.api.me.$get())).json.user.id;
		const created = await read(
			owner.api.owner.invites.$post({ json: { email: "New.Partner@Example.com" } }),
		);
		expect(created.status).toBe(201);
		const { code, url, expiresAt } = created.json;
		expect(code).toMatch(CODE);
		expect(url).toBe(`${app.url}/auth?invite=${code}`);
		const days = (Date.parse(expiresAt) - Date.now()) / 86_400_000;
		expect(days).toBeGreaterThan(6.9);
		expect(days).toBeLessThanOrEqual(7);

		// Stored by hash only, tied to the lower-cased address.
		const [row] = await app.db.select().from(ownerInvites);
		expect(row).toMatchObject({
			email: "new.partner@example.com",
			createdBy: ownerId,
			usedAt: null,
			usedBy: null,
		});
		expect(JSON.stringify(row)).not.toContain(code);
		expect(JSON.stringify(row)).not.toContain(code.replaceAll("-", ""));

		const mail = await waitForMail(app.dataDir, "new.partner@example.com");
		expect(mail.subject).toMatch(/invited/i);
		expect(mail.text).toContain(code);
		expect(mail.text).toContain(url);
		expect(mail.text).toContain("Olivia Owner");

		// Another address cannot use it.
		const before = await accountCounts(app);
		const stranger = await signUp(app, {
			email: "stranger@example.com",
			role: "owner",
			inviteCode: code,
		});
		expectError(stranger.res, 403, AUTH_MESSAGES.invalidInvite);
		expect(stranger.client.hasSession()).toBe(false);
		expect(await accountCounts(app)).toEqual(before);

		// The invited address can, once.
		const partner = await signUp(app, {
			email: "NEW.PARTNER@example.com",
			role: "owner",
			inviteCode: code,
			displayName: "Pat Partner",
		});
		expect(partner.res.status).toBe(201);
		const me = (await read(partner.client.api.me.$get())).json.user;
		expect(me).toMatchObject({
			email: "new.partner@example.com",
			role: "owner",
			view: "owner",
			accountStatus: "active",
		});
		const [used] = await app.db.select().from(ownerInvites);
		expect(used?.usedBy).toBe(me.id);
		expect(used?.usedAt).toBeInstanceOf(Date);

		const again = await signUp(app, {
			email: "new.partner@example.com",
			role: "owner",
			inviteCode: code,
		});
		expectError(again.res, 403, AUTH_MESSAGES.invalidInvite);
		expect(await accountCounts(app)).toMatchObject({ users: 2, profiles: 2 });
	});

	it("accepts an open invite from any address, typed loosely, exactly once", async () => {
		const { client: owner } = await signedInOwner(app);
		const created = await read(owner.api.owner.invites.$post({ json: {} }));
		expect(created.status).toBe(201);
		const code: string = created.json.code;
		expect(code).toMatch(CODE);
		const [row] = await app.db.select().from(ownerInvites);
		expect(row?.email).toBeNull();

		const first = await signUp(app, {
			email: "second.owner@example.com",
			role: "owner",
			inviteCode: ` ${code.replaceAll("-", "").toLowerCase()} `,
		});
		expect(first.res.status).toBe(201);
		expect(await profileOf(app, "second.owner@example.com")).toMatchObject({
			role: "owner",
			view: "owner",
		});

		const before = await accountCounts(app);
		const second = await signUp(app, {
			email: "third.owner@example.com",
			role: "owner",
			inviteCode: code,
		});
		expectError(second.res, 403, AUTH_MESSAGES.invalidInvite);
		expect(second.client.hasSession()).toBe(false);
		expect(await accountCounts(app)).toEqual(before);
		expect(await profileOf(app, "third.owner@example.com")).toBeUndefined();
		// No e-mail is sent for an invite without an address.
		expect(await readOutbox(app.dataDir)).toEqual([]);
	});

	it("lets only one of two simultaneous sign-ups use the same invite", async () => {
		const { client: owner } = await signedInOwner(app);
		const { code } = (await read(owner.api.owner.invites.$post({ json: {} }))).json;
		const results = await Promise.all(
			["race.a@example.com", "race.b@example.com"].map((email) =>
				signUp(app, { email, role: "owner", inviteCode: code }),
			),
		);
		expect(results.map((r) => r.res.status).sort()).toEqual([201, 403]);
		const loser = results.find((r) => r.res.status === 403)!;
		expectError(loser.res, 403, AUTH_MESSAGES.invalidInvite);
		expect(await app.db.select().from(profiles).where(eq(profiles.role, "owner"))).toHaveLength(2);
		expect(await accountCounts(app)).toMatchObject({ users: 2, profiles: 2, accounts: 2 });
	});

	it("refuses an expired invite and creates nothing", async () => {
		const { client: owner } = await signedInOwner(app);
		const { code } = (await read(owner.api.owner.invites.$post({ json: {} }))).json;
		await app.db.update(ownerInvites).set({ expiresAt: sql`now() - interval '1 minute'` });
		const before = await accountCounts(app);

		const late = await signUp(app, { email: "late@example.com", role: "owner", inviteCode: code });
		expectError(late.res, 403, AUTH_MESSAGES.invalidInvite);
		expect(await accountCounts(app)).toEqual(before);
		const [row] = await app.db.select().from(ownerInvites);
		expect(row?.usedAt).toBeNull();
	});
});

describe("GET /api/me and PUT /api/me/view", () => {
	it("answers null when signed out and refuses a view switch without a session", async () => {
		const client = new HttpClient(app.url);
		const me = await read(client.api.me.$get());
		expect(me.status).toBe(200);
		expect(me.json).toEqual({ user: null });
		expectError(await read(client.api.me.view.$put({ json: { view: "customer" } })), 401);
		expectError(await read(client.api.me.view.$put({ json: { view: "owner" } })), 401);
	});

	it("lets the owner preview the customer app and come back, keeping owner rights", async () => {
		const { client: owner, email } = await signedInOwner(app);

		const toCustomer = await read(owner.api.me.view.$put({ json: { view: "customer" } }));
		expect(toCustomer.status).toBe(200);
		expect(toCustomer.json).toEqual({ view: "customer" });
		expect((await read(owner.api.me.$get())).json.user).toMatchObject({
			role: "owner",
			view: "customer",
		});
		expect(await profileOf(app, email)).toMatchObject({
			role: "owner",
			view: "customer",
		});

		// Owner capability does not depend on the area being viewed.
		expect((await read(owner.api.owner.invites.$post({ json: {} }))).status).toBe(201);

		const back = await read(owner.api.me.view.$put({ json: { view: "owner" } }));
		expect(back.status).toBe(200);
		expect(back.json).toEqual({ view: "owner" });
		expect(await profileOf(app, email)).toMatchObject({
			role: "owner",
			view: "owner",
		});

		for (const body of [{ view: "admin" }, { view: null }, {}, { view: "owner", role: "owner" }]) {
			expectError(await owner.put("/api/me/view", body), 400);
		}
		expect(await profileOf(app, email)).toMatchObject({ view: "owner" });
	});

	it("never lets a customer switch to the owner view", async () => {
		await signedInOwner(app);
		const { client: customer } = await signedInCustomer(app, { email: "casey@example.com" });
		const before = await app.db
			.select()
			.from(profiles)
			.where(eq(profiles.userId, (await read(customer.api.me.$get())).json.user.id));

		expectError(await read(customer.api.me.view.$put({ json: { view: "owner" } })), 403);
		for (const body of [{ view: "owner", role: "owner" }, { role: "owner" }, { view: ["owner"] }]) {
			expectError(await customer.put("/api/me/view", body), 400);
		}
		const after = await app.db
			.select()
			.from(profiles)
			.where(eq(profiles.userId, before[0]!.userId));
		expect(after).toEqual(before);
		expect((await read(customer.api.me.$get())).json.user).toMatchObject({
			role: "customer",
			view: "customer",
		});
		expectError(await read(customer.api.owner.invites.$post({ json: {} })), 403);

		// Choosing the customer view it already has is fine.
		const same = await read(customer.api.me.view.$put({ json: { view: "customer" } }));
		expect(same.status).toBe(200);
		expect(same.json).toEqual({ view: "customer" });
		expect(await profileOf(app, "casey@example.com")).toMatchObject({
			role: "customer",
			view: "customer",
		});
	});
});
