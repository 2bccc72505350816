import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ServiceOption } from "../../../shared/catalog.ts";
import type {
	SecretName,
	ServiceOptionInput,
	ServiceOptionUpdate,
	SettingsUpdate,
} from "../../../shared/settings.ts";
import { client, readJson } from "../../lib/api-client.ts";
import { useSubmitMutation } from "../../lib/submit-mutation.ts";
import { catalogQueries } from "../catalog/api.ts";

/**
 * Query keys of the owner's Settings. ["owner", "settings"] is the business profile, pricing and
 * the state of the payment keys (secrets only as set or not and their last four characters);
 * ["owner", "catalog"] every service option, active or not. A catalogue change also refetches the
 * quote forms' catalogue (`catalogQueries.all`).
 */
export const settingsQueries = {
	settings: ["owner", "settings"] as const,
	catalog: ["owner", "catalog"] as const,
	owner: () =>
		queryOptions({
			queryKey: settingsQueries.settings,
			queryFn: () => readJson(client.owner.settings.$get()),
		}),
	services: () =>
		queryOptions({
			queryKey: settingsQueries.catalog,
			queryFn: () => readJson(client.owner.catalog.$get()),
			select: (data) => data.services,
		}),
};

export function useOwnerSettings() {
	return useQuery(settingsQueries.owner());
}

export function useAllServiceOptions() {
	return useQuery(settingsQueries.services());
}

/** Save Settings, or remove a saved secret: the answer is the settings as saved. */
export function useSaveSettings() {
	const queryClient = useQueryClient();
	const onSuccess = (data: Awaited<ReturnType<typeof saveSettings>>) =>
		queryClient.setQueryData(settingsQueries.settings, data);
	return {
		save: useSubmitMutation({ mutationFn: saveSettings, onSuccess }),
		removeSecret: useMutation({
			mutationFn: (name: SecretName) =>
				readJson(client.owner.settings["payment-keys"][":name"].$delete({ param: { name } })),
			onSuccess,
		}),
	};
}

const saveSettings = (update: SettingsUpdate) =>
	readJson(client.owner.settings.$put({ json: update }));

/** Add, edit, (de)activate, delete and reorder service options. */
export function useServiceOptionActions() {
	const queryClient = useQueryClient();
	const onSettled = () =>
		Promise.all([
			queryClient.invalidateQueries({ queryKey: settingsQueries.catalog }),
			queryClient.invalidateQueries({ queryKey: catalogQueries.all }),
		]);
	const option = client.owner.catalog[":id"];
	return {
		add: useSubmitMutation({
			mutationFn: (input: ServiceOptionInput) =>
				readJson(client.owner.catalog.$post({ json: input })),
			onSettled,
		}),
		update: useSubmitMutation({
			mutationFn: ({ id, update }: { id: string; update: ServiceOptionUpdate }) =>
				readJson(option.$patch({ param: { id }, json: update })),
			onSettled,
		}),
		remove: useMutation({
			mutationFn: (id: string) => readJson(option.$delete({ param: { id } })),
			onSettled,
		}),
		reorder: useMutation({
			mutationFn: (ids: string[]) => readJson(client.owner.catalog.order.$put({ json: { ids } })),
			// Shown in its new place at once; the server's answer confirms it.
			onMutate: async (ids) => {
				// A read still under way would answer the old order over the new one.
				await queryClient.cancelQueries({ queryKey: settingsQueries.catalog });
				queryClient.setQueryData(
					settingsQueries.catalog,
					(data: { services: ServiceOption[] } | undefined) => {
						if (!data) return data;
						const byId = new Map(data.services.map((s) => [s.id, s]));
						return { services: ids.flatMap((id) => byId.get(id) ?? []) };
					},
				);
			},
			onSettled,
		}),
	};
}
