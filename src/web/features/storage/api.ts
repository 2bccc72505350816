import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import type { BinInput, BinScanInput, StorageLocationInput } from "../../../shared/storage.ts";
import { client, readJson } from "../../lib/api-client.ts";
import { useSubmitMutation } from "../../lib/submit-mutation.ts";

/**
 * Query keys of storage: ["storage", "locations"], ["storage", "customer", id] a customer's bins,
 * ["storage", "labels", id], ["storage", "bin", code], ["storage", "day", date] a day's bins,
 * ["storage", "alerts"] the dashboard's, ["storage", "mine"] the customer's own.
 */
export const storageQueries = {
	all: ["storage"] as const,
	locations: () =>
		queryOptions({
			queryKey: [...storageQueries.all, "locations"],
			queryFn: () => readJson(client.crew.storage.locations.$get()),
		}),
	customerBins: (customerId: string) =>
		queryOptions({
			queryKey: [...storageQueries.all, "customer", customerId],
			queryFn: () =>
				readJson(client.owner.customers[":id"].bins.$get({ param: { id: customerId } })),
		}),
	labels: (customerId: string) =>
		queryOptions({
			queryKey: [...storageQueries.all, "labels", customerId],
			queryFn: () =>
				readJson(client.owner.customers[":id"]["bin-labels"].$get({ param: { id: customerId } })),
		}),
	bin: (code: string) =>
		queryOptions({
			queryKey: [...storageQueries.all, "bin", code],
			queryFn: () => readJson(client.crew.bins[":code"].$get({ param: { code } })),
			retry: false,
		}),
	day: (day: string) =>
		queryOptions({
			queryKey: [...storageQueries.all, "day", day],
			queryFn: () => readJson(client.crew.days[":day"].bins.$get({ param: { day } })),
		}),
	alerts: () =>
		queryOptions({
			queryKey: [...storageQueries.all, "alerts"],
			queryFn: () => readJson(client.owner.storage.alerts.$get()),
		}),
	mine: () =>
		queryOptions({
			queryKey: [...storageQueries.all, "mine"],
			queryFn: () => readJson(client.storage.$get()),
		}),
};

export const useStorageLocations = () => useQuery(storageQueries.locations());
export const useCustomerBins = (customerId: string) =>
	useQuery(storageQueries.customerBins(customerId));
export const useBinLabels = (customerId: string) => useQuery(storageQueries.labels(customerId));
export const useBin = (code: string) => useQuery(storageQueries.bin(code));
export const useDayBins = (day: string) => useQuery(storageQueries.day(day));
export const useStorageAlerts = () => useQuery(storageQueries.alerts());
export const useMyStorage = () => useQuery(storageQueries.mine());

function useRefreshStorage() {
	const queryClient = useQueryClient();
	return () => queryClient.invalidateQueries({ queryKey: storageQueries.all });
}

export function useAddLocation() {
	const refresh = useRefreshStorage();
	return useSubmitMutation({
		mutationFn: (input: StorageLocationInput) =>
			readJson(client.owner.storage.locations.$post({ json: input })),
		onSuccess: refresh,
	});
}

export function useRemoveLocation() {
	const refresh = useRefreshStorage();
	return useSubmitMutation({
		mutationFn: (id: string) =>
			readJson(client.owner.storage.locations[":id"].$delete({ param: { id } })),
		onSuccess: refresh,
	});
}

export function useAddBin(customerId: string) {
	const refresh = useRefreshStorage();
	return useSubmitMutation({
		mutationFn: (input: BinInput) =>
			readJson(
				client.owner.customers[":id"].bins.$post({ param: { id: customerId }, json: input }),
			),
		onSuccess: refresh,
	});
}

/** The owner changes what a bin holds or where it sits. */
export function useEditBin(code: string) {
	const refresh = useRefreshStorage();
	return useSubmitMutation({
		mutationFn: (input: BinInput) =>
			readJson(client.owner.bins[":code"].$put({ param: { code }, json: input })),
		onSuccess: refresh,
	});
}

/** One scan sent now (the bin page's buttons); the scanner queues its own (scan-queue.ts). */
export function useScanBin() {
	const refresh = useRefreshStorage();
	return useSubmitMutation({
		mutationFn: (scan: BinScanInput) => readJson(client.crew.bins.scans.$post({ json: scan })),
		onSuccess: refresh,
	});
}

/** Sends one queued scan (no retries here: the queue keeps it until it is answered). */
export const sendScan = (scan: BinScanInput) =>
	readJson(client.crew.bins.scans.$post({ json: scan }));
