import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { longDate } from "../../../shared/bookings.ts";
import {
	type ArrivalWindowsInput,
	arrivalLabel,
	defaultArrival,
	minutesOf,
	timeOf,
} from "../../../shared/crew.ts";
import type { Deps } from "../../app-env.ts";
import { bookings, customers, users } from "../../db/schema.ts";
import { type Actor, assertOwner } from "../../lib/actor.ts";
import { conflict, fieldError } from "../../lib/errors.ts";
import type { BookingDeps } from "../bookings/bookings.service.ts";
import { listDayStops } from "../bookings/owner-calendar.service.ts";
import { arrivalWindowEmail, recipientName } from "../email/templates.ts";
import { notify, queueNoticeEmail } from "../notifications/notify.service.ts";
import { getCachedBusinessProfile } from "../settings/settings.service.ts";
import { type Point, planRoute, tourMiles, zipOf } from "./route-plan.ts";
import { zipPoint } from "./zip-points.ts";

type DayStops = Awaited<ReturnType<typeof listDayStops>>;
type RouteDeps = BookingDeps & Pick<Deps, "readCache">;

/**
 * A day's stops in route order: the order the owner kept (by place; stops added since go last, in
 * booking order) or, when none was kept, the optimized one. Each stop with its arrival window (set,
 * told, and the default for its place) and whether its ZIP was found; the route's miles beside the
 * booking order's.
 */
export async function orderDay(deps: RouteDeps, day: DayStops) {
	const { depot, located } = await locate(deps, day.stops);
	const kept = day.stops.some((s) => s.routePosition !== null);
	const order = kept
		? day.stops
				.map((s, i) => ({ s, i }))
				.sort(
					(a, b) =>
						(a.s.routePosition ?? Number.MAX_SAFE_INTEGER) -
							(b.s.routePosition ?? Number.MAX_SAFE_INTEGER) || a.i - b.i,
				)
				.map(({ s }) => s.bookingId)
		: planRoute(depot, stopsAt(day.stops, located)).order;
	const byId = new Map(day.stops.map((s) => [s.bookingId, s]));
	const stops = order.map((id) => byId.get(id)!);
	const milesOf = (list: typeof stops) =>
		tourMiles(
			depot,
			list.flatMap((s) => located.get(s.bookingId) ?? []),
		);
	return {
		stops: stops.map((s, index) => {
			const arrival =
				s.arrivalStart !== null && s.arrivalEnd !== null
					? { start: timeOf(s.arrivalStart), end: timeOf(s.arrivalEnd) }
					: null;
			return {
				...s,
				arrival,
				arrivalSent:
					arrival !== null &&
					s.arrivalSentStart === s.arrivalStart &&
					s.arrivalSentEnd === s.arrivalEnd,
				suggestedArrival: defaultArrival(index, Math.max(day.capacity, stops.length)),
				located: located.get(s.bookingId) !== null,
			};
		}),
		route: {
			miles: round(milesOf(stops)),
			bookingOrderMiles: round(milesOf(day.stops)),
			kept,
			fromBusiness: depot !== null,
		},
	};
}

const round = (miles: number) => Math.round(miles * 10) / 10;

/** Where the business and each stop are (null for a ZIP not found), by booking id. */
async function locate(deps: RouteDeps, stops: DayStops["stops"]) {
	const business = await getCachedBusinessProfile(deps);
	const depot = await zipPoint(zipOf(business.address));
	const points = await Promise.all(stops.map((s) => zipPoint(zipOf(s.zipCode, s.address))));
	return { depot, located: new Map(stops.map((s, i) => [s.bookingId, points[i] ?? null])) };
}

const stopsAt = (stops: DayStops["stops"], located: Map<string, Point | null>) =>
	stops.map((s) => ({ id: s.bookingId, point: located.get(s.bookingId) ?? null }));

/** `CASE id WHEN … THEN … END`: one value per booking, for one UPDATE of the whole day. */
const byBooking = (values: readonly [id: string, value: number][]) =>
	sql`case ${bookings.id} ${sql.join(
		values.map(([id, value]) => sql`when ${id}::uuid then ${value}::integer`),
		sql` `,
	)} end`;

/** Keeps `order` (booking ids) as the day's route: places 1, 2, … in one statement. */
async function keepOrder(deps: BookingDeps, day: string, order: readonly string[]) {
	await deps.events.transaction(async (tx) => {
		await tx
			.update(bookings)
			.set({ routePosition: byBooking(order.map((id, index) => [id, index + 1])) })
			.where(and(inArray(bookings.id, [...order]), eq(bookings.day, day)));
		await deps.events.publish(tx, { kind: "calendar.changed", day });
	});
}

/** Optimize Route: the shortest order found now, kept until the owner changes it. */
export async function optimizeRoute(options: { deps: RouteDeps; actor: Actor; day: string }) {
	const { deps, actor, day } = options;
	assertOwner(actor);
	const { stops } = await listDayStops({ deps, actor, day });
	const { depot, located } = await locate(deps, stops);
	await keepOrder(deps, day, planRoute(depot, stopsAt(stops, located)).order);
}

/**
 * The owner's own order (a stop moved up or down): every stop of the day, each once. A booking not
 * on the day, or a day whose stops changed since it was read, is refused (409) with nothing kept.
 */
