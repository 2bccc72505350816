import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import * as React from "react";
import type { NotificationCategory } from "../../../shared/notifications.ts";
import { PRESENCE_HEARTBEAT_MS } from "../../../shared/notifications.ts";
import { client, readJson } from "../../lib/api-client.ts";

/** ["notifications", "preferences"]: my switches per category, my devices. */
export const notificationQueries = {
	preferences: queryOptions({
		queryKey: ["notifications", "preferences"] as const,
		queryFn: () => readJson(client.notifications.preferences.$get()),
	}),
	/** ["notifications", "push-key"]: loaded before the tap, so the tap subscribes at once. */
	pushKey: queryOptions({
		queryKey: ["notifications", "push-key"] as const,
		queryFn: () => readJson(client.notifications["push-key"].$get()),
		staleTime: Number.POSITIVE_INFINITY,
	}),
};

export const useNotificationPrefs = () => useQuery(notificationQueries.preferences);

export function useSwitchNotification() {
	const queryClient = useQueryClient();
	return useMutation({
		mutationFn: (input: {
			category: NotificationCategory;
			channel: "push" | "email";
			enabled: boolean;
		}) =>
			readJson(
				client.notifications.preferences.$patch({
					json: { [input.category]: { [input.channel]: input.enabled } },
				}),
			),
		onSuccess: (data) => queryClient.setQueryData(notificationQueries.preferences.queryKey, data),
	});
}

/** What this browser can do about notifications now. */
export type PushState = "unsupported" | "blocked" | "off" | "on" | "checking";

const supported = () =>
	typeof window !== "undefined" &&
	"serviceWorker" in navigator &&
	"PushManager" in window &&
	"Notification" in window;

/** On an iPhone or iPad, push works only in the app added to the Home Screen. */
const needsHomeScreen = () =>
	typeof navigator !== "undefined" &&
	/iPhone|iPad|iPod/.test(navigator.userAgent) &&
	!(navigator as { standalone?: boolean }).standalone &&
	!window.matchMedia("(display-mode: standalone)").matches;

async function currentSubscription() {
	const registration = await navigator.serviceWorker.getRegistration("/");
	return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * This browser's push state, and the subscription kept in step with the server: a subscription
 * this browser has is sent again on each start (it heals one the server dropped after a failure,
 * and one made with an older key is made again).
 */
export function usePushState() {
	const [state, setState] = React.useState<PushState>("checking");
	const refresh = React.useCallback(async () => {
		if (!supported() || needsHomeScreen()) return setState("unsupported");
		if (Notification.permission === "denied") return setState("blocked");
		const subscription = await currentSubscription().catch(() => null);
		setState(subscription && Notification.permission === "granted" ? "on" : "off");
	}, []);
	React.useEffect(() => {
		void refresh();
	}, [refresh]);
	return { state, refresh };
}

/** Sends this browser's subscription again when it has one (once per page load). */
let resent = false;
export function useResendSubscription(signedIn: boolean) {
	React.useEffect(() => {
		if (!signedIn || resent || !supported() || Notification.permission !== "granted") return;
		resent = true;
		void (async () => {
			const subscription = await currentSubscription();
			if (!subscription) return;
			const { publicKey } = await readJson(client.notifications["push-key"].$get());
			const key = subscription.options.applicationServerKey;
			if (key && toBase64Url(key) !== publicKey) {
				await subscription.unsubscribe();
				const fresh = await subscribeWith(publicKey);
				await saveSubscription(fresh);
				return;
			}
			await saveSubscription(subscription);
		})().catch(() => {});
	}, [signedIn]);
}

async function subscribeWith(publicKey: string) {
	const registration =
		(await navigator.serviceWorker.getRegistration("/")) ??
		(await navigator.serviceWorker.register("/sw.js", { scope: "/" }));
	return registration.pushManager.subscribe({
		userVisibleOnly: true,
		applicationServerKey: fromBase64Url(publicKey),
	});
}

const saveSubscription = (subscription: PushSubscription) => {
	const json = subscription.toJSON();
	return readJson(
		client.notifications.subscriptions.$put({
			json: {
				endpoint: json.endpoint ?? subscription.endpoint,
				keys: { p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" },
			},
		}),
	);
};

/**
 * Turn On Notifications: call it straight from the tap (iOS grants permission only then). Asks
 * for permission, subscribes with our key and saves the subscription. Answers the new state.
 */
export async function turnOnPush(knownKey?: string): Promise<PushState> {
	if (!supported()) return "unsupported";
	// First thing in the tap: nothing awaited before it, or Safari refuses.
	const permission = await Notification.requestPermission();
	if (permission === "denied") return "blocked";
	if (permission !== "granted") return "off";
	const publicKey = knownKey ?? (await readJson(client.notifications["push-key"].$get())).publicKey;
	const subscription = (await currentSubscription()) ?? (await subscribeWith(publicKey));
	await saveSubscription(subscription);
	return "on";
}

/** Turns push off on this device (the other devices keep theirs). */
export async function turnOffPush(): Promise<PushState> {
	const subscription = await currentSubscription();
	if (subscription) {
		await readJson(
			client.notifications.subscriptions.$delete({ json: { endpoint: subscription.endpoint } }),
		);
		await subscription.unsubscribe();
	}
	return "off";
}

/** Signing out: this device stops getting the account's pushes (the next person's may start). */
export async function forgetPushDevice() {
	if (!supported()) return;
	const subscription = await currentSubscription().catch(() => null);
	if (!subscription) return;
	await readJson(
		client.notifications.subscriptions.$delete({ json: { endpoint: subscription.endpoint } }),
	).catch(() => {});
	await subscription.unsubscribe().catch(() => {});
}

function fromBase64Url(text: string) {
	const base64 = text.replace(/-/g, "+").replace(/_/g, "/");
	const raw = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
	return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

function toBase64Url(key: ArrayBuffer) {
	return btoa(String.fromCharCode(...new Uint8Array(key)))
		.replace(/\+/g, "-")
		.replace(/\//g, "_")
		.replace(/=+$/, "");
}

/** This browser's id for presence (one per device, kept in storage). */
function deviceId() {
	try {
		let id = localStorage.getItem("device-id");
		if (!id) {
			id = crypto.randomUUID().replace(/-/g, "");
			localStorage.setItem("device-id", id);
		}
		return id;
	} catch {
		return "session-only-device";
	}
}

/**
 * While this conversation is on screen (the page visible), the server knows: a reply to it is not
 * pushed to this account's devices. A heartbeat keeps it; leaving or hiding the page ends it.
 */
export function useWatchingConversation(conversation: string | null) {
	React.useEffect(() => {
		if (!conversation) return;
		const device = deviceId();
		// The answer is read, as every other: a response left unread holds its request open.
		const say = (watching: boolean) =>
			readJson(client.chat.presence.$put({ json: { conversation, device, watching } })).catch(
				() => {},
			);
		const beat = () => void say(document.visibilityState === "visible");
		beat();
		const timer = setInterval(beat, PRESENCE_HEARTBEAT_MS);
		document.addEventListener("visibilitychange", beat);
		return () => {
			clearInterval(timer);
			document.removeEventListener("visibilitychange", beat);
			void say(false);
		};
	}, [conversation]);
}
