import {
	type DefaultError,
	type UseMutationOptions,
	type UseMutationResult,
	useMutation,
} from "@tanstack/react-query";
import { useRef } from "react";

/**
 * `useMutation` for what a person submits (a form, a payment, a signature): while one call is under
 * way, another is ignored (`mutate`) or gets the same promise (`mutateAsync`). The check is made
 * at the call itself, not only through `isPending`: a double click's second click can land before
 * React has shown the button disabled. The button still shows `isPending`.
 */
export function useSubmitMutation<
	TData = unknown,
	TError = DefaultError,
	TVariables = void,
	TContext = unknown,
>(
	options: UseMutationOptions<TData, TError, TVariables, TContext>,
): UseMutationResult<TData, TError, TVariables, TContext> {
	const running = useRef<Promise<TData> | null>(null);
	const mutation = useMutation(options);
	const mutateAsync = ((...args: Parameters<typeof mutation.mutateAsync>) => {
		if (running.current) return running.current;
		const call = mutation.mutateAsync(...args).finally(() => {
			running.current = null;
		});
		running.current = call;
		return call;
	}) as typeof mutation.mutateAsync;
	return {
		...mutation,
		isPending: mutation.isPending || running.current !== null,
		mutateAsync,
		mutate: ((...args: Parameters<typeof mutation.mutate>) => {
			if (running.current) return;
			// Errors reach the callbacks (and `error`), as with `mutate`.
			mutateAsync(...args).catch(() => {});
		}) as typeof mutation.mutate,
	} as UseMutationResult<TData, TError, TVariables, TContext>;
}
