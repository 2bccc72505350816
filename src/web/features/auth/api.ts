import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { Me, Role, SignInInput, SignUpInput } from "../../../shared/auth.ts";
import { api } from "../../lib/api-client.ts";

export const meQueryKey = ["me"] as const;

/** The signed-in user (null when signed out); undefined while loading. */
export function useMe() {
	return useQuery({
		queryKey: meQueryKey,
		queryFn: () => api<Me>("/api/me"),
		staleTime: 60_000,
		select: (data) => data.user,
	});
}

export function useRefreshMe() {
	const queryClient = useQueryClient();
	return () =>
		queryClient.fetchQuery({
			queryKey: meQueryKey,
			queryFn: () => api<Me>("/api/me"),
			staleTime: 0,
		});
}

export const signIn = (input: SignInInput) =>
	api("/api/auth/sign-in/email", { method: "POST", body: input });

export const signUp = (input: SignUpInput) =>
	api("/api/account/sign-up", { method: "POST", body: input });

export const signOut = () => api("/api/auth/sign-out", { method: "POST", body: {} });

export const requestPasswordReset = (email: string) =>
	api("/api/auth/request-password-reset", { method: "POST", body: { email } });

export const resetPassword = (token: string, newPassword: string) =>
	api("/api/auth/reset-password", { method: "POST", body: { token, newPassword } });

export const setView = (view: Role) =>
	api<{ view: Role }>("/api/me/view", { method: "PUT", body: { view } });

export const createOwnerInvite = (email?: string) =>
	api<{ code: string; url: string; expiresAt: string }>("/api/owner/invites", {
		method: "POST",
		body: email ? { email } : {},
	});
