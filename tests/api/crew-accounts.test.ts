import { describe, expect } from "vitest";
import { AUTH_MESSAGES } from "../../src/shared/auth.ts";
import { profileOf, signedInCrew, signedInOwner, signUp } from "../support/accounts.ts";
import { test } from "../support/app-fixture.ts";
import { expectError } from "../support/expect.ts";
import { HttpClient, read } from "../support/http-client.ts";
import { waitForMail } from "../support/outbox.ts";

/** Crew accounts: invited by an owner from Settings → Crew, listed, removed. */
describe("crew accounts", () => {
	test("an invitation is e-mailed with its code and link; signing up with it makes a crew account", async ({
		app,
	}) => {
		const owner = await signedInOwner(app);
		const invite = await read(
			owner.client.api.owner.crew.invites.$post({ json: { email: "Chris@Example.test" } }),
		);
		expect(invite.status, invite.text).toBe(201);
		expect(invite.json.url).toContain("crew=1");
		const mail = await waitForMail(app.dataDir, "chris@example.test");
		expect(mail.subject).toContain("crew");
		expect(mail.text).toContain(invite.json.code);

		const listed = await read(owner.client.api.owner.crew.$get());
		expect(listed.json.invites.map((i: { email: string }) => i.email)).toEqual([
			"chris@example.test",
		]);

		// Someone else's address cannot use it, nor can it make an owner.
		const stranger = await signUp(app, {
			email: "other@example.test",
			role: "crew",
			inviteCode: invite.json.code,
		});
		expectError(stranger.res, 403, AUTH_MESSAGES.invalidInvite);
		const asOwner = await signUp(app, {
			email: "chris@example.test",
			role: "owner",
			inviteCode: invite.json.code,
		});
		expectError(asOwner.res, 403, AUTH_MESSAGES.invalidInvite);
		const noCode = await signUp(app, { email: "chris@example.test", role: "crew" });
		expectError(noCode.res, 403, AUTH_MESSAGES.crewInviteRequired);

		const { client, res } = await signUp(app, {
			email: "chris@example.test",
			displayName: "Chris Crew",
			role: "crew",
			inviteCode: invite.json.code,
		});
		expect(res.status, res.text).toBe(201);
		const me = await read(client.api.me.$get());
		expect(me.json.user).toMatchObject({ role: "crew", emailVerified: true });
		expect(await profileOf(app, "chris@example.test")).toMatchObject({
			role: "crew",
			view: "customer",
		});
		// Used once.
		const again = await signUp(app, {
			email: "chris@example.test",
			role: "crew",
			inviteCode: invite.json.code,
		});
		expect(again.res.status).toBe(403);

		const after = await read(owner.client.api.owner.crew.$get());
		expect(after.json.invites).toEqual([]);
		expect(after.json.members).toMatchObject([{ name: "Chris Crew", email: "chris@example.test" }]);
	});

	test("an owner code cannot make a crew account, and an address with an account is refused", async ({
		app,
	}) => {
		const owner = await signedInOwner(app);
		const ownerInvite = await read(owner.client.api.owner.invites.$post({ json: {} }));
		const crewFromOwnerCode = await signUp(app, {
			email: "x@example.test",
			role: "crew",
			inviteCode: ownerInvite.json.code,
		});
		expectError(crewFromOwnerCode.res, 403, AUTH_MESSAGES.invalidInvite);
		const taken = await read(
			owner.client.api.owner.crew.invites.$post({ json: { email: owner.email } }),
		);
		expect(taken.status).toBe(409);
		expect(taken.json).toMatchObject({ issues: [{ path: "email" }] });
		const bad = await read(owner.client.api.owner.crew.invites.$post({ json: { email: "nope" } }));
		expect(bad.status).toBe(400);
	});

	test("removing a crew member ends their sessions at once; a withdrawn invitation is refused", async ({
		app,
	}) => {
		const owner = await signedInOwner(app);
		const crew = await signedInCrew(app, owner);
		// A second device, signed in with the password.
		const phone = new HttpClient(app.url);
		const signIn = await phone.post("/api/auth/sign-in/email", {
			email: crew.email,
			password: "lights-up-2024",
		});
		expect(signIn.status).toBe(200);
		// Both sessions are read (and cached) before the removal.
		expect((await read(crew.client.api.me.$get())).json.user?.role).toBe("crew");
		expect((await read(phone.api.me.$get())).json.user?.role).toBe("crew");

		const removed = await read(
			owner.client.api.owner.crew[":userId"].$delete({ param: { userId: crew.userId } }),
		);
		expect(removed.status, removed.text).toBe(200);
		expect((await read(crew.client.api.me.$get())).json.user).toBeNull();
		expect((await read(phone.api.me.$get())).json.user).toBeNull();
		expect((await read(owner.client.api.owner.crew.$get())).json.members).toEqual([]);
		const twice = await read(
			owner.client.api.owner.crew[":userId"].$delete({ param: { userId: crew.userId } }),
		);
		expect(twice.status).toBe(404);
		// The owner is not a crew member to remove.
		const notCrew = await read(
			owner.client.api.owner.crew[":userId"].$delete({ param: { userId: owner.userId } }),
		);
		expect(notCrew.status).toBe(404);

		const invite = await read(
			owner.client.api.owner.crew.invites.$post({ json: { email: "sam@example.test" } }),
		);
		const listed = await read(owner.client.api.owner.crew.$get());
		const withdrawn = await read(
			owner.client.api.owner.crew.invites[":id"].$delete({
				param: { id: listed.json.invites[0]!.id },
			}),
		);
		expect(withdrawn.status).toBe(200);
		const late = await signUp(app, {
			email: "sam@example.test",
			role: "crew",
			inviteCode: invite.json.code,
		});
		expect(late.res.status).toBe(403);
	});
});
