import { keepPreviousData, queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SaveTerms, SignContractInput } from "../../../shared/contracts.ts";
import { client, readJson } from "../../lib/api-client.ts";
import { customerDetailKey, customerKeys } from "../../lib/customer-keys.ts";
import { useIdempotencyKey } from "../../lib/idempotency.ts";
import { useSubmitMutation } from "../../lib/submit-mutation.ts";

/**
 * Query keys of contracts and the season timeline. The customer's own live under their record
 * (["customer", "me", ...]), so whatever refreshes the record (a quote accepted, `customer.changed`)
 * refreshes them; the owner's under the customer's page (["owner", "customer", id, ...]) and
 * ["owner", "contract-terms"].
 */
export const contractQueries = {
	mine: () =>
		queryOptions({
			queryKey: [...customerKeys.mine, "contract"] as const,
			queryFn: () => readJson(client.contract.$get()),
		}),
	myTimeline: () =>
		queryOptions({
			queryKey: [...customerKeys.mine, "season-timeline"] as const,
			queryFn: () => readJson(client["season-timeline"].$get()),
		}),
	terms: () =>
		queryOptions({
			queryKey: ["owner", "contract-terms"] as const,
			queryFn: () => readJson(client.owner["contract-terms"].$get()),
		}),
	customerContracts: (id: string) =>
		queryOptions({
			queryKey: [...customerDetailKey(id), "contracts"] as const,
			queryFn: () => readJson(client.owner.customers[":id"].contracts.$get({ param: { id } })),
		}),
	customerTimeline: (id: string, season?: string) =>
		queryOptions({
			queryKey: [...customerDetailKey(id), "season-timeline", season ?? "newest"] as const,
			queryFn: () =>
				readJson(
					client.owner.customers[":id"]["season-timeline"].$get({
						param: { id },
						query: season ? { season } : {},
					}),
				),
		}),
};

/** The current terms, my approved quote's lines and total, and my contracts. */
export function useMyContract(enabled = true) {
	return useQuery({ ...contractQueries.mine(), enabled });
}

export function useMyTimeline() {
	return useQuery(contractQueries.myTimeline());
}

export function useContractTerms() {
	return useQuery(contractQueries.terms());
}

export function useCustomerContracts(id: string) {
	return useQuery(contractQueries.customerContracts(id));
}

export function useCustomerTimeline(id: string, season?: string) {
	return useQuery({
		...contractQueries.customerTimeline(id, season),
		placeholderData: keepPreviousData,
	});
}

/** Signs my approved quote's contract on the version I read. */
export function useSignContract() {
	const queryClient = useQueryClient();
	const idempotency = useIdempotencyKey();
	return useSubmitMutation({
		mutationFn: (json: SignContractInput & { termsVersion: number }) =>
			readJson(client.contract.sign.$post({ json }, { headers: idempotency.headers() })),
		onSuccess: () => {
			idempotency.succeeded();
			return queryClient.invalidateQueries({ queryKey: customerKeys.mine });
		},
	});
}

/** Saves the terms as a new version. */
export function useSaveTerms() {
	const queryClient = useQueryClient();
	const idempotency = useIdempotencyKey();
	return useSubmitMutation({
		mutationFn: (json: SaveTerms) =>
			readJson(client.owner["contract-terms"].$post({ json }, { headers: idempotency.headers() })),
		onSuccess: () => {
			idempotency.succeeded();
			return queryClient.invalidateQueries({ queryKey: contractQueries.terms().queryKey });
		},
	});
}

/** Where a signed contract's PDF is served (private: the owner's and its customer's only). */
export const contractPdfUrl = (fileId: string) => `/api/files/${fileId}`;
