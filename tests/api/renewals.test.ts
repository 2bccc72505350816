import { and, eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import {
	automationSends,
	bills,
	contracts,
	emailOutbox,
	quoteRequests,
	renewalOffers,
	serviceOptions,
} from "../../src/server/db/schema.ts";
import { sendDueReminders } from "../../src/server/features/automations/reminders.service.ts";
import { type Account, signedInCustomer } from "../support/accounts.ts";
import { test } from "../support/app-fixture.ts";
import { approvedCustomer, SIGNATURE } from "../support/builders.ts";
import { expectError } from "../support/expect.ts";
import { read } from "../support/http-client.ts";
import type { TestApp } from "../support/test-app.ts";

/**
 * Renewal offers, on PGlite (and PostgreSQL with TEST_DATABASE_URL). Last season (2026-27) the
 * customers' installs were done in November 2026; the offers are for 2027-28 and, by default,
 * open on August 1, 2027 and hold until September 30, 2027. The clock is set for each step.
 */
const at = (iso: string) => new Date(iso);
const setClock = (app: TestApp, when: Date) => {
	app.deps.clock.now = () => when;
};
const AUG_2_2027 = at("2027-08-02T16:00:00Z");

async function windowOf(owner: Account, name: string, season: string) {
	const res = await read(owner.client.api.owner.season.windows.$get());
	expect(res.status, res.text).toBe(200);
	const found = res.json.windows.find(
		(w: { name: string; seasonId: string }) => w.name === name && w.seasonId === season,
	);
	expect(found, `${name} ${season}`).toBeTruthy();
	return found.id as string;
}

/**
 * A customer who signed, booked and had their 2026-27 install done: last season's customer.
 * `paper`: they signed on paper (no contract record) and the owner booked their day.
 */
async function lastSeasonCustomer(
	app: TestApp,
	options: { owner?: Account; email: string; paper?: boolean },
) {
	setClock(app, at("2026-10-01T16:00:00Z"));
	const customer = await approvedCustomer(app, options);
	if (!options.paper) {
		const signed = await read(customer.client.api.contract.sign.$post({ json: SIGNATURE }));
		expect(signed.status, signed.text).toBe(200);
	}
	const prime = await windowOf(customer.owner, "Prime", "2026-27");
	const booked = await read(
		customer.owner.client.api.owner.bookings.$post({
			json: { customerId: customer.record.id, windowId: prime, day: "2026-11-03" },
		}),
	);
	expect(booked.status, booked.text).toBe(201);
	setClock(app, at("2026-11-03T20:00:00Z"));
	const done = await read(
		customer.owner.client.api.owner.bookings[":id"].done.$post({ param: { id: booked.json.id } }),
	);
	expect(done.status, done.text).toBe(200);
	return customer;
}

const sendAll = (owner: Account, customerId?: string) =>
	read(owner.client.api.owner.renewals.send.$post({ json: customerId ? { customerId } : {} }));
const myOffer = async (account: Account) => {
	const res = await read(account.client.api.renewal.$get());
	expect(res.status, res.text).toBe(200);
	return res.json.offer;
};
const accept = (account: Account, id: string, json: Record<string, unknown> = SIGNATURE) =>
	read(account.client.api.renewal[":id"].accept.$post({ param: { id }, json: json as never }));

describe("eligibility and the offer", () => {
	test("last season's installed customers get one offer each, whatever is pressed twice; others none", async ({
		app,
	}) => {
		const casey = await lastSeasonCustomer(app, { email: "casey@example.test" });
		const owner = casey.owner;
		setClock(app, at("2026-10-01T16:00:00Z"));
		const fresh = await approvedCustomer(app, { owner, email: "new@example.test" });
		setClock(app, AUG_2_2027);
		const first = await sendAll(owner);
		expect(first.status, first.text).toBe(200);
		expect(first.json.created).toBe(1);
		const again = await sendAll(owner);
		expect(again.json.created).toBe(0);
		const one = await sendAll(owner, casey.record.id);
		expect(one.json).toMatchObject({
			created: 0,
			message: `${casey.record.name} already has an offer for 2027-28: nothing new was sent`,
		});
		const notEligible = await sendAll(owner, fresh.record.id);
		expectError(notEligible, 409, /not done last season \(2026-27\)/);
		expect(await myOffer(fresh)).toBeNull();
		const offer = await myOffer(casey);
		expect(offer).toMatchObject({
			seasonId: "2027-28",
			fromSeasonId: "2026-27",
			state: "offered",
			expiresOn: "2027-09-30",
			discountPct: 15,
			termsChanged: false,
		});
		expect(offer.firstWindow).toMatchObject({ name: "Early Bird", opensToNewOn: "2027-10-01" });
		expect(await app.db.select().from(renewalOffers)).toHaveLength(1);
	});

	test("the price: today's catalogue for last season's lines and quantities, less the discount set", async ({
		app,
	}) => {
		const casey = await lastSeasonCustomer(app, { email: "casey@example.test" });
		setClock(app, AUG_2_2027);
		// The catalogue changed since: the house outline went up to $450.00.
		await app.db
			.update(serviceOptions)
			.set({ basePriceCents: 45000 })
			.where(eq(serviceOptions.name, "House Outline"));
		const settings = await read(
			casey.owner.client.api.owner.season.settings.$put({ json: { reinstallDiscountPct: 20 } }),
		);
		expect(settings.status, settings.text).toBe(200);
		expect(settings.json.reinstallDiscountPct).toBe(20);
		await sendAll(casey.owner);
		const offer = await myOffer(casey);
		const trees = casey.quote.services.find((l) => l.name === "Medium Trees")!;
		expect(
			offer.lines.map((l: { name: string; quantity: number }) => [l.name, l.quantity]),
		).toEqual(casey.quote.services.map((l) => [l.name, l.quantity]));
		const list = 45000 + trees.unitPriceCents * trees.quantity;
		expect(offer.listCents).toBe(list);
		expect(offer.priceCents).toBe(Math.round(list * 0.8));
		// The price is the offer's: a later catalogue change leaves it.
		await app.db.update(serviceOptions).set({ basePriceCents: 1 });
		expect((await myOffer(casey)).priceCents).toBe(Math.round(list * 0.8));
	});

	test("Settings → Season refuses dates out of order and bad discounts, field by field", async ({
		app,
	}) => {
		const casey = await lastSeasonCustomer(app, { email: "casey@example.test" });
		const put = (json: Record<string, unknown>) =>
			read(casey.owner.client.api.owner.season.settings.$put({ json: json as never }));
		expectError(await put({ reinstallDiscountPct: 95 }), 400, /at most 90%/);
		expectError(await put({ renewalOpensOn: "02-30" }), 400, /not a day of the year/);
		expectError(await put({ renewalOpensOn: "10-01" }), 400, /must come after/);
		// July comes last in a season (August to July): July 15 is after August 31.
		expectError(
			await put({ renewalOpensOn: "07-15", renewalValidUntil: "08-31" }),
			400,
			/must come after/,
		);
		const fine = await put({ renewalOpensOn: "08-15", renewalValidUntil: "10-15" });
		expect(fine.json).toMatchObject({ renewalOpensOn: "08-15", renewalValidUntil: "10-15" });
	});
});

describe("renewing", () => {
	test("unchanged terms: one step makes next season's approved quote, its bill and the signed contract; twice, the same", async ({
		app,
	}) => {
		const casey = await lastSeasonCustomer(app, { email: "casey@example.test" });
		setClock(app, AUG_2_2027);
		await sendAll(casey.owner);
		const offer = await myOffer(casey);
		// The amounts are the offer's: a price in the request is refused.
		expectError(await accept(casey, offer.id, { ...SIGNATURE, priceCents: 1 }), 400);
		expectError(await accept(casey, offer.id, { fullName: "Casey" }), 400, /sign electronically/);
		const res = await accept(casey, offer.id);
		expect(res.status, res.text).toBe(200);
		expect(res.json.next).toBe("/app/booking?season=2027-28");
		const [quote] = await app.db
			.select()
			.from(quoteRequests)
			.where(eq(quoteRequests.id, res.json.quoteId));
		expect(quote).toMatchObject({ status: "approved", seasonId: "2027-28" });
		expect(quote!.revisedPriceCents).toBe(offer.priceCents);
		const [bill] = await app.db.select().from(bills).where(eq(bills.id, res.json.billId));
		expect(bill).toMatchObject({ amountCents: offer.priceCents, seasonId: "2027-28" });
		const [contract] = await app.db
			.select()
			.from(contracts)
			.where(eq(contracts.id, res.json.contractId));
		expect(contract).toMatchObject({ seasonId: "2027-28", totalCents: offer.priceCents });
		const twice = await accept(casey, offer.id);
		expect(twice.json).toEqual(res.json);
		expect((await myOffer(casey)).state).toBe("accepted");
		// Their contract for 2027-28 lets them book at once.
		const page = await read(casey.client.api.bookings.$get());
		expect(page.json.canBook.install).toBe(true);
	});

	test("changed terms: 409 until the new version is read and signed", async ({ app }) => {
		const casey = await lastSeasonCustomer(app, { email: "casey@example.test" });
		setClock(app, AUG_2_2027);
		const saved = await read(
			casey.owner.client.api.owner["contract-terms"].$post({
				json: { body: "1. New terms for the new season." },
			}),
		);
		expect(saved.status, saved.text).toBe(201);
		await sendAll(casey.owner);
		const offer = await myOffer(casey);
		expect(offer).toMatchObject({ termsChanged: true, lastSignedVersion: 1 });
		expect(offer.terms.version).toBe(2);
		const blind = await accept(casey, offer.id);
		expectError(blind, 409, /changed to Version 2/);
		expect(blind.json.code).toBe("terms_changed");
		expectError(await accept(casey, offer.id, { ...SIGNATURE, termsVersion: 1 }), 409);
		const ok = await accept(casey, offer.id, { ...SIGNATURE, termsVersion: 2 });
		expect(ok.status, ok.text).toBe(200);
		const [contract] = await app.db
			.select()
			.from(contracts)
			.where(eq(contracts.id, ok.json.contractId));
		expect(contract!.termsVersion).toBe(2);
	});

	test("signed on paper (no contract record): the offer asks them to read and sign; renewing signs", async ({
		app,
	}) => {
		const paper = await lastSeasonCustomer(app, { email: "paper@example.test", paper: true });
		setClock(app, AUG_2_2027);
		expect((await sendAll(paper.owner, paper.record.id)).json.created).toBe(1);
		const offer = await myOffer(paper);
		expect(offer).toMatchObject({
			lastSignedVersion: null,
			lastSignedAt: null,
			termsChanged: true,
		});
		const ok = await accept(paper, offer.id);
		expect(ok.status, ok.text).toBe(200);
		const [contract] = await app.db
			.select()
			.from(contracts)
			.where(eq(contracts.id, ok.json.contractId));
		expect(contract).toMatchObject({ seasonId: "2027-28", termsVersion: offer.terms.version });
	});

	test("Not This Year: the decline and its reason; a declined offer cannot be taken", async ({
		app,
	}) => {
		const casey = await lastSeasonCustomer(app, { email: "casey@example.test" });
		setClock(app, AUG_2_2027);
		await sendAll(casey.owner);
		const offer = await myOffer(casey);
		const res = await read(
			casey.client.api.renewal[":id"].decline.$post({
				param: { id: offer.id },
				json: { reason: "Moving house" },
			}),
		);
		expect(res.status, res.text).toBe(200);
		expect(res.json.offer).toMatchObject({ state: "declined", declineReason: "Moving house" });
		const late = await accept(casey, offer.id);
		expectError(late, 409, /declined/);
		expect(late.json.code).toBe("offer_declined");
		const pipeline = await read(casey.owner.client.api.owner.renewals.$get());
		expect(pipeline.json.counts).toMatchObject({ declined: 1, accepted: 0 });
		expect(pipeline.json.rows[0]).toMatchObject({
			state: "declined",
			declineReason: "Moving house",
		});
	});

	test("expiry: after its day the offer is expired (409); the owner extends it and it can be taken", async ({
		app,
	}) => {
		const casey = await lastSeasonCustomer(app, { email: "casey@example.test" });
		setClock(app, AUG_2_2027);
		await sendAll(casey.owner);
		const offer = await myOffer(casey);
		setClock(app, at("2027-10-01T16:00:00Z"));
		expect((await myOffer(casey)).state).toBe("expired");
		const late = await accept(casey, offer.id);
		expectError(late, 409, /expired/);
		expect(late.json.code).toBe("offer_expired");
		const pipeline = await read(casey.owner.client.api.owner.renewals.$get());
		// From October 1 the owner's page shows the next campaign, for this season's installs.
		expect(pipeline.json.seasonId).toBe("2028-29");
		const extend = (expiresOn: string) =>
			read(
				casey.owner.client.api.owner.renewals[":id"].$patch({
					param: { id: offer.id },
					json: { expiresOn },
				}),
			);
		expectError(await extend("2027-09-01"), 400, /after today/);
		const extended = await extend("2027-10-10");
		expect(extended.status, extended.text).toBe(200);
		expect(extended.json.offer.state).toBe("offered");
		expect((await accept(casey, offer.id)).status).toBe(200);
	});

	test("a customer sees and answers only their own offer; the owner's routes are the owner's", async ({
		app,
	}) => {
		const casey = await lastSeasonCustomer(app, { email: "casey@example.test" });
		setClock(app, AUG_2_2027);
		await sendAll(casey.owner);
		const offer = await myOffer(casey);
		const other = await signedInCustomer(app, { email: "other@example.test" });
		expect(await myOffer(other)).toBeNull();
		expectError(await accept(other, offer.id), 404);
		expectError(
			await read(
				other.client.api.renewal[":id"].decline.$post({ param: { id: offer.id }, json: {} }),
			),
			404,
		);
		expectError(await read(casey.client.api.owner.renewals.$get()), 403);
	});
});

describe("Change My Design", () => {
	test("with next season's offer out, a new quote request is taken (last season's approved quote is done); one at a time still", async ({
		app,
	}) => {
		const casey = await lastSeasonCustomer(app, { email: "casey@example.test" });
		const design = {
			address: "12 Elm St",
			city: "Canton",
			state: "OH",
			services: casey.quote.services.map((l) => ({
				serviceId: l.serviceId,
				quantity: l.name === "Medium Trees" ? l.quantity + 2 : l.quantity,
			})),
		};
		const ask = () =>
			read(
				casey.client.api["quote-requests"].$post({
					form: { data: JSON.stringify(design), photos: [] },
				}),
			);
		setClock(app, AUG_2_2027);
		// Before any offer, last season's approved quote is the one in progress.
		expectError(await ask(), 409, /already have a quote in progress/);
		await sendAll(casey.owner);
		const asked = await ask();
		expect(asked.status, asked.text).toBe(201);
		expectError(await ask(), 409, /already have a quote in progress/);
		// The offer stands beside it: the owner's answer to the new design, or the renewal.
		expect((await myOffer(casey)).state).toBe("offered");
	});
});

describe("booking priority, the pipeline and the automations", () => {
	test("returning customers book Early Bird while offers are open; new customers from the day after", async ({
		app,
	}) => {
		const casey = await lastSeasonCustomer(app, { email: "casey@example.test" });
		setClock(app, at("2026-10-01T16:00:00Z"));
		const fresh = await approvedCustomer(app, { owner: casey.owner, email: "new@example.test" });
		expect((await read(fresh.client.api.contract.sign.$post({ json: SIGNATURE }))).status).toBe(
			200,
		);
		setClock(app, AUG_2_2027);
		await sendAll(casey.owner);
		const offer = await myOffer(casey);
		expect((await accept(casey, offer.id)).status).toBe(200);
		const early = await windowOf(casey.owner, "Early Bird", "2027-28");
		const names = async (who: Account) =>
			(await read(who.client.api.bookings.$get())).json.windows
				.filter((w: { seasonId: string }) => w.seasonId === "2027-28")
				.map((w: { name: string }) => w.name);
		expect(await names(fresh)).not.toContain("Early Bird");
		expect(await names(casey)).toContain("Early Bird");
		const refused = await read(
			fresh.client.api.bookings.$post({ json: { windowId: early, day: "2027-10-20" } }),
		);
		expectError(refused, 409, /not open to your account/);
		const held = await read(
			casey.client.api.bookings.$post({ json: { windowId: early, day: "2027-10-20" } }),
		);
		expect(held.status, held.text).toBe(201);
		setClock(app, at("2027-10-01T16:00:00Z"));
		expect(await names(fresh)).toContain("Early Bird");
		const later = await read(
			fresh.client.api.bookings.$post({ json: { windowId: early, day: "2027-10-21" } }),
		);
		expect(later.status, later.text).toBe(201);
	});

	test("the pipeline: offered, renewed, declined, not yet offered, the rate and renewed revenue", async ({
		app,
	}) => {
		const a = await lastSeasonCustomer(app, { email: "a@example.test" });
		const owner = a.owner;
		const b = await lastSeasonCustomer(app, { owner, email: "b@example.test" });
		const c = await lastSeasonCustomer(app, { owner, email: "c@example.test" });
		const d = await lastSeasonCustomer(app, { owner, email: "d@example.test" });
		setClock(app, AUG_2_2027);
		const before = await read(owner.client.api.owner.renewals.$get());
		expect(before.json.counts).toMatchObject({ not_offered: 4, offered: 0 });
		expect(before.json.ratePct).toBe(0);
		for (const who of [a, b, c]) {
			const sent = await sendAll(owner, who.record.id);
			expect(sent.json).toMatchObject({ created: 1 });
			expect(sent.json.message).toContain(`Renewal offer for 2027-28 made for ${who.record.name}`);
		}
		const offerA = await myOffer(a);
		await accept(a, offerA.id);
		await read(
			b.client.api.renewal[":id"].decline.$post({ param: { id: (await myOffer(b)).id }, json: {} }),
		);
		const after = await read(owner.client.api.owner.renewals.$get());
		expect(after.json).toMatchObject({
			seasonId: "2027-28",
			counts: { accepted: 1, declined: 1, offered: 1, not_offered: 1, expired: 0 },
			ratePct: 25,
			renewedCents: offerA.priceCents,
		});
		expect(after.json.rows.map((r: { state: string }) => r.state)).toEqual([
			"offered",
			"not_offered",
			"declined",
			"accepted",
		]);
		expect(d.record.id).toBeTruthy();
	});

	test("on the opening day the sweep makes and e-mails the offers once; the reminder goes 7 days before, once", async ({
		app,
	}) => {
		const casey = await lastSeasonCustomer(app, { email: "casey@example.test" });
		// July 31: not open yet.
		expect(await sendDueReminders(app.deps, at("2027-07-31T16:00:00Z"))).toBe(0);
		expect(await app.db.select().from(renewalOffers)).toHaveLength(0);
		// August 1 at 9 AM: before business hours, nothing.
		expect(await sendDueReminders(app.deps, at("2027-08-01T13:00:00Z"))).toBe(0);
		expect(await sendDueReminders(app.deps, at("2027-08-01T15:00:00Z"))).toBe(1);
		expect(await sendDueReminders(app.deps, at("2027-08-01T16:00:00Z"))).toBe(0);
		const mail = await app.db
			.select({ subject: emailOutbox.subject })
			.from(emailOutbox)
			.where(eq(emailOutbox.toAddress, "casey@example.test"));
		expect(mail.filter((m) => m.subject.startsWith("Renew for 2027-28"))).toHaveLength(1);
		expect(await sendDueReminders(app.deps, at("2027-09-22T16:00:00Z"))).toBe(0);
		expect(await sendDueReminders(app.deps, at("2027-09-23T16:00:00Z"))).toBe(1);
		expect(await sendDueReminders(app.deps, at("2027-09-25T16:00:00Z"))).toBe(0);
		const sends = await app.db
			.select({ kind: automationSends.kind })
			.from(automationSends)
			.where(and(eq(automationSends.occurrence, "2027-28")));
		expect(sends.map((s) => s.kind).sort()).toEqual(["renewal_offer", "renewal_reminder"]);
		expect(casey.record.id).toBeTruthy();
	});

	test("with the opening switched off, nothing is made on the day; offers the owner sends are still e-mailed", async ({
		app,
	}) => {
		const casey = await lastSeasonCustomer(app, { email: "casey@example.test" });
		const off = await read(
			casey.owner.client.api.owner.automations.$patch({ json: { renewal_offer: false } }),
		);
		expect(off.status, off.text).toBe(200);
		expect(await sendDueReminders(app.deps, at("2027-08-01T15:00:00Z"))).toBe(0);
		expect(await app.db.select().from(renewalOffers)).toHaveLength(0);
		setClock(app, AUG_2_2027);
		await sendAll(casey.owner);
		expect(await sendDueReminders(app.deps, at("2027-08-02T17:00:00Z"))).toBe(1);
	});
});
