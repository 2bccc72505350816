import { eq } from "drizzle-orm";
import jsQR from "jsqr";
import sharp from "sharp";
import { describe, expect } from "vitest";
import { binScans, bins, bookings, customers } from "../../src/server/db/schema.ts";
import type { TimelineEntry } from "../../src/shared/season-timeline.ts";
import type { Bin, BinDetail, BinState, StorageLocation } from "../../src/shared/storage.ts";
import { type Account, signedInCrew, signedInCustomer } from "../support/accounts.ts";
import { test } from "../support/app-fixture.ts";
import { approvedCustomer } from "../support/builders.ts";
import { expectError } from "../support/expect.ts";
import { HttpClient, read } from "../support/http-client.ts";
import { type LiveEvent, openLiveStream } from "../support/live-stream.ts";
import type { TestApp } from "../support/test-app.ts";

/** September 1, 2026, noon in Canton. */
const SEPT_1 = new Date("2026-09-01T16:00:00Z");

/** A customer with a street, their owner, and a location "Rack A" with shelves 1-5. */
async function customerWithRack(app: TestApp) {
	app.deps.clock.now = () => SEPT_1;
	const casey = await approvedCustomer(app);
	await app.db
		.update(customers)
		.set({ address: "1200 Market Ave N", city: "Canton", state: "OH", zipCode: "44714" })
		.where(eq(customers.id, casey.record.id));
	app.readCache.clear();
	const added = await read(
		casey.owner.client.api.owner.storage.locations.$post({
			json: { name: "Rack A", shelves: 5 },
		}),
	);
	expect(added.status, added.text).toBe(200);
	const rack = added.json.locations.find((l: StorageLocation) => l.name === "Rack A")!;
	return { casey, owner: casey.owner, rack };
}

async function addBin(owner: Account, customerId: string, contents: string) {
	const res = await read(
		owner.client.api.owner.customers[":id"].bins.$post({
			param: { id: customerId },
			json: { contents },
		}),
	);
	expect(res.status, res.text).toBe(201);
	return res.json;
}

function scan(
	who: Account,
	code: string,
	to: BinState,
	extra: { id?: string; locationId?: string; shelf?: number } = {},
) {
	return read(
		who.client.api.crew.bins.scans.$post({
			json: { id: extra.id ?? crypto.randomUUID(), code, to, ...extra },
		}),
	);
}

describe("storage locations", () => {
	test("the owner adds racks and free names; a taken name and bad shelves are refused on their field", async ({
		app,
	}) => {
		const { owner, rack } = await customerWithRack(app);
		expect(rack).toMatchObject({ name: "Rack A", shelves: 5, bins: 0 });
		const barn = await read(
			owner.client.api.owner.storage.locations.$post({ json: { name: "Barn corner" } }),
		);
		expect(barn.json.locations.map((l: StorageLocation) => l.name)).toEqual([
			"Barn corner",
			"Rack A",
		]);

		const taken = await read(
			owner.client.api.owner.storage.locations.$post({ json: { name: "rack a", shelves: 2 } }),
		);
		expectError(taken, 409, "There is already a location named rack a");
		expect(taken.json.issues).toEqual([
			{ path: "name", message: "There is already a location named rack a" },
		]);
		const shelves = await read(
			owner.client.api.owner.storage.locations.$post({ json: { name: "Rack B", shelves: 0 } }),
		);
		expectError(shelves, 400, "Shelves must be 1 or more");
		expect(shelves.json.issues[0].path).toBe("shelves");

		const crew = await signedInCrew(app, owner);
		const seen = await read(crew.client.api.crew.storage.locations.$get());
		expect(seen.json.locations).toHaveLength(2);
		expect(
			(await read(crew.client.api.owner.storage.locations.$post({ json: { name: "X" } }))).status,
		).toBe(403);
	});
});

