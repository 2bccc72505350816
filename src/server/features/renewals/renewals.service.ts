import { and, eq, sql } from "drizzle-orm";
import { addDays } from "../../../shared/dates.ts";
import {
	type AcceptRenewal,
	dateInSeason,
	previousSeason,
	RENEWAL_MESSAGES,
	type RenewalAccepted,
	type RenewalOffer,
	type RenewalPipeline,
	type RenewalState,
	renewalSeason,
} from "../../../shared/renewals.ts";
import type { Deps } from "../../app-env.ts";
import { type Executor, resultRows } from "../../db/database.ts";
import { customers, quoteRequests, renewalOffers } from "../../db/schema.ts";
import { type Actor, assertOwner } from "../../lib/actor.ts";
import { AppError, badRequest, conflict, notFound } from "../../lib/errors.ts";
import { createQuoteBill } from "../bills/bills.service.ts";
import {
	ensureSeasons,
	firstInstallWindow,
	readSeasonSettings,
	todayOf,
} from "../bookings/season.service.ts";
import {
	currentTerms,
	lastSignature,
	prepareSignature,
	recordSignature,
} from "../contracts/contracts.service.ts";
import { storeFiles } from "../files/files.service.ts";

type RenewalDeps = Pick<
	Deps,
	"db" | "env" | "events" | "mailer" | "readCache" | "clock" | "logger" | "secrets"
>;

/** The season offers are for today, the one whose installs earn one, and its two dates. */
async function renewalCampaign(db: Executor, today: string) {
	const settings = await readSeasonSettings(db);
	const seasonId = renewalSeason(today, settings.renewalValidUntil);
	return {
		seasonId,
		fromSeasonId: previousSeason(seasonId),
		opensOn: dateInSeason(seasonId, settings.renewalOpensOn),
		validUntil: dateInSeason(seasonId, settings.renewalValidUntil),
		discountPct: settings.reinstallDiscountPct,
	};
}

/** An offer still open after its last day is expired. */
const stateOf = (status: string, expiresOn: string, today: string): RenewalState =>
	status === "offered" && expiresOn < today ? "expired" : (status as RenewalState);

/**
 * Makes the offers of the campaign for every eligible customer (or the one given) who has none:
 * an account, an install done last season, and an approved quote to copy. One statement, whatever
 * the number: last season's lines at the catalogue's prices now (a line whose service is gone
 * keeps its price), less the discount; a second run, or two at once, adds nothing
 * (renewal_offers_once). Answers how many were made.
 */
export async function createOffers(
	deps: Pick<Deps, "db" | "events">,
	options: { today: string; customerId?: string; createdBy?: string | null },
): Promise<number> {
	const campaign = await renewalCampaign(deps.db, options.today);
	const one = options.customerId ? sql`and c.id = ${options.customerId}` : sql``;
	// Each new offer's customer hears of it with the insert's commit: the events go out in a few
	// notifications whatever their number.
	return deps.events.transaction(async (tx) => {
		const rows = resultRows<{ id: string; user_id: string }>(
			await tx.execute(sql`
			insert into renewal_offers (customer_id, user_id, from_season, to_season, source_quote_id,
				lines, list_cents, discount_pct, price_cents, last_terms_version, expires_on, created_by)
			select c.id, c.user_id, ${campaign.fromSeasonId}, ${campaign.seasonId}, q.id,
				priced.lines, priced.list_cents, ${campaign.discountPct},
				round(priced.list_cents * (100 - ${campaign.discountPct})::numeric / 100)::int,
				(select k.terms_version from contracts k where k.user_id = c.user_id
					order by k.signed_at desc limit 1),
				${campaign.validUntil}::date, ${options.createdBy ?? null}
			from customers c
			join lateral (
				select qr.id, qr.services from quote_requests qr
				where qr.user_id = c.user_id and qr.status = 'approved'
				order by qr.decided_at desc nulls last, qr.created_at desc limit 1
			) q on true
			join lateral (
				select jsonb_agg(jsonb_build_object(
						'serviceId', l->>'serviceId',
						'name', coalesce(so.name, l->>'name'),
						'description', coalesce(so.description, l->>'description', ''),
						'unitPriceCents', coalesce(so.base_price_cents, (l->>'unitPriceCents')::int),
						'quantity', (l->>'quantity')::int) order by e.ord) as lines,
					sum(coalesce(so.base_price_cents, (l->>'unitPriceCents')::int) * (l->>'quantity')::int)::int
						as list_cents
				from jsonb_array_elements(q.services) with ordinality as e(l, ord)
				left join service_options so on so.id::text = l->>'serviceId'
			) priced on priced.list_cents > 0
			where c.user_id is not null ${one}
				and exists (select 1 from bookings b where b.customer_id = c.id and b.kind = 'install'
					and b.status = 'done' and b.season_id = ${campaign.fromSeasonId})
				and not exists (select 1 from renewal_offers o where o.customer_id = c.id
					and o.to_season = ${campaign.seasonId})
			on conflict (customer_id, to_season) do nothing
			returning id, user_id`),
		);
		for (const r of rows)
			await deps.events.publish(tx, { kind: "customer.changed", userId: r.user_id });
		return rows.length;
	});
}

