import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { windowInputSchema } from "../../../shared/bookings.ts";
import type { SeasonRulesInput } from "../../../shared/renewals.ts";
import type { z } from "../../../shared/zod.ts";
import { client, readJson } from "../../lib/api-client.ts";
import { customerKeys } from "../../lib/customer-keys.ts";
import { useSubmitMutation } from "../../lib/submit-mutation.ts";
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
	/** Customers to book for, by name, e-mail or number; the newest first without a search. */
	customers: (q: string) =>
		queryOptions({
			queryKey: [...bookingQueries.owner, "customers", q],
			queryFn: () =>
				readJson(client.owner.customers.$get({ query: q ? { q, limit: "8" } : { limit: "8" } })),
			select: (data) => data.customers,
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
export const useCustomerChoices = (q: string) =>
	useQuery({ ...bookingQueries.customers(q), placeholderData: (previous) => previous });

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

/** Move This Day, previewed (changes nothing). */
export const usePreviewDayMove = () =>
	useMutation({
		mutationFn: ({ day, toDay }: { day: string; toDay?: string }) =>
			readJson(
				client.owner.schedule.days[":day"]["move-preview"].$post({
					param: { day },
					json: toDay ? { toDay } : {},
				}),
			),
	});

/** Confirm Move: the previewed bookings move together, or none. */
export function useConfirmDayMove() {
	const refresh = useRefreshCalendar();
	return useMutation({
		mutationFn: ({ day, ...body }: { day: string; toDay?: string; bookingIds: string[] }) =>
			readJson(client.owner.schedule.days[":day"].move.$post({ param: { day }, json: body })),
		onSettled: refresh,
	});
}

export function useChangeDay() {
	const refresh = useRefreshCalendar();
	return useMutation({
		mutationFn: ({
			day,
			...change
		}: {
			day: string;
			capacity?: number;
			closed?: boolean;
			notes?: string | null;
		}) => readJson(client.owner.schedule.days[":day"].$patch({ param: { day }, json: change })),
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
	return useSubmitMutation({
		mutationFn: (input: SeasonRulesInput) =>
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

type WindowInput = z.input<typeof windowInputSchema>;

/** Add a window to a season, change one, or remove one without bookings. */
export function useWindowActions() {
	const refresh = useRefreshCalendar();
	return {
		save: useSubmitMutation({
			mutationFn: ({ id, season, input }: { id?: string; season: string; input: WindowInput }) =>
				id
					? readJson(client.owner.season.windows[":id"].$put({ param: { id }, json: input }))
					: readJson(client.owner.season.windows.$post({ query: { season }, json: input })),
			onSettled: refresh,
		}),
		remove: useMutation({
			mutationFn: (id: string) =>
				readJson(client.owner.season.windows[":id"].$delete({ param: { id } })),
			onSettled: refresh,
		}),
	};
}

/** A phone booking: the owner books a customer's day, booked at once, on any day with room. */
export function useBookForCustomer() {
	const refresh = useRefreshCalendar();
	const queryClient = useQueryClient();
	return useSubmitMutation({
		mutationFn: (input: { customerId: string; windowId: string; day: string }) =>
			readJson(client.owner.bookings.$post({ json: input })),
		// The customer's page and cards show their next step (the install or takedown day).
		onSettled: () =>
			Promise.all([
				refresh(),
				...[customerKeys.ownerDetails, customerKeys.dashboard, customerKeys.ownerList].map(
					(queryKey) => queryClient.invalidateQueries({ queryKey }),
				),
			]),
	});
}