describe("bins", () => {
	test("label codes stay unique when many bins are added at once", async ({ app }) => {
		const { casey, owner } = await customerWithRack(app);
		const made = await Promise.all(
			Array.from({ length: 12 }, (_, i) =>
				read(
					owner.client.api.owner.customers[":id"].bins.$post({
						param: { id: casey.record.id },
						json: { contents: `Tote ${i + 1}` },
					}),
				),
			),
		);
		for (const res of made) expect(res.status, res.text).toBe(201);
		const codes = made.map((r) => r.json.code);
		expect(new Set(codes).size).toBe(12);
		for (const code of codes) expect(code).toMatch(/^BHL-\d{4}$/);
		const listed = await read(
			owner.client.api.owner.customers[":id"].bins.$get({ param: { id: casey.record.id } }),
		);
		expect(listed.json.bins.map((b: Bin) => b.code)).toEqual([...codes].sort());
	});

	test("the state machine: allowed moves, refusals with their reason, events kept in order", async ({
		app,
	}) => {
		const { casey, owner, rack } = await customerWithRack(app);
		const bin = await addBin(owner, casey.record.id, "House outline C9, 180 ft; 2 wreaths");
		expect(bin).toMatchObject({
			state: "stored",
			customerName: casey.record.name,
			street: "1200 Market Ave N",
			location: null,
		});
		const code = bin.code;
		const crew = await signedInCrew(app, owner);

		const early = await scan(crew, code, "loaded");
		expectError(early, 409, `${code} is Stored; pull it before loading`);
		expect(early.json.code).toBe("invalid_transition");
		expectError(await scan(crew, code, "stored"), 409, `${code} is already Stored`);
		expectError(
			await scan(crew, code, "returned"),
			409,
			`${code} is Stored; it can return only from the house`,
		);

		for (const to of ["pulled", "loaded", "at_house", "returned"] as const) {
			const res = await scan(crew, code, to);
			expect(res.status, res.text).toBe(200);
			expect(res.json).toMatchObject({ duplicate: false, bin: { code, state: to } });
		}
		expectError(
			await scan(crew, code, "pulled"),
			409,
			`${code} is Returned; only a stored bin can be pulled`,
		);

		// Storing needs a place, on a shelf the location has.
		const nowhere = await scan(crew, code, "stored");
		expectError(nowhere, 400, `Choose where ${code} is stored`);
		expect(nowhere.json.issues[0].path).toBe("locationId");
		expectError(
			await scan(crew, code, "stored", { locationId: rack.id, shelf: 9 }),
			400,
			"Rack A has shelves 1 to 5",
		);
		const stored = await scan(owner, code, "stored", { locationId: rack.id, shelf: 2 });
		expect(stored.json.bin).toMatchObject({ state: "stored", location: "Rack A", shelf: 2 });

		// Missing from any state; a found bin goes back to Stored.
		expect((await scan(crew, code, "missing")).json.bin.state).toBe("missing");
		expectError(
			await scan(crew, code, "pulled"),
			409,
			`${code} is Missing; only a stored bin can be pulled`,
		);
		const found = await scan(crew, code, "stored", { locationId: rack.id, shelf: 1 });
		expect(found.json.bin.state).toBe("stored");

		const page = await read(crew.client.api.crew.bins[":code"].$get({ param: { code } }));
		expect(page.status, page.text).toBe(200);
		expect(page.json.events.map((e: BinDetail["events"][number]) => [e.from, e.to])).toEqual([
			[null, "stored"],
			["stored", "pulled"],
			["pulled", "loaded"],
			["loaded", "at_house"],
			["at_house", "returned"],
			["returned", "stored"],
			["stored", "missing"],
			["missing", "stored"],
		]);
		expect(page.json.events[5]).toMatchObject({ place: "Rack A, shelf 2", by: "Olivia Owner" });
		expect(page.json.events[1]).toMatchObject({ by: "Chris Crew" });
		// Kept, never rewritten: one row per move, refusals wrote nothing.
		expect(await app.db.select().from(binScans).where(eq(binScans.binId, bin.id))).toHaveLength(8);

		// A typed code is found whatever its case; an unknown one is a 404 that says so.
		const typed = await read(
			crew.client.api.crew.bins[":code"].$get({ param: { code: code.toLowerCase() } }),
		);
		expect(typed.json.code).toBe(code);
		expectError(
			await read(crew.client.api.crew.bins[":code"].$get({ param: { code: "BHL-9999" } })),
			404,
			"No bin has the code BHL-9999",
		);
		expectError(await scan(crew, "not a code!", "pulled"), 400);
	});

	test("a scan sent again after being offline counts once, even twice at once", async ({ app }) => {
		const { casey, owner } = await customerWithRack(app);
		const bin = await addBin(owner, casey.record.id, "Tree wraps");
		const crew = await signedInCrew(app, owner);
		const id = crypto.randomUUID();
		const first = await scan(crew, bin.code, "pulled", { id });
		expect(first.json).toMatchObject({ duplicate: false, bin: { state: "pulled" } });
		const again = await scan(crew, bin.code, "pulled", { id });
		expect(again.status, again.text).toBe(200);
		expect(again.json).toMatchObject({ duplicate: true, bin: { state: "pulled" } });

		const twin = crypto.randomUUID();
		const both = await Promise.all([
			scan(crew, bin.code, "loaded", { id: twin }),
			scan(crew, bin.code, "loaded", { id: twin }),
		]);
		expect(both.map((r) => r.status)).toEqual([200, 200]);
		expect(both.map((r) => r.json.duplicate).sort()).toEqual([false, true]);
		const events = await app.db.select().from(binScans).where(eq(binScans.binId, bin.id));
		expect(events.map((e) => e.toState).sort()).toEqual(["loaded", "pulled", "stored"]);
	});

	test("a bin's page is for the owner and the crews: customers and visitors get nothing", async ({
		app,
	}) => {
		const { casey, owner } = await customerWithRack(app);
		const bin = await addBin(owner, casey.record.id, "Wreaths");
		const path = `/api/crew/bins/${bin.code}`;
		const visitor = await new HttpClient(app.url).get(path);
		expectError(visitor, 401);
		expect(visitor.text).not.toContain(casey.record.name);
		for (const customer of [casey, await signedInCustomer(app, { email: "other@example.test" })]) {
			const res = await read(
				customer.client.api.crew.bins[":code"].$get({ param: { code: bin.code } }),
			);
			expectError(res, 403);
			expect(res.text).not.toContain(casey.record.name);
			expect(res.text).not.toContain("Market");
			expectError(
				await read(
					customer.client.api.crew.bins.scans.$post({
						json: { id: crypto.randomUUID(), code: bin.code, to: "pulled" },
					}),
				),
				403,
			);
		}
		expectError(
			await read(
				casey.client.api.owner.customers[":id"]["bin-labels"].$get({
					param: { id: casey.record.id },
				}),
			),
			403,
		);
	});

	test("the label's QR code, decoded, is the bin's page on this product", async ({ app }) => {
		const { casey, owner } = await customerWithRack(app);
		const bin = await addBin(owner, casey.record.id, "Roofline C9");
		const sheet = await read(
			owner.client.api.owner.customers[":id"]["bin-labels"].$get({
				param: { id: casey.record.id },
			}),
		);
		expect(sheet.status, sheet.text).toBe(200);
		const [label] = sheet.json.labels;
		expect(label).toMatchObject({
			code: bin.code,
			customerName: casey.record.name,
			street: "1200 Market Ave N",
		});
		expect(label!.qrSvg).toMatch(/^<svg /);
		const { data, info } = await sharp(Buffer.from(label!.qrSvg))
			.resize(400, 400, { kernel: "nearest" })
			.ensureAlpha()
			.raw()
			.toBuffer({ resolveWithObject: true });
		const decoded = jsQR(new Uint8ClampedArray(data), info.width, info.height);
		expect(decoded?.data).toBe(`${app.deps.env.APP_URL}/bins/${bin.code}`);
		// The QR code names no one: only the product's address and the code.
		expect(decoded?.data).not.toContain(casey.record.name.split(" ")[0]);
	});
});

