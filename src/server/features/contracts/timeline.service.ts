import { and, asc, desc, eq, inArray, min, sql } from "drizzle-orm";
import { defaultWindows, seasonOf } from "../../../shared/bookings.ts";
import { businessDate } from "../../../shared/dates.ts";
import { type SeasonTimeline, seasonTimeline } from "../../../shared/season-timeline.ts";
import type { Deps } from "../../app-env.ts";
import {
	bills,
	bookings,
	contracts,
	customers,
	files,
	quoteRequests,
	serviceWindows,
} from "../../db/schema.ts";
import { type Actor, assertOwner } from "../../lib/actor.ts";
import { notFound } from "../../lib/errors.ts";
import { storageFacts } from "../storage/storage.service.ts";
import { quoteSeason } from "./contracts.service.ts";

/**
 * A login's season, derived from its records: the newest approved quote names the season (else
 * today's); its contract, the season's install and takedown bookings, the install's deposit bill,
 * the owner's milestones and the installation photos say which steps are done.
 */
async function timelineOf(
	deps: Pick<Deps, "db" | "clock">,
	userId: string,
	/** Another season than the newest, e.g. last season's. */
	wanted?: string,
): Promise<SeasonTimeline> {
	const db = deps.db;
	const today = businessDate(deps.clock.now());
	const quotes = await db
		.select({
			id: quoteRequests.id,
			status: quoteRequests.status,
			decidedAt: quoteRequests.decidedAt,
			updatedAt: quoteRequests.updatedAt,
		})
		.from(quoteRequests)
		.where(
			and(
				eq(quoteRequests.userId, userId),
				inArray(quoteRequests.status, ["approved", "pending", "revised"]),
			),
		)
		.orderBy(sql`${quoteRequests.decidedAt} desc nulls last`, desc(quoteRequests.createdAt));
	const approved =
		quotes.find((q) => q.status === "approved" && (!wanted || quoteSeason(q) === wanted)) ?? null;
	const seasonId = wanted ?? (approved ? quoteSeason(approved) : seasonOf(today));

	const [contract] = approved
		? await db
				.select({ signedAt: contracts.signedAt })
				.from(contracts)
				.where(eq(contracts.quoteRequestId, approved.id))
		: [];
	const [customer] = await db
		.select({
			id: customers.id,
			installCompleted: customers.installCompleted,
			takedownCompleted: customers.takedownCompleted,
		})
		.from(customers)
		.where(eq(customers.userId, userId));
	const season = customer
		? await db
				.select({
					kind: bookings.kind,
					day: bookings.day,
					status: bookings.status,
					depositBillId: bookings.depositBillId,
					depositPaidAt: bills.paidAt,
				})
				.from(bookings)
				.leftJoin(bills, eq(bills.id, bookings.depositBillId))
				.where(and(eq(bookings.customerId, customer.id), eq(bookings.seasonId, seasonId)))
				// The active booking of each kind wins over cancelled and expired ones, then the newest.
				.orderBy(sql`${bookings.status} in ('cancelled', 'expired')`, desc(bookings.updatedAt))
		: [];
	const install = season.find((b) => b.kind === "install") ?? null;
	const takedown = season.find((b) => b.kind === "takedown") ?? null;
	const [takedownWindow] = await db
		.select({ from: min(serviceWindows.startsOn) })
		.from(serviceWindows)
		.where(and(eq(serviceWindows.seasonId, seasonId), eq(serviceWindows.kind, "takedown")));
	// A photo belongs to the season it was taken in (uploaded: installs are photographed on the day).
	const photos = (
		await db
			.select({ id: files.id, createdAt: files.createdAt })
			.from(files)
			.where(and(eq(files.userId, userId), eq(files.kind, "installation_media")))
			.orderBy(asc(files.createdAt), asc(files.id))
	).filter((p) => seasonOf(businessDate(p.createdAt)) === seasonId);

	return seasonTimeline(seasonId, {
		quoteApprovedAt: approved ? (approved.decidedAt ?? approved.updatedAt).toISOString() : null,
		quoteWaiting: quotes.some((q) => q.status !== "approved"),
		contractSignedAt: contract ? contract.signedAt.toISOString() : null,
		deposit:
			install?.depositBillId && !["cancelled", "expired"].includes(install.status)
				? { billId: install.depositBillId, paidAt: install.depositPaidAt?.toISOString() ?? null }
				: null,
		install: install ? { day: install.day, status: install.status } : null,
		takedown: takedown ? { day: takedown.day, status: takedown.status } : null,
		installCompleted: customer?.installCompleted ?? false,
		takedownCompleted: customer?.takedownCompleted ?? false,
		installPhotoIds: photos.map((p) => p.id),
		today,
		takedownFrom:
			takedownWindow?.from ??
			defaultWindows(seasonId).find((w) => w.kind === "takedown")?.startsOn ??
			null,
		storage: customer ? await storageFacts(db, customer.id) : null,
	});
}

/** The signed-in customer's own season. */
export function getMyTimeline(options: { deps: Pick<Deps, "db" | "clock">; actor: Actor }) {
	return timelineOf(options.deps, options.actor.id);
}

/** The owner's view of a customer's season; 404 for no such customer. */
export async function getCustomerTimeline(options: {
	deps: Pick<Deps, "db" | "clock">;
	actor: Actor;
	customerId: string;
	/** A season other than the newest. */
	season?: string;
}): Promise<{ timeline: SeasonTimeline | null; seasons: string[] }> {
	assertOwner(options.actor);
	const [customer] = await options.deps.db
		.select({ userId: customers.userId })
		.from(customers)
		.where(eq(customers.id, options.customerId));
	if (!customer) throw notFound("Customer not found");
	if (!customer.userId) return { timeline: null, seasons: [] };
	return {
		timeline: await timelineOf(options.deps, customer.userId, options.season),
		seasons: await seasonsOf(options.deps, customer.userId),
	};
}

/** The seasons a login has a record in (an approved quote, a booking), newest first. */
async function seasonsOf(deps: Pick<Deps, "db" | "clock">, userId: string) {
	const approved = await deps.db
		.select({ decidedAt: quoteRequests.decidedAt, updatedAt: quoteRequests.updatedAt })
		.from(quoteRequests)
		.where(and(eq(quoteRequests.userId, userId), eq(quoteRequests.status, "approved")));
	const booked = await deps.db
		.selectDistinct({ seasonId: bookings.seasonId })
		.from(bookings)
		.innerJoin(customers, eq(customers.id, bookings.customerId))
		.where(eq(customers.userId, userId));
	const seasons = new Set([
		...approved.map(quoteSeason),
		...booked.map((b) => b.seasonId),
		seasonOf(businessDate(deps.clock.now())),
	]);
	return [...seasons].sort().reverse();
}
