import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SeasonSettings } from "../../../shared/bookings.ts";
import { client, readJson } from "../../lib/api-client.ts";
import { billQueries } from "../payments/api.ts";

/**
 * Query keys of the season calendar. ["bookings"] is the signed-in customer's booking page;
 * ["booking-days", windowId] a window's days; ["schedule", ...] the owner's calendar, its days
 * and the calendar's rules. Live `booking.changed` and `calendar.changed` events refetch them.
 */
export const bookingQueries = {
	mine: ["bookings"] as const,
	days: ["booking-days"] as const,
	owner: ["schedule"] as const,
	myBookings: () =>
		queryOptions({
			queryKey: bookingQueries.mine,
			queryFn: () => readJson(client.bookings.$get()),
		}),
	windowDays: (windowId: string) =>
		queryOptions({
			queryKey: [...bookingQueries.days, windowId],
			queryFn: () =>
				readJson(client["booking-windows"][":id"].days.$get({ param: { id: windowId } })),
		}),
	calendar: (season?: string) =>
		queryOptions({
			queryKey: [...bookingQueries.owner, "calendar", season ?? "current"],
			queryFn: () => readJson(client.owner.schedule.$get({ query: season ? { season } : {} })),
		}),
	day: (day: string) =>
		queryOptions({
			queryKey: [...bookingQueries.owner, "day", day],
			queryFn: () => readJson(client.owner.schedule.days[":day"].$get({ param: { day } })),
		}),
	settings: () =>
		queryOptions({
			queryKey: [...bookingQueries.owner, "settings"],
			queryFn: () => readJson(client.owner.season.settings.$get()),
		}),
	windows: () =>
		queryOptions({
			queryKey: [...bookingQueries.owner, "windows"],
			queryFn: () => readJson(client.owner.season.windows.$get()),
		}),
};

export const useMyBookings = () => useQuery(bookingQueries.myBookings());
export const useWindowDays = (windowId: string | undefined) =>
	useQuery({ ...bookingQueries.windowDays(windowId ?? ""), enabled: Boolean(windowId) });
export const useOwnerCalendar = (season?: string) => useQuery(bookingQueries.calendar(season));
export const useOwnerDay = (day: string | undefined) =>
	useQuery({ ...bookingQueries.day(day ?? ""), enabled: Boolean(day) });
export const useSeasonSettings = () => useQuery(bookingQueries.settings());
export const useSeasonWindows = () => useQuery(bookingQueries.windows());

/** After any booking change: the booking page, the days, the bills (a deposit) and the calendar. */
function useRefreshCalendar() {
	const queryClient = useQueryClient();
	return () =>
		Promise.all(
			[bookingQueries.mine, bookingQueries.days, bookingQueries.owner, billQueries.mine].map(
				(queryKey) => queryClient.invalidateQueries({ queryKey }),
			),
		);
}

export function useBookDay() {
	const refresh = useRefreshCalendar();
	return useMutation({
		mutationFn: (input: { windowId: string; day: string }) =>
			readJson(client.bookings.$post({ json: input })),
		onSettled: refresh,
	});
}

export function useMoveBooking() {
	const refresh = useRefreshCalendar();
	return useMutation({
		mutationFn: ({ id, day, windowId }: { id: string; day: string; windowId?: string }) =>
			readJson(client.bookings[":id"].move.$post({ param: { id }, json: { day, windowId } })),
		onSettled: refresh,
	});
}

export function useCancelBooking() {
	const refresh = useRefreshCalendar();
	return useMutation({
		mutationFn: (id: string) => readJson(client.bookings[":id"].cancel.$post({ param: { id } })),
		onSettled: refresh,
	});
}

export function useChangeDay() {
	const refresh = useRefreshCalendar();
	return useMutation({
		mutationFn: ({ day, ...change }: { day: string; capacity?: number; closed?: boolean }) =>
			readJson(client.owner.schedule.days[":day"].$patch({ param: { day }, json: change })),
		onSettled: refresh,
	});
}

export function useOwnerBookingAction() {
	const refresh = useRefreshCalendar();
	return useMutation({
		mutationFn: ({ id, action }: { id: string; action: "cancel" | "done" }) =>
			readJson(
				action === "cancel"
					? client.owner.bookings[":id"].cancel.$post({ param: { id } })
					: client.owner.bookings[":id"].done.$post({ param: { id } }),
			),
		onSettled: refresh,
	});
}

export function useSaveSeasonSettings() {
	const refresh = useRefreshCalendar();
	return useMutation({
		mutationFn: (input: Partial<SeasonSettings>) =>
			readJson(client.owner.season.settings.$put({ json: input })),
		onSettled: refresh,
	});
}

/** The owner moves a customer's booking to any day with room. */
export function useOwnerMoveBooking() {
	const refresh = useRefreshCalendar();
	return useMutation({
		mutationFn: ({ id, day }: { id: string; day: string }) =>
			readJson(client.owner.bookings[":id"].move.$post({ param: { id }, json: { day } })),
		onSettled: refresh,
	});
}