describe("editing and live", () => {
	test("the owner changes what a bin holds and where it sits; bad input changes nothing; others may not", async ({
		app,
	}) => {
		const { casey, owner, rack } = await customerWithRack(app);
		const bin = await addBin(owner, casey.record.id, "Tree wraps, 6 strands");
		const put = (who: Account, json: Record<string, unknown>, code = bin.code) =>
			read(who.client.api.owner.bins[":code"].$put({ param: { code }, json: json as never }));

		const saved = await put(owner, {
			contents: "Tree wraps, 8 strands; timer",
			locationId: rack.id,
			shelf: 4,
		});
		expect(saved.status, saved.text).toBe(200);
		expect(saved.json).toMatchObject({
			code: bin.code,
			contents: "Tree wraps, 8 strands; timer",
			location: "Rack A",
			shelf: 4,
			// Its state changes only by scans.
			state: "stored",
		});
		// Whose login it is stays on the server (it names who hears of the change).
		expect(saved.json).not.toHaveProperty("customerUserId");

		const empty = await put(owner, { contents: "  ", locationId: rack.id, shelf: 4 });
		expectError(empty, 400, "Please say what the bin holds");
		expect(empty.json.issues[0].path).toBe("contents");
		const tooHigh = await put(owner, { contents: "Wreaths", locationId: rack.id, shelf: 6 });
		expectError(tooHigh, 400, "Rack A has shelves 1 to 5");
		expect(tooHigh.json.issues[0].path).toBe("shelf");
		const noPlace = await put(owner, { contents: "Wreaths", shelf: 2 });
		expect(noPlace.json.issues[0]).toEqual({
			path: "locationId",
			message: "Choose a location for the shelf",
		});
		expect((await put(owner, { contents: "Wreaths" }, "BHL-9999")).status).toBe(404);
		expect((await put(casey, { contents: "Mine now" })).status).toBe(403);
		const crew = await signedInCrew(app, owner);
		expect((await put(crew, { contents: "Crew's" })).status).toBe(403);

		const [row] = await app.db.select().from(bins).where(eq(bins.code, bin.code));
		expect(row).toMatchObject({ contents: "Tree wraps, 8 strands; timer", shelf: 4 });
	});

	test("a bin added, edited or scanned reaches the owner's and its customer's open pages, not another customer's", async ({
		app,
	}) => {
		const { casey, owner } = await customerWithRack(app);
		const crew = await signedInCrew(app, owner);
		const other = await signedInCustomer(app, { email: "other@example.test" });
		const streams = await Promise.all(
			[owner, casey, other].map((a) => openLiveStream(app.url, a.client.cookieHeader())),
		);
		const [ownerStream, caseyStream, otherStream] = streams;
		const isStorage = (e: LiveEvent) => e.data.kind === "storage.changed";
		try {
			const bin = await addBin(owner, casey.record.id, "Wreaths");
			for (const stream of [ownerStream!, caseyStream!])
				expect((await stream.next(isStorage)).data).toEqual({
					kind: "storage.changed",
					userId: casey.userId,
				});
			const pulled = await scan(crew, bin.code, "pulled");
			expect(pulled.status, pulled.text).toBe(200);
			await read(
				owner.client.api.owner.bins[":code"].$put({
					param: { code: bin.code },
					json: { contents: "Wreaths, 3" },
				}),
			);
			await read(owner.client.api.owner.storage.locations.$post({ json: { name: "Barn" } }));
			// An event every page hears, sent last: once it arrives, all sent before it have too.
			await app.deps.events.publish(app.db, { kind: "catalog.changed" });
			for (const stream of streams) await stream.next((e) => e.data.kind === "catalog.changed");
			const heard = (stream: (typeof streams)[number]) =>
				stream.events.filter(isStorage).map((e) => e.data.userId);
			// Added, scanned, edited; then the new location, which no customer hears of.
			const caseys = [casey.userId, casey.userId, casey.userId];
			expect(heard(ownerStream!)).toEqual([...caseys, null]);
			expect(heard(caseyStream!)).toEqual(caseys);
			expect(heard(otherStream!)).toEqual([]);
		} finally {
			await Promise.all(streams.map((s) => s.close()));
		}
	});
});