/** On and after the opening day (and until the last), the campaign's offers are made. */
export async function openRenewals(deps: Pick<Deps, "db" | "events">, today: string) {
	const campaign = await renewalCampaign(deps.db, today);
	if (today < campaign.opensOn || today > campaign.validUntil) return 0;
	return createOffers(deps, { today });
}

/** Why one customer got no offer, in the owner's words. */
async function whyNotEligible(db: Executor, customerId: string, fromSeasonId: string) {
	const [found] = resultRows<{ has_account: boolean; installed: boolean; quoted: boolean }>(
		await db.execute(sql`select c.user_id is not null as has_account,
				exists (select 1 from bookings b where b.customer_id = c.id and b.kind = 'install'
					and b.status = 'done' and b.season_id = ${fromSeasonId}) as installed,
				exists (select 1 from quote_requests q where q.user_id = c.user_id
					and q.status = 'approved') as quoted
			from customers c where c.id = ${customerId}`),
	);
	if (!found?.has_account) return RENEWAL_MESSAGES.noAccount;
	if (!found.installed) return RENEWAL_MESSAGES.notInstalled(fromSeasonId);
	if (!found.quoted) return RENEWAL_MESSAGES.noQuote;
	return RENEWAL_MESSAGES.noLines;
}

/** The owner's Send Renewal Offers: every eligible customer, or one from their page. */
export async function sendOffers(options: {
	deps: RenewalDeps;
	actor: Actor;
	customerId?: string;
}) {
	const { deps, actor, customerId } = options;
	assertOwner(actor);
	const today = todayOf(deps.clock);
	let name: string | undefined;
	if (customerId) {
		const [found] = await deps.db
			.select({ name: customers.name })
			.from(customers)
			.where(eq(customers.id, customerId));
		if (!found) throw notFound("Customer not found");
		name = found.name;
	}
	const created = await createOffers(deps, { today, customerId, createdBy: actor.id });
	const { seasonId } = await renewalCampaign(deps.db, today);
	if (created === 0 && customerId) {
		const [had] = await deps.db
			.select({ id: renewalOffers.id })
			.from(renewalOffers)
			.where(and(eq(renewalOffers.customerId, customerId), eq(renewalOffers.toSeason, seasonId)));
		if (!had) throw conflict(await whyNotEligible(deps.db, customerId, previousSeason(seasonId)));
		return { created, message: RENEWAL_MESSAGES.alreadyOffered(name!, seasonId) };
	}
	const mail = "The e-mail goes out within 15 minutes (10 AM to 9 PM).";
	if (customerId)
		return { created, message: `Renewal offer for ${seasonId} made for ${name}. ${mail}` };
	return {
		created,
		message:
			created === 0
				? `No new offer: every eligible customer already has one for ${seasonId}`
				: `${created} ${created === 1 ? "offer" : "offers"} for ${seasonId} made. The e-mails go out within 15 minutes (10 AM to 9 PM).`,
	};
}

// ---------------------------------------------------------------- the customer

type OfferRow = typeof renewalOffers.$inferSelect;

