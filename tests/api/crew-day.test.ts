import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { bookings } from "../../src/server/db/schema.ts";
import { type Account, signedInCrew } from "../support/accounts.ts";
import { test } from "../support/app-fixture.ts";
import { bookedCustomer } from "../support/builders.ts";
import { expectError } from "../support/expect.ts";
import { formFile, HttpClient, read } from "../support/http-client.ts";
import { png } from "../support/images.ts";
import { readOutbox, waitForMail } from "../support/outbox.ts";
import type { TestApp } from "../support/test-app.ts";

/** September 1, 2026, noon in Canton: the 2026-27 season's windows are ahead. */
const SEPT_1 = new Date("2026-09-01T16:00:00Z");
const DAY = "2026-11-10";
const GATE = "GATE-4417#";

const SPECS = {
	rooflineFeet: 180,
	treesSmall: 2,
	treesMedium: 1,
	treesLarge: 0,
	outletLocations: "Left of the garage; porch",
	timerLocation: "Garage, by the door",
	gateCode: GATE,
	ladderNeeds: "2-story, 28 ft",
	pets: "Friendly dog in the back yard",
	notes: "Park on the street",
};

/** A customer booked by phone for DAY, with an address and a phone number. */
const bookedOnDay = (app: TestApp, owner?: Account, email?: string) =>
	bookedCustomer(app, {
		owner,
		email,
		day: DAY,
		house: {
			address: "1200 Market Ave N",
			city: "Canton",
			state: "OH",
			zipCode: "44714",
			phone: "330-555-0142",
		},
	});

describe("the crew's day", () => {
	test("a crew member reads the day's stops with specs, no amounts; leaves a note; marks Installed once", async ({
		app,
	}) => {
		app.deps.clock.now = () => SEPT_1;
		const casey = await bookedOnDay(app);
		const { owner } = casey;
		const saved = await read(
			owner.client.api.owner.customers[":id"].specs.$put({
				param: { id: casey.record.id },
				json: SPECS,
			}),
		);
		expect(saved.status, saved.text).toBe(200);
		await read(
			owner.client.api.owner.schedule.days[":day"].$patch({
				param: { day: DAY },
				json: { notes: "Load the 28 ft ladder" },
			}),
		);
		const crew = await signedInCrew(app, owner);

		const days = await read(crew.client.api.crew.days.$get());
		expect(days.json.days).toEqual([{ day: DAY, stops: 1, done: 0 }]);
		const day = await read(crew.client.api.crew.days[":day"].$get({ param: { day: DAY } }));
		expect(day.status, day.text).toBe(200);
		expect(day.json.notes).toBe("Load the 28 ft ladder");
		expect(day.json.stops).toHaveLength(1);
		const [stop] = day.json.stops;
		expect(stop).toMatchObject({
			bookingId: casey.bookingId,
			kind: "install",
			status: "booked",
			name: "Casey Customer",
			address: "1200 Market Ave N, Canton, OH 44714",
			phone: "330-555-0142",
			specs: { ...SPECS, crewNotes: [] },
			photos: [],
		});
		expect(stop.mapsUrl).toContain(encodeURIComponent("1200 Market Ave N"));
		expect(stop.services.length).toBeGreaterThan(0);
		// No money anywhere in the crew's answers.
		expect(day.text).not.toMatch(/cents|price|amount|total|\$\d/i);

		const note = await read(
			crew.client.api.crew.customers[":id"].notes.$post({
				param: { id: casey.record.id },
				json: { body: "Outlet on the porch is GFCI, reset it first" },
			}),
		);
		expect(note.status, note.text).toBe(201);
		expect(note.json.crewNotes).toMatchObject([
			{ authorName: "Chris Crew", body: "Outlet on the porch is GFCI, reset it first" },
		]);
		expectError(
			await read(
				crew.client.api.crew.customers[":id"].notes.$post({
					param: { id: casey.record.id },
					json: { body: "  " },
				}),
			),
			400,
			"Please write a note",
		);
		// The crew may not edit the specs (owner only).
		const edit = await crew.client.request(
			"PUT",
			`/api/owner/customers/${casey.record.id}/specs`,
			SPECS,
		);
		expect(edit.status).toBe(403);

		const done = await read(
			crew.client.api.crew.bookings[":id"].done.$post({
				param: { id: casey.bookingId },
				form: { media: [formFile({ name: "night.png", bytes: await png("#f00") })] },
			}),
		);
		expect(done.status, done.text).toBe(200);
		expect(done.json.status).toBe("done");
		const mail = await waitForMail(app.dataDir, casey.email, { containing: "finished installing" });
		expect(mail.subject).toBe("Your lights are up!");
		const record = await read(casey.client.api.customer.$get());
		expect(record.json.customer).toMatchObject({ installCompleted: true });
		const media = await read(casey.client.api["installation-media"].$get());
		expect(media.json.media).toHaveLength(1);
		// The crew sees the photo on the stop and may fetch it; not other files.
		const after = await read(crew.client.api.crew.days[":day"].$get({ param: { day: DAY } }));
		expect(after.json.stops[0].status).toBe("done");
		expect(after.json.stops[0].photos).toEqual([{ id: media.json.media[0].id, season: "2026-27" }]);
		const photo = await crew.client.get(`/api/files/${media.json.media[0].id}`);
		expect(photo.status).toBe(200);

		// Twice: nothing more (no second photo, no second e-mail).
		const again = await read(
			crew.client.api.crew.bookings[":id"].done.$post({
				param: { id: casey.bookingId },
				form: { media: [formFile({ name: "again.png", bytes: await png("#0f0") })] },
			}),
		);
		expect(again.status, again.text).toBe(200);
		expect((await read(casey.client.api["installation-media"].$get())).json.media).toHaveLength(1);
		await new Promise((r) => setTimeout(r, 500));
		const upMails = (await readOutbox(app.dataDir)).filter(
			(m) => m.subject === "Your lights are up!",
		);
		expect(upMails).toHaveLength(1);
	});

	test("a customer and an anonymous caller cannot read the crew's day", async ({ app }) => {
		app.deps.clock.now = () => SEPT_1;
		const casey = await bookedOnDay(app);
		expect((await casey.client.get(`/api/crew/days/${DAY}`)).status).toBe(403);
		expect((await new HttpClient(app.url).get(`/api/crew/days/${DAY}`)).status).toBe(401);
		// The owner reads it (the day sheet).
		const owner = await read(
			casey.owner.client.api.crew.days[":day"].$get({ param: { day: DAY } }),
		);
		expect(owner.json.stops).toHaveLength(1);
		// A takedown marked Taken Down sets takedown_completed; a held or cancelled one is refused.
		await app.db
			.update(bookings)
			.set({ status: "cancelled" })
			.where(eq(bookings.id, casey.bookingId));
		const refused = await read(
			casey.owner.client.api.crew.bookings[":id"].done.$post({
				param: { id: casey.bookingId },
				form: { media: [] },
			}),
		);
		expectError(refused, 409);
	});
});