describe("the season's checks and the customer", () => {
	/** A takedown done on `day` for the customer, as the crew's Taken Down leaves it. */
	async function takedownDone(
		app: TestApp,
		client: Account["client"],
		customerId: string,
		day: string,
	) {
		const res = await read(client.api.bookings.$get());
		const window = (res.json.windows as { id: string; name: string; seasonId: string }[]).find(
			(w) => w.name === "Takedown" && w.seasonId === "2026-27",
		)!;
		const [row] = await app.db
			.insert(bookings)
			.values({
				customerId,
				seasonId: "2026-27",
				windowId: window.id,
				kind: "takedown",
				day,
				status: "done",
			})
			.returning();
		await app.db
			.update(customers)
			.set({ installCompleted: true, takedownCompleted: true })
			.where(eq(customers.id, customerId));
		return row!;
	}

	test("bins not back 2 days after the takedown and missing bins are listed for the owner; the day lists each stop's bins", async ({
		app,
	}) => {
		const { casey, owner, rack } = await customerWithRack(app);
		const crew = await signedInCrew(app, owner);
		const empty = await read(owner.client.api.owner.storage.alerts.$get());
		expect(empty.json).toEqual({ late: [], missing: [] });

		const a = await addBin(owner, casey.record.id, "Roofline");
		const b = await addBin(owner, casey.record.id, "Trees");
		for (const to of ["pulled", "loaded", "at_house"] as const) {
			await scan(crew, a.code, to);
			await scan(crew, b.code, to);
		}
		await takedownDone(app, casey.client, casey.record.id, "2027-01-12");
		await scan(crew, a.code, "returned");

		const day = await read(
			crew.client.api.crew.days[":day"].bins.$get({ param: { day: "2027-01-12" } }),
		);
		expect(day.json.customers).toEqual([
			{
				customerId: casey.record.id,
				bins: [
					expect.objectContaining({ code: a.code, state: "returned" }),
					expect.objectContaining({ code: b.code, state: "at_house" }),
				],
			},
		]);

		app.deps.clock.now = () => new Date("2027-01-13T16:00:00Z");
		expect((await read(owner.client.api.owner.storage.alerts.$get())).json.late).toEqual([]);
		app.deps.clock.now = () => new Date("2027-01-14T16:00:00Z");
		const late = await read(owner.client.api.owner.storage.alerts.$get());
		expect(late.json.late).toEqual([
			expect.objectContaining({ code: b.code, state: "at_house", takedownDay: "2027-01-12" }),
		]);

		await scan(crew, b.code, "missing");
		const missing = await read(owner.client.api.owner.storage.alerts.$get());
		expect(missing.json).toMatchObject({ late: [], missing: [{ code: b.code, state: "missing" }] });
		expect((await read(crew.client.api.owner.storage.alerts.$get())).status).toBe(403);
		await scan(crew, b.code, "returned");
		await scan(crew, a.code, "stored", { locationId: rack.id, shelf: 3 });
		expect((await read(owner.client.api.owner.storage.alerts.$get())).json).toEqual({
			late: [],
			missing: [],
		});
	});

	test("the customer's timeline gets Stored once every bin is stored after the takedown; they see counts, no places or names", async ({
		app,
	}) => {
		const { casey, owner, rack } = await customerWithRack(app);
		const timeline = async () =>
			(await read(casey.client.api["season-timeline"].$get())).json.steps.find(
				(s: TimelineEntry) => s.step === "stored",
			);
		expect(await timeline()).toBeUndefined();
		expect((await read(casey.client.api.storage.$get())).json).toEqual({ bins: 0, stored: 0 });

		const crew = await signedInCrew(app, owner);
		const made = [];
		for (const contents of ["Roofline", "Trees", "Wreaths"])
			made.push(await addBin(owner, casey.record.id, contents));
		for (const bin of made)
			for (const to of ["pulled", "loaded", "at_house"] as const) await scan(crew, bin.code, to);
		expect(await timeline()).toMatchObject({ state: "upcoming", detail: null });

		await takedownDone(app, casey.client, casey.record.id, "2027-01-12");
		for (const bin of made) await scan(crew, bin.code, "returned");
		expect(await timeline()).toMatchObject({ detail: null });
		expect((await timeline())?.state).not.toBe("done");
		for (const [i, bin] of made.entries())
			await scan(crew, bin.code, "stored", { locationId: rack.id, shelf: i + 1 });

		expect(await timeline()).toMatchObject({
			state: "done",
			label: "Stored",
			detail: "Your lights are stored safely: 3 bins, Rack A",
		});
		const mine = await read(casey.client.api.storage.$get());
		expect(mine.json).toEqual({ bins: 3, stored: 3 });
		expect(mine.text).not.toMatch(/shelf|Rack|Chris/i);
		const other = await signedInCustomer(app, { email: "other@example.test" });
		expect((await read(other.client.api.storage.$get())).json).toEqual({ bins: 0, stored: 0 });
		expect(await app.db.select().from(bins)).toHaveLength(3);
	});
});
