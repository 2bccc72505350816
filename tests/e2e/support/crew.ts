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

/** The owner's season calendar, as GET /api/owner/schedule answers. */
type Calendar = {
	seasons: string[];
	windows: {
		kind: string;
		days: { day: string; capacity: number; booked: number; closed: boolean }[];
		id: string;
	}[];
};

/** The season calendar's install windows, this season's and then the next's, with their season. */
export async function* installWindows(owner: Page) {
	const first = (await (await owner.request.get("/api/owner/schedule")).json()) as Calendar;
	for (const season of first.seasons) {
		const calendar = (await (
			await owner.request.get(`/api/owner/schedule?season=${season}`)
		).json()) as Calendar;
		for (const window of calendar.windows.filter((w) => w.kind === "install"))
			yield { window, season };
	}
}

/**
 * The first install day after tomorrow with room for `room` more houses than one, in this season
 * or the next, with its window and season.
 */
export async function openInstallDay(owner: Page, room = 1) {
	const today = new Date().toISOString().slice(0, 10);
	for await (const { window, season } of installWindows(owner))
		for (const d of window.days)
			if (d.day > today && !d.closed && d.capacity > d.booked + room)
				return { day: d.day, windowId: window.id, season };
	throw new Error("No install day with room");
}