async function toOffer(db: Executor, row: OfferRow, today: string): Promise<RenewalOffer> {
	const settings = await readSeasonSettings(db);
	const [terms, last, first] = await Promise.all([
		currentTerms(db),
		lastSignature(db, row.userId),
		firstInstallWindow(db, row.toSeason),
	]);
	return {
		id: row.id,
		fromSeasonId: row.fromSeason,
		seasonId: row.toSeason,
		state: stateOf(row.status, row.expiresOn, today),
		lines: row.lines,
		listCents: row.listCents,
		discountPct: row.discountPct,
		priceCents: row.priceCents,
		expiresOn: row.expiresOn,
		declineReason: row.declineReason,
		terms: { version: terms.version, body: terms.body },
		lastSignedVersion: last?.version ?? null,
		lastSignedAt: last?.signedAt.toISOString() ?? null,
		termsChanged: last?.version !== terms.version,
		firstWindow: first
			? {
					name: first.name,
					startsOn: first.startsOn,
					endsOn: first.endsOn,
					opensToNewOn: addDays(dateInSeason(row.toSeason, settings.renewalValidUntil), 1),
				}
			: null,
	};
}

/** The signed-in customer's newest offer (the Home card), or null. */
export async function getMyRenewal(options: { deps: RenewalDeps; actor: Actor }) {
	const { deps, actor } = options;
	const today = todayOf(deps.clock);
	const [row] = await deps.db
		.select()
		.from(renewalOffers)
		.where(eq(renewalOffers.userId, actor.id))
		.orderBy(sql`${renewalOffers.toSeason} desc`)
		.limit(1);
	return { offer: row ? await toOffer(deps.db, row, today) : null };
}

/** The actor's own offer, or 404 (another customer's is not found either). */
async function ownOffer(db: Executor, actor: Actor, id: string, lock = false) {
	const query = db
		.select()
		.from(renewalOffers)
		.where(and(eq(renewalOffers.id, id), eq(renewalOffers.userId, actor.id)));
	const [row] = lock ? await query.for("update") : await query;
	if (!row) throw notFound(RENEWAL_MESSAGES.notFound);
	return row;
}

/** Why an offer can no longer be taken or declined, as a 409; none while it is open. */
function closedAnswer(row: OfferRow, today: string) {
	const state = stateOf(row.status, row.expiresOn, today);
	if (state === "expired") return conflict(RENEWAL_MESSAGES.expired, "offer_expired");
	if (state === "declined") return conflict(RENEWAL_MESSAGES.declined, "offer_declined");
	if (state === "accepted") return conflict(RENEWAL_MESSAGES.accepted);
	return null;
}

class AlreadyDecided extends Error {}

const acceptedAnswer = (row: OfferRow, billId: string): RenewalAccepted => ({
	offerId: row.id,
	quoteId: row.quoteRequestId!,
	billId,
	contractId: row.contractId!,
	next: `/app/booking?season=${row.toSeason}`,
});

async function billOf(db: Executor, quoteId: string) {
	const rows = resultRows<{ id: string }>(
		await db.execute(sql`select id from bills where quote_request_id = ${quoteId}`),
	);
	return rows[0]?.id ?? "";
}

/**
 * Renews in one step: next season's approved quote at the offer's price, its bill, and the
 * contract signed on the terms in force, in one transaction with the offer taken. The amounts are
 * the offer's. Terms changed since the customer last signed: the version read must be sent (409
 * until it is). Renewing twice answers the first renewal; an expired or declined offer is 409.
 */
