import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
	forgotPasswordSchema,
	ProfileUpdate,
	resetPasswordSchema,
	SessionUser,
	SignInInput,
	SignUpInput,
	View,
} from "../../../shared/auth.ts";
import { isBinPath } from "../../../shared/home.ts";
import { SESSION_DATA_ID, SIGNED_IN_PAGES_CACHE } from "../../../shared/session-data.ts";
import { client, readJson } from "../../lib/api-client.ts";
import { forgetFirstReads } from "../../lib/first-reads.ts";
import { queryClient } from "../../lib/query-client.tsx";
import { forgetPushDevice } from "../notifications/api.ts";

/**
 * Query keys of auth. ["me"] is the signed-in account (user, role, area, account status), or null
 * when signed out; nothing else about the account is cached. A live `profile.changed` or
 * `session.ended` event naming the signed-in user's id refetches exactly `authQueries.all`.
 */
export const authQueries = {
	all: ["me"] as const,
	me: () =>
		queryOptions({
			queryKey: authQueries.all,
			queryFn: async () => noteServerClock(await readJson(client.me.$get())),
			staleTime: 60_000,
			initialData: takeSessionFromPage,
			initialDataUpdatedAt: pageLoadedAt,
		}),
};

type Me = { user: SessionUser | null; at?: number };
const pageLoadedAt = Date.now();

/**
 * The server's clock when this page started, in ms: the first answer about the session's `at`, less
 * how long the page had run by then. Every read the page makes comes after it, so its live
 * stream opens with what changed since (GET /api/live?since=) instead of reading everything again.
 */
let serverClockAtStart: number | undefined;
export const serverTimeAtPageStart = () => serverClockAtStart;
function noteServerClock(me: Me): Me {
	if (serverClockAtStart === undefined && me.at !== undefined)
		serverClockAtStart = Math.max(0, Math.floor(me.at - performance.now()));
	return me;
}
/** The signed-in user the server wrote into the page (web.routes.ts), until it is first taken. */
let sessionFromPage: Me | undefined = (() => {
	const text =
		typeof document === "undefined" ? null : document.getElementById(SESSION_DATA_ID)?.textContent;
	try {
		return text ? (JSON.parse(text) as Me) : undefined;
	} catch {
		return undefined;
	}
})();
/** Taken once: after a sign-out or a switch the page's copy is out of date. */
function takeSessionFromPage() {
	const me = sessionFromPage;
	sessionFromPage = undefined;
	return me && noteServerClock(me);
}

/** The signed-in user (null when signed out); undefined while loading. */
export function useMe() {
	return useQuery({ ...authQueries.me(), select: (data) => data.user });
}

/** Asks the server again who is signed in, e.g. right after signing in or switching areas. */
export function useRefreshMe() {
	const queryClient = useQueryClient();
	return () => queryClient.fetchQuery({ ...authQueries.me(), staleTime: 0 });
}

export const signUp = (input: SignUpInput) =>
	readJson(client.account["sign-up"].$post({ json: input }));

export const setView = (view: View) => readJson(client.me.view.$put({ json: { view } }));

export const saveProfile = (update: ProfileUpdate) =>
	readJson(client.me.profile.$put({ json: update }));

/** E-mails the signed-in account a new link that confirms its address. */
export const resendConfirmation = () => readJson(client.me["confirmation-email"].$post());

/**
 * Confirms an address with its link's token (better-auth's endpoint, not in ApiRoutes): resolves
 * when confirmed; ApiError with code `link_invalid` or `link_expired` otherwise.
 */
export const confirmEmail = (token: string) =>
	readJson(
		fetch(`/api/auth/verify-email?${new URLSearchParams({ token })}`, {
			credentials: "same-origin",
		}),
	);

export const createOwnerInvite = (email?: string) =>
	readJson(client.owner.invites.$post({ json: email ? { email } : {} }));

/**
 * better-auth's endpoints the web calls, mounted at /api/auth beside ApiRoutes, so the typed client
 * does not know them: the body each takes, from the schemas the server checks them with
 * (auth.handler.ts). Their answers are not read: success, or ApiError with the server's message.
 */
interface AuthEndpoints {
	"sign-in/email": SignInInput;
	"sign-out": Record<string, never>;
	"request-password-reset": z.input<typeof forgotPasswordSchema>;
	"reset-password": z.input<typeof resetPasswordSchema>;
}

async function postToAuth<P extends keyof AuthEndpoints>(path: P, body: AuthEndpoints[P]) {
	await readJson(
		fetch(`/api/auth/${path}`, {
			method: "POST",
			headers: { "content-type": "application/json" },
			body: JSON.stringify(body),
			credentials: "same-origin",
		}),
	);
}

/**
 * Forgets what this page and this device keep of the signed-in user: the page's first reads and
 * the pages the service worker keeps (it empties them too when the sign-in page opens).
 */
function forgetSignedInPages() {
	forgetFirstReads();
	if (typeof caches !== "undefined") void caches.delete(SIGNED_IN_PAGES_CACHE).catch(() => false);
}

export const signIn = (input: SignInInput) => {
	forgetSignedInPages();
	return postToAuth("sign-in/email", input);
};

let signingOut = false;
/** Whether this page is signing out: the live stream does not open meanwhile (it would be refused). */
export const isSigningOut = () => signingOut;

/** Signing out first stops this device's pushes, while the session can still say whose. */
export const signOut = async () => {
	signingOut = true;
	forgetSignedInPages();
	try {
		await forgetPushDevice();
		return await postToAuth("sign-out", {});
	} finally {
		// Again once signed out: a page the worker was still fetching for next time is kept by now.
		forgetSignedInPages();
		signingOut = false;
	}
};

export const requestPasswordReset = (email: string) =>
	postToAuth("request-password-reset", { email });

export const resetPassword = (token: string, newPassword: string) =>
	postToAuth("reset-password", { token, newPassword });

/** The signed-in areas: the customer app, the owner's, the crews'. */
export type Area = "app" | "owner" | "crew";

/**
 * Where a user is sent instead of an area's page at `pathname`, or null when they may open it: a
 * crew account has the crews' pages only; the owner's area is the owners'; the crews' pages are a
 * crew member's or an owner's. Signed out, sign in first (a scanned bin label opens after it).
 */
export function elsewhere(user: SessionUser | null, area: Area, pathname: string): string | null {
	if (!user) return isBinPath(pathname) ? `/auth?next=${encodeURIComponent(pathname)}` : "/auth";
	if (user.role === "crew" && area !== "crew") return "/crew";
	if (area === "crew" && user.role === "customer") return "/app";
	if (area === "owner" && user.role !== "owner") return "/app";
	return null;
}

/** Whether whoever is signed in may open the area's pages (a route asks for its data only then). */
export async function mayOpen(area: Area): Promise<boolean> {
	const me = await queryClient()
		.ensureQueryData(authQueries.me())
		.catch(() => null);
	return elsewhere(me?.user ?? null, area, "") === null;
}
