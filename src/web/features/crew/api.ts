import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ArrivalWindowsInput, CrewDay, PropertySpecsInput } from "../../../shared/crew.ts";
import { client, readJson } from "../../lib/api-client.ts";
import { useSubmitMutation } from "../../lib/submit-mutation.ts";

/**
 * Query keys of the crews: ["crew", "days"] the days with stops, ["crew", "day", date] one day's
 * stops, ["crew", "members"] Settings → Crew, ["specs", customerId] a house's specs.
 */
/** Every crew query: a route kept or a window set elsewhere (`calendar.changed`) refetches them. */
export const crewQueryKey = ["crew"] as const;

export const crewQueries = {
	all: crewQueryKey,
	days: () =>
		queryOptions({
			queryKey: [...crewQueries.all, "days"],
			queryFn: () => readJson(client.crew.days.$get()),
		}),
	day: (day: string) =>
		queryOptions({
			queryKey: [...crewQueries.all, "day", day],
			queryFn: () => readJson(client.crew.days[":day"].$get({ param: { day } })),
		}),
	members: () =>
		queryOptions({
			queryKey: [...crewQueries.all, "members"],
			queryFn: () => readJson(client.owner.crew.$get()),
		}),
	specs: (customerId: string) =>
		queryOptions({
			queryKey: ["specs", customerId],
			queryFn: () =>
				readJson(client.owner.customers[":id"].specs.$get({ param: { id: customerId } })),
		}),
};

export const useCrewDays = () => useQuery(crewQueries.days());
export const useCrewDay = (day: string) => useQuery(crewQueries.day(day));
export const useCrewMembers = () => useQuery(crewQueries.members());
export const usePropertySpecs = (customerId: string) => useQuery(crewQueries.specs(customerId));

function useRefreshCrew() {
	const queryClient = useQueryClient();
	return () => queryClient.invalidateQueries({ queryKey: crewQueries.all });
}

export function useInviteCrew() {
	const refresh = useRefreshCrew();
	return useSubmitMutation({
		mutationFn: (email: string) => readJson(client.owner.crew.invites.$post({ json: { email } })),
		onSuccess: refresh,
	});
}

export function useRemoveCrewMember() {
	const refresh = useRefreshCrew();
	return useMutation({
		mutationFn: (userId: string) =>
			readJson(client.owner.crew[":userId"].$delete({ param: { userId } })),
		onSuccess: refresh,
	});
}

export function useRevokeCrewInvite() {
	const refresh = useRefreshCrew();
	return useMutation({
		mutationFn: (id: string) =>
			readJson(client.owner.crew.invites[":id"].$delete({ param: { id } })),
		onSuccess: refresh,
	});
}

/** Installed / Taken Down, with the photos taken (none is fine). */
export function useMarkStopDone() {
	const refresh = useRefreshCrew();
	return useMutation({
		mutationFn: ({ bookingId, photos }: { bookingId: string; photos: File[] }) =>
			readJson(
				client.crew.bookings[":id"].done.$post({
					param: { id: bookingId },
					form: { media: photos },
				}),
			),
		onSuccess: refresh,
	});
}

export function useAddPropertyNote() {
	const queryClient = useQueryClient();
	return useMutation({
		mutationFn: ({ customerId, body }: { customerId: string; body: string }) =>
			readJson(
				client.crew.customers[":id"].notes.$post({ param: { id: customerId }, json: { body } }),
			),
		onSuccess: () =>
			Promise.all([
				queryClient.invalidateQueries({ queryKey: crewQueries.all }),
				queryClient.invalidateQueries({ queryKey: ["specs"] }),
			]),
	});
}

export function useSavePropertySpecs(customerId: string) {
	const queryClient = useQueryClient();
	return useSubmitMutation({
		mutationFn: (specs: PropertySpecsInput) =>
			readJson(
				client.owner.customers[":id"].specs.$put({ param: { id: customerId }, json: specs }),
			),
		onSuccess: (data) => queryClient.setQueryData(crewQueries.specs(customerId).queryKey, data),
	});
}

/** Every answer of the route's writes is the day itself: it replaces the one on screen. */
function useSetDay(day: string) {
	const queryClient = useQueryClient();
	return (data: CrewDay) => {
		queryClient.setQueryData(crewQueries.day(day).queryKey, data);
		void queryClient.invalidateQueries({ queryKey: [...crewQueries.all, "days"] });
	};
}

/** Optimize Route: the shortest order, kept. */
export function useOptimizeRoute(day: string) {
	const setDay = useSetDay(day);
	return useSubmitMutation({
		mutationFn: () =>
			readJson(client.owner.schedule.days[":day"].route.optimize.$post({ param: { day } })),
		onSuccess: setDay,
	});
}

/** The owner's own order (a stop moved up or down), shown at once and kept. */
export function useSetRouteOrder(day: string) {
	const queryClient = useQueryClient();
	const setDay = useSetDay(day);
	const key = crewQueries.day(day).queryKey;
	return useMutation({
		mutationFn: (bookingIds: string[]) =>
			readJson(
				client.owner.schedule.days[":day"].route.$put({ param: { day }, json: { bookingIds } }),
			),
		onMutate: async (bookingIds) => {
			await queryClient.cancelQueries({ queryKey: key });
			const before = queryClient.getQueryData(key);
			if (before)
				queryClient.setQueryData(key, {
					...before,
					stops: bookingIds.map((id) => before.stops.find((s) => s.bookingId === id)!),
				});
			return { before };
		},
		onError: (_error, _ids, context) => {
			if (context?.before) queryClient.setQueryData(key, context.before);
		},
		onSuccess: setDay,
	});
}

export function useSaveArrivalWindows(day: string) {
	const setDay = useSetDay(day);
	return useSubmitMutation({
		mutationFn: (windows: ArrivalWindowsInput["windows"]) =>
			readJson(
				client.owner.schedule.days[":day"]["arrival-windows"].$put({
					param: { day },
					json: { windows },
				}),
			),
		onSuccess: setDay,
	});
}

/** Send Arrival Windows: the windows on screen saved first, then each customer told once. */
export function useSendArrivalWindows(day: string) {
	const queryClient = useQueryClient();
	const setDay = useSetDay(day);
	return useSubmitMutation({
		mutationFn: async (windows: ArrivalWindowsInput["windows"]) => {
			setDay(
				await readJson(
					client.owner.schedule.days[":day"]["arrival-windows"].$put({
						param: { day },
						json: { windows },
					}),
				),
			);
			return readJson(
				client.owner.schedule.days[":day"]["arrival-windows"].send.$post({ param: { day } }),
			);
		},
		onSuccess: () => queryClient.invalidateQueries({ queryKey: crewQueries.day(day).queryKey }),
	});
}