export async function acceptRenewal(options: {
	deps: RenewalDeps;
	actor: Actor;
	id: string;
	input: AcceptRenewal;
	client: { ipAddress: string; userAgent: string };
}): Promise<RenewalAccepted> {
	const { deps, actor, input } = options;
	const today = todayOf(deps.clock);
	const row = await ownOffer(deps.db, actor, options.id);
	if (row.status === "accepted" && row.quoteRequestId)
		return acceptedAnswer(row, await billOf(deps.db, row.quoteRequestId));
	const refused = closedAnswer(row, today);
	if (refused) throw refused;
	const terms = await currentTerms(deps.db);
	const termsChanged = row.lastTermsVersion !== null && row.lastTermsVersion !== terms.version;
	const stale = input.termsVersion !== undefined && input.termsVersion !== terms.version;
	if (stale || (termsChanged && input.termsVersion === undefined))
		throw new AppError(409, RENEWAL_MESSAGES.termsChanged(terms.version), "terms_changed");
	await ensureSeasons(deps.db, today);
	const [source] = row.sourceQuoteId
		? await deps.db.select().from(quoteRequests).where(eq(quoteRequests.id, row.sourceQuoteId))
		: [];
	const [customer] = await deps.db.select().from(customers).where(eq(customers.id, row.customerId));
	const place = {
		address: source?.address ?? customer?.address ?? "",
		city: source?.city ?? customer?.city ?? null,
		state: source?.state ?? customer?.state ?? null,
		zipCode: source?.zipCode ?? customer?.zipCode ?? null,
	};
	const prepared = await prepareSignature(deps, {
		userId: actor.id,
		quote: { ...place, services: row.lines, totalCents: row.priceCents, seasonId: row.toSeason },
		terms,
		fullName: input.fullName,
		client: options.client,
	});
	try {
		return await storeFiles({
			env: deps.env,
			files: [prepared.file],
			commit: () =>
				deps.events.transaction(async (tx) => {
					// The offer's row lock: two taps, two devices, one renewal.
					const locked = await ownOffer(tx, actor, row.id, true);
					if (locked.status !== "offered" || locked.expiresOn < today) throw new AlreadyDecided();
					const now = deps.clock.now();
					const [quote] = await tx
						.insert(quoteRequests)
						.values({
							userId: actor.id,
							status: "approved",
							...place,
							phone: source?.phone ?? customer?.phone ?? null,
							services: row.lines,
							totalEstimateCents: row.listCents,
							revisedPriceCents: row.priceCents,
							ownerNotes: `Renewal for ${row.toSeason}: ${row.discountPct}% re-install discount`,
							seasonId: row.toSeason,
							decidedBy: actor.id,
							decidedAt: now,
							approvalNotificationSeen: true,
							quoteDetailsDismissed: true,
						})
						.returning({ id: quoteRequests.id });
					const billId = await createQuoteBill({
						db: tx,
						events: deps.events,
						userId: actor.id,
						quoteRequestId: quote!.id,
						amountCents: row.priceCents,
						now,
						seasonId: row.toSeason,
						description: `Holiday lighting installation, ${row.toSeason} (renewal)`,
					});
					const contract = await recordSignature(tx, deps, prepared, quote!.id);
					const [taken] = await tx
						.update(renewalOffers)
						.set({
							status: "accepted",
							decidedAt: now,
							quoteRequestId: quote!.id,
							contractId: contract.id,
							updatedAt: sql`now()`,
						})
						.where(eq(renewalOffers.id, row.id))
						.returning();
					await deps.events.publish(tx, {
						kind: "quote.changed",
						quoteId: quote!.id,
						userId: actor.id,
					});
					return acceptedAnswer(taken!, billId);
				}),
		});
	} catch (error) {
		if (!(error instanceof AlreadyDecided)) throw error;
		const again = await ownOffer(deps.db, actor, row.id);
		if (again.status === "accepted" && again.quoteRequestId)
			return acceptedAnswer(again, await billOf(deps.db, again.quoteRequestId));
		throw closedAnswer(again, today) ?? conflict(RENEWAL_MESSAGES.notFound);
	}
}

/** Not This Year: the decline, with the customer's reason if they gave one. */
export async function declineRenewal(options: {
	deps: RenewalDeps;
	actor: Actor;
	id: string;
	reason: string | null;
}) {
	const { deps, actor } = options;
	const today = todayOf(deps.clock);
	const row = await ownOffer(deps.db, actor, options.id);
	const refused = closedAnswer(row, today);
	if (refused) throw refused;
	const [declined] = await deps.events.transaction(async (tx) => {
		const changed = await tx
			.update(renewalOffers)
			.set({
				status: "declined",
				declineReason: options.reason,
				decidedAt: deps.clock.now(),
				updatedAt: sql`now()`,
			})
			.where(
				and(
					eq(renewalOffers.id, row.id),
					eq(renewalOffers.status, "offered"),
					sql`${renewalOffers.expiresOn} >= ${today}::date`,
				),
			)
			.returning();
		if (changed.length > 0)
			await deps.events.publish(tx, { kind: "customer.changed", userId: actor.id });
		return changed;
	});
	if (!declined) throw closedAnswer(await ownOffer(deps.db, actor, row.id), today)!;
	return { offer: await toOffer(deps.db, declined, today) };
}

// ---------------------------------------------------------------- the owner

