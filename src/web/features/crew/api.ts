import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PropertySpecsInput } from "../../../shared/crew.ts";
import { client, readJson } from "../../lib/api-client.ts";

/**
 * Query keys of the crews: ["crew", "days"] the days with stops, ["crew", "day", date] one day's
 * stops, ["crew", "members"] Settings → Crew, ["specs", customerId] a house's specs.
 */
const crewQueries = {
	all: ["crew"] as const,
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
	return useMutation({
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
	return useMutation({
		mutationFn: (specs: PropertySpecsInput) =>
			readJson(
				client.owner.customers[":id"].specs.$put({ param: { id: customerId }, json: specs }),
			),
		onSuccess: (data) => queryClient.setQueryData(crewQueries.specs(customerId).queryKey, data),
	});
}
