/* Web push in the service worker (imported by sw.js; plain script, no modules).
 *
 * Every push is shown as a notification: browsers penalise (Safari revokes) a push that shows
 * nothing. The payload is ours (src/shared/notifications.ts, PushPayload): notification.title,
 * body, navigate (the page a tap opens) and tag (a newer notice replaces the older one). A tap
 * focuses a window already on that page, or else any window of the app taken there, or else a
 * new one. */

/** The page a notification's tap opens: its own address when it is ours, else Home. */
function pushTarget(data, origin) {
	try {
		const url = new URL(data?.url || "/app", origin);
		return url.origin === origin ? url.href : `${origin}/app`;
	} catch {
		return `${origin}/app`;
	}
}

self.addEventListener("push", (event) => {
	let payload = {};
	try {
		payload = event.data ? event.data.json() : {};
	} catch {
		payload = { notification: { body: event.data ? event.data.text() : "" } };
	}
	const n = payload.notification || {};
	const title = n.title || "Buckeye Holiday Lights";
	event.waitUntil(
		self.registration.showNotification(title, {
			body: n.body || "",
			tag: n.tag || undefined,
			icon: "/pwa-192x192.png",
			badge: "/pwa-192x192.png",
			data: { url: pushTarget({ url: n.navigate }, self.location.origin), kind: payload.kind },
		}),
	);
});

self.addEventListener("notificationclick", (event) => {
	event.notification.close();
	const target = pushTarget(event.notification.data, self.location.origin);
	event.waitUntil(
		(async () => {
			const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
			const same = windows.find((w) => w.url === target);
			if (same) return same.focus();
			const any = windows.find((w) => new URL(w.url).origin === self.location.origin);
			if (any && "navigate" in any) {
				const focused = await any.focus();
				return focused.navigate(target);
			}
			return self.clients.openWindow(target);
		})(),
	);
});
