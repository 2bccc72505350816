import { expect, type Page, uniqueEmail } from "./fixtures.ts";

/**
 * A crew member the owner (signed in on `owner`) invited, who signed up with the invitation's code
 * on `crew`, through the API as the sign-up page does it.
 */
export async function invitedCrew(owner: Page, crew: Page, displayName: string) {
	const email = uniqueEmail("crew");
	const invite = await owner.request.post("/api/owner/crew/invites", { data: { email } });
	expect(invite.status(), await invite.text()).toBe(201);
	const joined = await crew.request.post("/api/account/sign-up", {
		data: {
			role: "crew",
			email,
			password: "ladders-up-2024",
			displayName,
			inviteCode: ((await invite.json()) as { code: string }).code,
		},
	});
	expect(joined.status(), await joined.text()).toBe(201);
	return { email };
}
