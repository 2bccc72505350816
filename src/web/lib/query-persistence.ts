import { type DehydratedState, dehydrate, hydrate, type QueryClient } from "@tanstack/react-query";
import { del, get, set } from "idb-keyval";

/**
 * The signed-in areas' data kept on the device between visits (IndexedDB), so the installed app
 * opens on what it showed last while it asks for the current data (decision 039). It belongs to
 * one account: another account's sign-in on the device never sees it (a different user's pages
 * start empty, and signing out clears the site's storage: Clear-Site-Data), and a release reads
 * only what it wrote itself (an answer's shape may change).
 */
interface Saved {
	build: string;
	userId: string;
	savedAt: number;
	state: DehydratedState;
}

const KEY = "queries";
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
const SAVE_AFTER_MS = 1000;
const BUILD: string = import.meta.env.VITE_BUILD_ID ?? "development";

/** The signed-in user's id in the cache (GET /api/me's answer under ["me"]). */
const userIdOf = (client: QueryClient) =>
	client.getQueryData<{ user: { id: string } | null }>(["me"])?.user?.id ?? null;

let restoring: Promise<void> | undefined;

/**
 * Puts the saved data in the cache (once a visit), then saves it again a second after each new
 * answer. Resolves when the cache is ready to show.
 */
export function restoreQueries(client: QueryClient): Promise<void> {
	restoring ??= (async () => {
		try {
			const saved = await get<Saved>(KEY);
			const pageUser = userIdOf(client);
			if (
				saved?.build === BUILD &&
				Date.now() - saved.savedAt < MAX_AGE_MS &&
				(!pageUser || pageUser === saved.userId)
			)
				hydrate(client, saved.state);
		} catch {
			// Storage refused (a private window): the app starts from the network.
		}
		keepQueries(client);
	})();
	return restoring;
}

function keepQueries(client: QueryClient) {
	let owner = userIdOf(client);
	let saving = false;
	const save = () => {
		saving = false;
		const userId = userIdOf(client);
		const write = userId
			? set(KEY, {
					build: BUILD,
					userId,
					savedAt: Date.now(),
					state: dehydrate(client),
				} satisfies Saved)
			: del(KEY);
		write.catch(() => undefined);
	};
	client.getQueryCache().subscribe((event) => {
		if (event.type !== "updated" || event.action.type !== "success") return;
		const userId = userIdOf(client);
		// Another account on this device: what the page showed is not theirs.
		if (owner && userId && userId !== owner)
			void client.resetQueries({ predicate: (query) => query.queryKey[0] !== "me" });
		owner = userId;
		if (saving) return;
		saving = true;
		setTimeout(save, SAVE_AFTER_MS);
	});
}