export async function setRouteOrder(options: {
	deps: RouteDeps;
	actor: Actor;
	day: string;
	bookingIds: readonly string[];
}) {
	const { deps, actor, day, bookingIds } = options;
	assertOwner(actor);
	const { stops } = await listDayStops({ deps, actor, day });
	const onDay = new Set(stops.map((s) => s.bookingId));
	const stranger = bookingIds.find((id) => !onDay.has(id));
	if (stranger) throw conflict(`That booking is not on the route of ${longDate(day)}`);
	if (new Set(bookingIds).size !== bookingIds.length)
		throw fieldError("bookingIds", "Each stop may appear once");
	if (bookingIds.length !== onDay.size)
		throw conflict("The day's stops changed meanwhile: reload the day and order them again");
	await keepOrder(deps, day, bookingIds);
}

/**
 * Saves the arrival windows of some of a day's stops (not told to anyone yet: Send Arrival Windows
 * does that). Each booking must be on that day's route (409 otherwise, nothing saved).
 */
export async function setArrivalWindows(options: {
	deps: RouteDeps;
	actor: Actor;
	day: string;
	windows: ArrivalWindowsInput["windows"];
}) {
	const { deps, actor, day, windows } = options;
	assertOwner(actor);
	const ids = windows.map((w) => w.bookingId);
	if (new Set(ids).size !== ids.length)
		throw fieldError("windows", "Each stop may have one window");
	await deps.events.transaction(async (tx) => {
		const found = await tx
			.select({ id: bookings.id })
			.from(bookings)
			.where(
				and(
					inArray(bookings.id, ids),
					eq(bookings.day, day),
					inArray(bookings.status, ["booked", "done"]),
				),
			)
			.for("update");
		const missing = windows.findIndex((w) => !found.some((f) => f.id === w.bookingId));
		if (missing >= 0)
			throw fieldError(
				`windows.${missing}.bookingId`,
				`That booking is not on the route of ${longDate(day)}`,
				409,
			);
		await tx
			.update(bookings)
			.set({
				arrivalStart: byBooking(windows.map((w) => [w.bookingId, minutesOf(w.start)])),
				arrivalEnd: byBooking(windows.map((w) => [w.bookingId, minutesOf(w.end)])),
			})
			.where(inArray(bookings.id, ids));
		await deps.events.publish(tx, { kind: "calendar.changed", day });
	});
}

/**
 * Send Arrival Windows: each booked stop of the day with a window set that its customer was not
 * told yet (never, or another window before) is told now, by e-mail and push (their schedule
 * switches decide), in the transaction that records what they were told; sending again tells no
 * one twice. Rows are locked, so two sends at once tell each customer once.
 */
export async function sendArrivalWindows(options: {
	deps: RouteDeps & Pick<Deps, "env" | "mailer" | "secrets">;
	actor: Actor;
	day: string;
}) {
	const { deps, actor, day } = options;
	assertOwner(actor);
	const business = await getCachedBusinessProfile(deps);
	return deps.events.transaction(async (tx) => {
		const rows = await tx
			.select({
				booking: bookings,
				userId: customers.userId,
				name: customers.name,
				email: customers.email,
				loginEmail: users.email,
				emailVerified: users.emailVerified,
			})
			.from(bookings)
			.innerJoin(customers, eq(customers.id, bookings.customerId))
			.leftJoin(users, eq(users.id, customers.userId))
			.where(and(eq(bookings.day, day), eq(bookings.status, "booked")))
			.orderBy(asc(bookings.id))
			.for("update", { of: bookings });
		let told = 0;
		let unchanged = 0;
		let withoutWindow = 0;
		for (const row of rows) {
			const b = row.booking;
			if (b.arrivalStart === null || b.arrivalEnd === null) {
				withoutWindow++;
				continue;
			}
			if (b.arrivalSentStart === b.arrivalStart && b.arrivalSentEnd === b.arrivalEnd) {
				unchanged++;
				continue;
			}
			const arrival = arrivalLabel({ start: timeOf(b.arrivalStart), end: timeOf(b.arrivalEnd) });
			const what = b.kind;
			await queueNoticeEmail(
				tx,
				deps,
				arrivalWindowEmail({
					to: row.loginEmail ?? row.email,
					name: recipientName({ name: row.name, emailVerified: row.emailVerified ?? false }),
					what,
					day: longDate(b.day),
					arrival,
					changed: b.arrivalSentStart !== null,
					url: `${deps.env.APP_URL}/app`,
					business,
				}),
				{ audience: row.userId ? { userId: row.userId } : null, category: "schedule" },
			);
			await notify(tx, deps, row.userId, {
				kind: "arrival_window",
				title: `Arrival ${arrival}`,
				body: `Our crew arrives for your ${what} on ${longDate(b.day)} between ${arrival}.`,
				url: "/app",
				tag: `booking-${b.id}`,
			});
			await tx
				.update(bookings)
				.set({ arrivalSentStart: b.arrivalStart, arrivalSentEnd: b.arrivalEnd })
				.where(eq(bookings.id, b.id));
			await deps.events.publish(tx, {
				kind: "booking.changed",
				bookingId: b.id,
				day: b.day,
				userId: row.userId,
			});
			told++;
		}
		return { told, unchanged, withoutWindow };
	});
}