describe("the gate code", () => {
	test("is in no customer answer and no e-mail", async ({ app }) => {
		app.deps.clock.now = () => SEPT_1;
		const casey = await bookedOnDay(app);
		const { owner } = casey;
		await read(
			owner.client.api.owner.customers[":id"].specs.$put({
				param: { id: casey.record.id },
				json: SPECS,
			}),
		);
		await read(
			owner.client.api.crew.bookings[":id"].done.$post({
				param: { id: casey.bookingId },
				form: { media: [] },
			}),
		);
		await waitForMail(app.dataDir, casey.email, { containing: "finished installing" });

		const doc = (await new HttpClient(app.url).get("/api/openapi.json")).json as {
			paths: Record<string, Record<string, unknown>>;
		};
		const ids: Record<string, string> = {
			"/api/bookings/{id}": casey.bookingId,
			"/api/bookings/{id}/calendar": casey.bookingId,
		};
		let checked = 0;
		for (const [path, item] of Object.entries(doc.paths)) {
			if (!("get" in item)) continue;
			if (path.startsWith("/api/owner/") || path.startsWith("/api/crew/")) continue;
			// The live stream never ends; better-auth's own routes answer about the session.
			if (path === "/api/live" || path.startsWith("/api/auth/")) continue;
			const url = ids[path] ? path.replace("{id}", ids[path]) : path.replace(/\{[^}]+\}/g, "x");
			const res = await casey.client.get(url.replace("{source}", "app"));
			expect(res.status, `${path}`).toBeLessThan(500);
			expect(res.text, path).not.toContain(GATE);
			checked++;
		}
		expect(checked).toBeGreaterThan(10);
		const mails = await readOutbox(app.dataDir);
		expect(mails.length).toBeGreaterThan(2);
		for (const mail of mails) {
			expect(mail.text, mail.subject).not.toContain(GATE);
			expect(mail.html, mail.subject).not.toContain(GATE);
		}
	});
});
