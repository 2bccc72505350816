import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { customers, files } from "../../src/server/db/schema.ts";
import {
	type SeasonFacts,
	seasonTimeline,
	TIMELINE_STEPS,
} from "../../src/shared/season-timeline.ts";
import type { Account } from "../support/accounts.ts";
import { signedInCustomer } from "../support/accounts.ts";
import { test } from "../support/app-fixture.ts";
import { appQuote, approvedCustomer, SIGNATURE } from "../support/builders.ts";
import { formFile, read } from "../support/http-client.ts";
import { png } from "../support/images.ts";
import type { TestApp } from "../support/test-app.ts";

/** September 1, 2026, noon in Canton: the 2026-27 season's windows are all ahead. */
const SEPT_1 = new Date("2026-09-01T16:00:00Z");

type Step = {
	step: string;
	state: string;
	at: string | null;
	planned: string | null;
	action: { kind: string; billId: string | null } | null;
	photoIds: string[];
};

async function timeline(client: Account["client"]) {
	const res = await read(client.api["season-timeline"].$get());
	expect(res.status, res.text).toBe(200);
	return res.json as { seasonId: string; steps: Step[] };
}

/** The steps done, the current one and its action, in one line to compare. */
function summary(t: { steps: Step[] }) {
	const done = t.steps.filter((s) => s.state === "done").map((s) => s.step);
	const current = t.steps.find((s) => s.state === "current");
	return { done, current: current?.step ?? null, action: current?.action?.kind ?? null };
}

async function windowId(client: Account["client"], name: string) {
	const res = await read(client.api.bookings.$get());
	return (res.json.windows as { id: string; name: string; seasonId: string }[]).find(
		(w) => w.name === name && w.seasonId === "2026-27",
	)!.id;
}

const setClock = (app: TestApp, at: Date) => {
	app.deps.clock.now = () => at;
};

/** The owner uploads an installation photo taken at `takenAt` (its record's time). */
async function uploadPhoto(app: TestApp, owner: Account, customerId: string, takenAt: string) {
	const uploaded = await read(
		owner.client.api.owner.customers[":id"]["installation-media"].$post({
			param: { id: customerId },
			form: { media: formFile({ bytes: await png(), name: "display.png", type: "image/png" }) },
		}),
	);
	expect(uploaded.status, uploaded.text).toBeLessThan(300);
	const [id] = uploaded.json.ids as string[];
	await app.db
		.update(files)
		.set({ createdAt: new Date(takenAt) })
		.where(eq(files.id, id!));
	return id!;
}

