import { type CrewDay, mapsUrl } from "../../../shared/crew.ts";
import type { Deps } from "../../app-env.ts";
import type { Actor } from "../../lib/actor.ts";
import { conflict } from "../../lib/errors.ts";
import { type BookingDeps, markDone, staffBooking } from "../bookings/bookings.service.ts";
import { listDayStops } from "../bookings/owner-calendar.service.ts";
import { addInstallationMedia, installationPhotosOf } from "../customers/customer-media.service.ts";
import { specsOf } from "../customers/property-specs.service.ts";
import { orderDay } from "./day-route.service.ts";

/**
 * A crew's day on the phone, in route order: each stop's customer, address (with a maps link),
 * phone, services, arrival window, the house's specs and its latest installation photos, the
 * day's notes and the route's miles. No amounts: the stops carry none.
 */
export async function getCrewDay(options: {
	deps: BookingDeps & Pick<Deps, "readCache">;
	actor: Actor;
	day: string;
}): Promise<CrewDay> {
	const { deps, actor, day } = options;
	const listed = await listDayStops({ deps, actor, day });
	const { notes } = listed;
	const { stops, route } = await orderDay(deps, listed);
	const specs = await specsOf(
		deps.db,
		actor,
		stops.map((s) => s.customerId),
	);
	const photos = await installationPhotosOf({
		deps,
		actor,
		userIds: stops.flatMap((s) => (s.userId ? [s.userId] : [])),
	});
	return {
		day,
		notes,
		route,
		stops: stops.map((stop) => ({
			bookingId: stop.bookingId,
			kind: stop.kind,
			status: stop.status,
			customerId: stop.customerId,
			name: stop.name,
			address: stop.address,
			phone: stop.phone,
			mapsUrl: stop.address ? mapsUrl(stop.address) : null,
			services: stop.services,
			specs: specs.get(stop.customerId)!,
			photos: (stop.userId && photos.get(stop.userId)) || [],
			arrival: stop.arrival,
			arrivalSent: stop.arrivalSent,
			suggestedArrival: stop.suggestedArrival,
			located: stop.located,
		})),
	};
}

/**
 * Installed or Taken Down: the photos (optional) join the customer's installation media, then the
 * booking is done, its milestone set and the customer told. A stop already done changes nothing,
 * photos included.
 */
export async function markStopDone(options: {
	deps: BookingDeps & Pick<Deps, "env">;
	actor: Actor;
	bookingId: string;
	photos: readonly File[];
}) {
	const { deps, actor, bookingId, photos } = options;
	const booking = await staffBooking({ deps, actor, id: bookingId });
	if (booking.status === "done") return markDone({ deps, actor, id: bookingId });
	if (booking.status !== "booked") throw conflict("Only a booked day can be marked done");
	if (photos.length > 0)
		await addInstallationMedia({ deps, actor, id: booking.customerId, media: photos });
	return markDone({ deps, actor, id: bookingId, photos: photos.length });
}
