import type { SessionUser } from "../../../shared/auth.ts";
import { cachedResource, useCachedResource } from "../../lib/cached-resource.ts";

/**
 * Who is visiting the public pages, for the header's account link. Asked again each time a
 * public page mounts (the last answer shows meanwhile); a small cache rather than the app's
 * TanStack Query `useMe`, so the public pages load no query library.
 */
export const visitor = cachedResource("/me", 0, { user: null });

/** The signed-in visitor, or null (also until the first answer). */
export function useVisitor(): SessionUser | null | undefined {
	return useCachedResource(visitor)?.user;
}
