import { describe, expect, it, vi } from "vitest";
import { PASSWORD } from "../support/accounts.ts";
import { HttpClient, read } from "../support/http-client.ts";
import { signUpOn, twoInstances } from "../support/server-process.ts";

/**
 * Removing a crew member with two server processes on one PostgreSQL database: the member's
 * session, cached by the other instance, ends there at once (READ_CACHE_MS is a minute, so only
 * the event can end it).
 */
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)("removing a crew member, two instances", () => {
	const instances = twoInstances(url!, { READ_CACHE_MS: "60000" });

	it("ends the member's session on the other instance at once", async () => {
		const { a, b } = instances;
		const owner = await signUpOn(a, "o@example.test", "owner");
		const invite = await read(
			owner.api.owner.crew.invites.$post({ json: { email: "crew@example.test" } }),
		);
		expect(invite.status, invite.text).toBe(201);
		const crew = new HttpClient(a.url);
		const signedUp = await read(
			crew.api.account["sign-up"].$post({
				json: {
					email: "crew@example.test",
					password: PASSWORD,
					role: "crew",
					inviteCode: invite.json.code,
				},
			}),
		);
		expect(signedUp.status, signedUp.text).toBe(201);
		const cookie = crew.cookieHeader();
		// B reads (and keeps) the crew member's session.
		const daysOnB = () => fetch(`${b.url}/api/crew/days`, { headers: { cookie } });
		expect((await daysOnB()).status).toBe(200);
		const members = await read(owner.api.owner.crew.$get());
		const userId = members.json.members[0]!.userId;

		const removed = await read(owner.api.owner.crew[":userId"].$delete({ param: { userId } }));
		expect(removed.status, removed.text).toBe(200);
		await vi.waitFor(async () => expect((await daysOnB()).status).toBe(401), {
			timeout: 1000,
			interval: 20,
		});
	});
});