/** The owner gives an open (or expired) offer a new last day. */
export async function extendRenewal(options: {
	deps: RenewalDeps;
	actor: Actor;
	id: string;
	expiresOn: string;
}) {
	const { deps, actor, expiresOn } = options;
	assertOwner(actor);
	const today = todayOf(deps.clock);
	if (expiresOn <= today) throw badRequest(RENEWAL_MESSAGES.extendPast);
	const [row] = await deps.db.select().from(renewalOffers).where(eq(renewalOffers.id, options.id));
	if (!row) throw notFound(RENEWAL_MESSAGES.notFound);
	if (row.status !== "offered") throw conflict(RENEWAL_MESSAGES.notOpen);
	const [changed] = await deps.db
		.update(renewalOffers)
		.set({ expiresOn, updatedAt: sql`now()` })
		.where(and(eq(renewalOffers.id, row.id), eq(renewalOffers.status, "offered")))
		.returning();
	if (!changed) throw conflict(RENEWAL_MESSAGES.notOpen);
	await deps.events.publish(deps.db, { kind: "customer.changed", userId: changed.userId });
	return { offer: await toOffer(deps.db, changed, today) };
}

const PIPELINE_ROWS = 500;

/**
 * Dashboard → Renewals: last season's finished installs and what became of each one's offer,
 * counted in one statement and listed (open offers first, then by name) up to 500.
 */
export async function getRenewalPipeline(options: {
	deps: RenewalDeps;
	actor: Actor;
}): Promise<RenewalPipeline> {
	const { deps, actor } = options;
	assertOwner(actor);
	const today = todayOf(deps.clock);
	const campaign = await renewalCampaign(deps.db, today);
	const state = sql`case when o.id is null then 'not_offered'
		when o.status = 'offered' and o.expires_on < ${today}::date then 'expired'
		else o.status end`;
	const eligible = sql`select c.id, c.name, c.user_id from customers c
		where exists (select 1 from bookings b where b.customer_id = c.id and b.kind = 'install'
			and b.status = 'done' and b.season_id = ${campaign.fromSeasonId})
		union
		select c.id, c.name, c.user_id from customers c
		join renewal_offers x on x.customer_id = c.id and x.to_season = ${campaign.seasonId}`;
	const listed = sql`select e.id as customer_id, e.name, o.id as offer_id, ${state} as state,
			o.price_cents, o.expires_on::text as expires_on, o.decline_reason
		from (${eligible}) e
		left join renewal_offers o on o.customer_id = e.id and o.to_season = ${campaign.seasonId}`;
	const [countRows, rows] = await Promise.all([
		deps.db.execute(sql`select l.state, count(*)::int as n,
				coalesce(sum(case when l.state = 'accepted' then l.price_cents end), 0)::int as cents
			from (${listed}) l group by l.state`),
		deps.db.execute(sql`select * from (${listed}) l
			order by case l.state when 'offered' then 0 when 'not_offered' then 1 when 'expired' then 2
				when 'declined' then 3 else 4 end, l.name, l.customer_id
			limit ${PIPELINE_ROWS + 1}`),
	]);
	const counts = { offered: 0, accepted: 0, declined: 0, expired: 0, not_offered: 0 };
	let renewedCents = 0;
	for (const r of resultRows<{ state: RenewalState; n: number; cents: number }>(countRows)) {
		counts[r.state] = Number(r.n);
		if (r.state === "accepted") renewedCents = Number(r.cents);
	}
	const all = Object.values(counts).reduce((a, b) => a + b, 0);
	const list = resultRows<{
		customer_id: string;
		name: string;
		offer_id: string | null;
		state: RenewalState;
		price_cents: number | null;
		expires_on: string | null;
		decline_reason: string | null;
	}>(rows);
	return {
		...campaign,
		counts,
		ratePct: all === 0 ? null : Math.round((counts.accepted * 100) / all),
		renewedCents,
		rows: list.slice(0, PIPELINE_ROWS).map((r) => ({
			customerId: r.customer_id,
			customerName: r.name,
			offerId: r.offer_id,
			state: r.state,
			priceCents: r.price_cents === null ? null : Number(r.price_cents),
			expiresOn: r.expires_on,
			declineReason: r.decline_reason,
		})),
		more: list.length > PIPELINE_ROWS,
	};
}
