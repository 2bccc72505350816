import { useEffect, useSyncExternalStore } from "react";
import { api } from "./api-client.ts";

/**
 * A JSON resource from our API shared by every component that reads it, without a query library:
 * the static public pages use it so they load no TanStack Query. It keeps the last answer, asks
 * again as a reader mounts once that answer is older than `staleMs`, and keeps it when asking fails.
 * Readers re-render only when an answer differs from what they show: a page prerendered with the
 * same data does no work when the API confirms it.
 */
export interface CachedResource<T> {
	read(): T | undefined;
	/** What readers show before the first answer, and in the prerendered HTML. */
	readonly initial: T | undefined;
	subscribe(listener: () => void): () => void;
	/** Fetches unless a fresh answer is held or a request is already on its way. */
	revalidate(): void;
	/** Drops the held answer, e.g. when the visitor signs in or out. */
	forget(): void;
}

export function cachedResource<T>(path: string, staleMs: number, initial?: T): CachedResource<T> {
	let value = initial;
	let json = JSON.stringify(initial);
	let fetchedAt = Number.NEGATIVE_INFINITY;
	let pending: Promise<void> | undefined;
	const listeners = new Set<() => void>();
	const set = (next: T | undefined) => {
		const nextJson = JSON.stringify(next);
		if (nextJson === json) return;
		value = next;
		json = nextJson;
		for (const listener of listeners) listener();
	};
	return {
		read: () => value,
		initial,
		subscribe(listener) {
			listeners.add(listener);
			return () => {
				listeners.delete(listener);
			};
		},
		revalidate() {
			if (pending || Date.now() - fetchedAt < staleMs) return;
			pending = api<T>(path)
				.then((data) => {
					fetchedAt = Date.now();
					set(data);
				})
				.catch(() => {})
				.finally(() => {
					pending = undefined;
				});
		},
		forget() {
			fetchedAt = Number.NEGATIVE_INFINITY;
			set(initial);
		},
	};
}

/** The resource's held answer; its initial value before the first one, and while prerendering. */
export function useCachedResource<T>(resource: CachedResource<T>): T | undefined {
	const value = useSyncExternalStore(resource.subscribe, resource.read, () => resource.initial);
	useEffect(() => resource.revalidate(), [resource]);
	return value;
}
