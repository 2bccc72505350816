import {
	infiniteQueryOptions,
	queryOptions,
	useInfiniteQuery,
	useMutation,
	useQuery,
	useQueryClient,
} from "@tanstack/react-query";
import {
	type CreateCustomerInput,
	type CustomerDetail,
	type ProgressFlag,
	progressPercent,
	type UpdateCustomerInput,
} from "../../../shared/customers.ts";
import { ApiError, client, readJson } from "../../lib/api-client.ts";
import { customerDetailKey, customerKeys, useRefreshCustomer } from "../../lib/customer-keys.ts";
import { useIdempotencyKey } from "../../lib/idempotency.ts";
import { useSubmitMutation } from "../../lib/submit-mutation.ts";

/**
 * Query keys of customers. ["customer", "me"] is the signed-in customer's own record (service type,
 * progress; the cache holds one account's data: signing out clears it). ["owner", "dashboard"] is
 * the owner's dashboard (stat tiles, newest quote requests, first customer cards) and
 * ["owner", "customers", cursor] the cards after it. A live `customer.changed` event refetches
 * `customerQueries.mine` where it names the signed-in user, and in the owner's app
 * `customerQueries.dashboard` and `customerQueries.ownerList`, which `bill.changed` (a card's
 * pending bills) and `quote.changed` (the tiles, the newest requests) also reach.
 */
export const customerQueries = {
	...customerKeys,
	myRecord: () =>
		queryOptions({
			queryKey: customerQueries.mine,
			queryFn: () => readJson(client.customer.$get()),
		}),
	/** ["customer", "installation-media"]: photos of my finished display. */
	myInstallationMedia: () =>
		queryOptions({
			queryKey: ["customer", "installation-media"] as const,
			queryFn: () => readJson(client["installation-media"].$get()),
		}),
	/** One customer's page, for the owner. */
	detail: (id: string) =>
		queryOptions({
			queryKey: customerDetailKey(id),
			queryFn: () => readJson(client.owner.customers[":id"].$get({ param: { id } })),
			retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 3,
		}),
	ownerDashboard: () =>
		queryOptions({
			queryKey: customerQueries.dashboard,
			queryFn: () => readJson(client.owner.dashboard.$get()),
		}),
	/** Customer cards after the dashboard's first page, which ends at `firstCursor`. */
	more: (firstCursor: string | null) =>
		infiniteQueryOptions({
			queryKey: [...customerQueries.ownerList, firstCursor] as const,
			queryFn: ({ pageParam }) =>
				readJson(client.owner.customers.$get({ query: { cursor: pageParam } })),
			initialPageParam: firstCursor ?? "",
			getNextPageParam: (page) => page.nextCursor ?? undefined,
		}),
};

export function useDashboard() {
	return useQuery(customerQueries.ownerDashboard());
}

/** Customer cards after the dashboard's first page, fetched when asked for. */
export function useMoreCustomers(firstCursor: string | null) {
	return useInfiniteQuery({ ...customerQueries.more(firstCursor), enabled: false });
}

/** My customer record (service type and progress), or null. */
export function useMyCustomer() {
	return useQuery({ ...customerQueries.myRecord(), select: (d) => d.customer });
}

// ---------------------------------------------------------------- the owner's customers

/** ["owner", "customers", "search", q]: the cards matching a search, a page at a time. */
export function useCustomerSearch(q: string) {
	return useInfiniteQuery({
		queryKey: [...customerQueries.ownerList, "search", q] as const,
		queryFn: ({ pageParam }) =>
			readJson(client.owner.customers.$get({ query: { q, cursor: pageParam || undefined } })),
		initialPageParam: "",
		getNextPageParam: (page) => page.nextCursor ?? undefined,
		enabled: q !== "",
	});
}

export function useCustomerDetail(id: string) {
	return useQuery(customerQueries.detail(id));
}

/** Add Customer: the form's JSON and its photos, as one multipart request. */
export function useCreateCustomer() {
	const refresh = useRefreshCustomer();
	const idempotency = useIdempotencyKey();
	return useSubmitMutation({
		mutationFn: ({ input, photos }: { input: CreateCustomerInput; photos: readonly File[] }) =>
			readJson(
				client.owner.customers.$post(
					{ form: { data: JSON.stringify(input), photos } },
					{
						headers: idempotency.headers(),
					},
				),
			),
		onSuccess: () => {
			idempotency.succeeded();
			return refresh();
		},
	});
}

export function useUpdateCustomer(id: string) {
	const refresh = useRefreshCustomer(id);
	return useSubmitMutation({
		mutationFn: (input: UpdateCustomerInput) =>
			readJson(client.owner.customers[":id"].$patch({ param: { id }, json: input })),
		onSuccess: refresh,
	});
}

/** A milestone saved at once; the page shows it before the server answers. */
export function useUpdateProgress(id: string) {
	const queryClient = useQueryClient();
	const refresh = useRefreshCustomer(id);
	return useMutation({
		mutationFn: (input: Partial<Record<ProgressFlag, boolean>>) =>
			readJson(client.owner.customers[":id"].progress.$patch({ param: { id }, json: input })),
		onMutate: async (input) => {
			// A read still under way (after an earlier save) would answer the old milestones over
			// the flipped switch.
			await queryClient.cancelQueries({ queryKey: customerDetailKey(id) });
			queryClient.setQueryData<CustomerDetail>(customerDetailKey(id), (old) => {
				if (!old) return old;
				const next = { ...old.customer, ...input };
				return { ...old, customer: { ...next, progressPercent: progressPercent(next) } };
			});
		},
		onSettled: refresh,
	});
}

export function useCustomerImage(id: string) {
	const refresh = useRefreshCustomer(id);
	const upload = useSubmitMutation({
		mutationFn: (image: File) =>
			readJson(client.owner.customers[":id"].image.$put({ param: { id }, form: { image } })),
		onSuccess: refresh,
	});
	const remove = useMutation({
		mutationFn: () => readJson(client.owner.customers[":id"].image.$delete({ param: { id } })),
		onSuccess: refresh,
	});
	return { upload, remove };
}

export function useInstallationMedia(id: string) {
	const refresh = useRefreshCustomer(id);
	const upload = useSubmitMutation({
		mutationFn: (media: File[]) =>
			readJson(
				client.owner.customers[":id"]["installation-media"].$post({
					param: { id },
					form: { media },
				}),
			),
		onSuccess: refresh,
	});
	const remove = useMutation({
		mutationFn: (fileId: string) =>
			readJson(
				client.owner.customers[":id"]["installation-media"][":fileId"].$delete({
					param: { id, fileId },
				}),
			),
		onSuccess: refresh,
	});
	return { upload, remove };
}

export function useMyInstallationMedia() {
	return useQuery({ ...customerQueries.myInstallationMedia(), select: (d) => d.media });
}