describe("the season timeline", () => {
	test("each step appears exactly when its record does", async ({ app }) => {
		setClock(app, SEPT_1);
		// A request waiting for the business: the first step is current, with nothing to do yet.
		const waiting = await signedInCustomer(app, { email: "wait@example.test" });
		await appQuote(app, { userId: waiting.userId });
		expect(summary(await timeline(waiting.client))).toEqual({
			done: [],
			current: "quote_approved",
			action: null,
		});

		const casey = await approvedCustomer(app);
		const owner = casey.owner;
		let t = await timeline(casey.client);
		// Stored is listed only for a customer with bins in the warehouse.
		const steps = TIMELINE_STEPS.filter((s) => s !== "stored");
		expect(t.steps.map((s) => s.step)).toEqual(steps);
		expect(summary(t)).toEqual({
			done: ["quote_approved"],
			current: "contract_signed",
			action: "sign",
		});
		expect(t.steps[0]!.at).toBeTruthy();

		await read(casey.client.api.contract.sign.$post({ json: SIGNATURE }));
		t = await timeline(casey.client);
		expect(summary(t)).toEqual({
			done: ["quote_approved", "contract_signed"],
			current: "deposit_paid",
			action: "book_install",
		});

		// A day held for the deposit: pay it.
		const held = await read(
			casey.client.api.bookings.$post({
				json: { windowId: await windowId(casey.client, "Prime"), day: "2026-11-10" },
			}),
		);
		expect(held.status, held.text).toBe(201);
		t = await timeline(casey.client);
		expect(summary(t)).toEqual({
			done: ["quote_approved", "contract_signed"],
			current: "deposit_paid",
			action: "pay_deposit",
		});
		expect(t.steps.find((s) => s.step === "deposit_paid")!.action!.billId).toBe(
			held.json.depositBillId,
		);

		const paid = await read(
			casey.client.api.bills[":id"].pay.$post({
				param: { id: held.json.depositBillId },
				json: {
					card: {
						cardholderName: "Casey",
						cardNumber: "4242 4242 4242 4242",
						expiry: "12/30",
						cvc: "123",
					},
				},
			}),
		);
		expect(paid.status, paid.text).toBe(200);
		t = await timeline(casey.client);
		expect(summary(t)).toEqual({
			done: ["quote_approved", "contract_signed", "deposit_paid", "install_booked"],
			current: "installed",
			action: null,
		});
		expect(t.steps.find((s) => s.step === "install_booked")!.at).toBe("2026-11-10");
		expect(t.steps.find((s) => s.step === "installed")!.planned).toBe("2026-11-10");

		// The crew finishes: installed, with the season's photos; in season, report a problem.
		expect(
			(
				await read(
					owner.client.api.owner.bookings[":id"].done.$post({ param: { id: held.json.id } }),
				)
			).status,
		).toBe(200);
		await uploadPhoto(app, owner, casey.record.id, "2026-11-10T20:00:00Z");
		t = await timeline(casey.client);
		expect(summary(t)).toEqual({
			done: ["quote_approved", "contract_signed", "deposit_paid", "install_booked", "installed"],
			current: "in_season",
			action: "report_issue",
		});
		expect(t.steps.find((s) => s.step === "installed")).toMatchObject({ at: "2026-11-10" });
		expect(t.steps.find((s) => s.step === "installed")!.photoIds).toHaveLength(1);

		// January: the takedown is next.
		setClock(app, new Date("2027-01-03T16:00:00Z"));
		expect(summary(await timeline(casey.client))).toMatchObject({
			current: "takedown_booked",
			action: "book_takedown",
		});
		const takedown = await read(
			casey.client.api.bookings.$post({
				json: { windowId: await windowId(casey.client, "Takedown"), day: "2027-01-12" },
			}),
		);
		expect(takedown.status, takedown.text).toBe(201);
		t = await timeline(casey.client);
		expect(summary(t)).toMatchObject({ current: "taken_down", action: null });
		expect(t.steps.find((s) => s.step === "takedown_booked")!.at).toBe("2027-01-12");

		expect(
			(
				await read(
					owner.client.api.owner.bookings[":id"].done.$post({ param: { id: takedown.json.id } }),
				)
			).status,
		).toBe(200);
		t = await timeline(casey.client);
		expect(summary(t)).toEqual({ done: steps, current: null, action: null });
		expect(t.steps.find((s) => s.step === "taken_down")!.at).toBe("2027-01-12");

		// The owner sees the same timeline; another customer's is not theirs to see.
		const owned = await read(
			owner.client.api.owner.customers[":id"]["season-timeline"].$get({
				param: { id: casey.record.id },
				query: {},
			}),
		);
		expect(owned.status, owned.text).toBe(200);
		expect(owned.json.timeline).toEqual(t);
		expect(
			(
				await read(
					casey.client.api.owner.customers[":id"]["season-timeline"].$get({
						param: { id: casey.record.id },
						query: {},
					}),
				)
			).status,
		).toBe(403);
		expect(summary(await timeline(waiting.client)).done).toEqual([]);
	});

	test("last season's photos stay last season's; the owner switches between the seasons", async ({
		app,
	}) => {
		setClock(app, SEPT_1);
		const casey = await approvedCustomer(app);
		const { owner } = casey;
		// Last season's approved quote, and a photo of last season's display.
		await appQuote(app, {
			userId: casey.userId,
			status: "approved",
			decidedAt: new Date("2025-09-20T16:00:00Z"),
		});
		const lastYear = await uploadPhoto(app, owner, casey.record.id, "2025-11-15T20:00:00Z");
		const thisYear = await uploadPhoto(app, owner, casey.record.id, "2026-11-12T20:00:00Z");
		// The owner ticks Installation complete (the photos show once installed).
		await app.db
			.update(customers)
			.set({ installCompleted: true })
			.where(eq(customers.id, casey.record.id));

		const photosOf = (t: { steps: Step[] }) =>
			t.steps.find((s) => s.step === "installed")!.photoIds;
		const mine = await timeline(casey.client);
		expect(mine.seasonId).toBe("2026-27");
		expect(photosOf(mine)).toEqual([thisYear]);

		const ofSeason = (season?: string) =>
			read(
				owner.client.api.owner.customers[":id"]["season-timeline"].$get({
					param: { id: casey.record.id },
					query: season === undefined ? {} : { season },
				}),
			);
		const newest = await ofSeason();
		expect(newest.status, newest.text).toBe(200);
		expect(newest.json.seasons).toEqual(["2026-27", "2025-26"]);
		expect(newest.json.timeline).toEqual(mine);
		const last = await ofSeason("2025-26");
		expect(last.status, last.text).toBe(200);
		expect(last.json.timeline.seasonId).toBe("2025-26");
		expect(photosOf(last.json.timeline)).toEqual([lastYear]);
		// Last season's quote was approved; its contract was never signed in the app.
		expect(summary(last.json.timeline).done).toContain("quote_approved");
		const refused = await ofSeason("last");
		expect(refused.status).toBe(400);
	});

	test("the owner's milestones count as the records they stand for", async ({ app }) => {
		const casey = await approvedCustomer(app);
		await read(casey.client.api.contract.sign.$post({ json: SIGNATURE }));
		await app.db.update(customers).set({ installCompleted: true });
		app.readCache.clear();
		const t = await timeline(casey.client);
		// Installed without a booking: the steps before it are done, without dates they lack.
		expect(summary(t).done).toEqual([
			"quote_approved",
			"contract_signed",
			"deposit_paid",
			"install_booked",
			"installed",
		]);
		expect(t.steps.find((s) => s.step === "installed")!.at).toBeNull();
	});
});

describe("seasonTimeline", () => {
	const none: SeasonFacts = {
		quoteApprovedAt: null,
		quoteWaiting: false,
		contractSignedAt: null,
		deposit: null,
		install: null,
		takedown: null,
		installCompleted: false,
		takedownCompleted: false,
		installPhotoIds: [],
		today: "2026-09-01",
		takedownFrom: "2027-01-02",
		storage: null,
	};
	test("no quote: ask for one; one current step at most, always the first not done", () => {
		const t = seasonTimeline("2026-27", none);
		expect(t.steps.filter((s) => s.state === "current")).toHaveLength(1);
		expect(t.steps[0]).toMatchObject({ state: "current", action: { kind: "request_quote" } });
		const booked = seasonTimeline("2026-27", {
			...none,
			quoteApprovedAt: "2026-09-01T12:00:00.000Z",
			contractSignedAt: "2026-09-01T12:05:00.000Z",
			install: { day: "2026-11-10", status: "booked" },
		});
		// Booked with no deposit asked: the deposit step is done, without a date.
		expect(booked.steps.find((s) => s.step === "deposit_paid")).toMatchObject({
			state: "done",
			at: null,
		});
		expect(booked.steps.find((s) => s.state === "current")!.step).toBe("installed");
	});
});
