import type { ExtractSchema } from "hono/types";
import { useEffect, useSyncExternalStore } from "react";
import type { ApiRoutes } from "../../server/api-routes.ts";

type ApiSchema = ExtractSchema<ApiRoutes>;
type GetEndpoint<P extends keyof ApiSchema> = ApiSchema[P] extends { $get: infer E } ? E : never;

/**
 * `P` when it is one of the API's GET operations that take no input (what a cached resource can
 * read), else `never`. Checked for the paths used, not computed as a union of every path: that
 * union took a second and a half of every type check.
 */
export type ResourcePath<P extends keyof ApiSchema> =
	GetEndpoint<P> extends { input: infer I } ? ([keyof I] extends [never] ? P : never) : never;

/** The JSON of a resource's 200 answer, as the route declares it. */
export type ResourceJson<P extends keyof ApiSchema> =
	GetEndpoint<P> extends infer E
		? E extends { status: 200; outputFormat: "json"; output: infer O }
			? O
			: never
		: never;

/**
 * One GET of our API, typed from its route like the typed client (lib/api-client.ts), but with
 * `fetch` alone: the public pages that read resources load neither hono's client nor its errors.
 */
async function getJson<P extends keyof ApiSchema>(path: P): Promise<ResourceJson<P>> {
	const response = await fetch(`/api${path}`, { credentials: "same-origin" });
	if (!response.ok) throw new Error(`GET /api${path} answered ${response.status}`);
	return response.json();
}

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

export function cachedResource<P extends keyof ApiSchema>(
	path: P & ResourcePath<P>,
	staleMs: number,
	initial?: ResourceJson<P>,
): CachedResource<ResourceJson<P>> {
	type T = ResourceJson<P>;
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
			pending = getJson<P>(path)
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
