import { createECDH, randomBytes } from "node:crypto";
import { expect, type Page, signUpViaApi, test, uniqueEmail } from "../support/fixtures.ts";

/**
 * Headless Chromium has no push service (pushManager.subscribe is refused), so the page's
 * PushManager is replaced with one answering a subscription whose keys the test made: the UI,
 * the permission from the tap and the server's copy are real.
 */
async function fakePushManager(page: Page) {
	const ecdh = createECDH("prime256v1");
	ecdh.generateKeys();
	const keys = {
		p256dh: ecdh.getPublicKey().toString("base64url"),
		auth: randomBytes(16).toString("base64url"),
	};
	const endpoint = `https://push.example.test/send/${randomBytes(8).toString("hex")}`;
	await page.addInitScript(
		({ endpoint, keys }) => {
			let current: unknown = null;
			const make = (applicationServerKey: ArrayBuffer | null) => ({
				endpoint,
				expirationTime: null,
				options: { userVisibleOnly: true, applicationServerKey },
				toJSON: () => ({ endpoint, expirationTime: null, keys }),
				unsubscribe: async () => {
					current = null;
					return true;
				},
			});
			PushManager.prototype.subscribe = async (options) => {
				const key = options?.applicationServerKey as Uint8Array | undefined;
				current = make(key ? new Uint8Array(key).buffer : null);
				return current as PushSubscription;
			};
			PushManager.prototype.getSubscription = async () => current as PushSubscription | null;
		},
		{ endpoint, keys },
	);
}

test("Turn On Notifications from a tap stores this device's subscription; Profile → Notifications at 390 and 1280", async ({
	customerPage,
	server,
}, testInfo) => {
	const page = await customerPage(undefined, { viewport: { width: 390, height: 844 } });
	await page.context().grantPermissions(["notifications"], { origin: server.url });
	await signUpViaApi(
		page,
		{ email: uniqueEmail(), password: "lights-up-2024", displayName: "Casey Push" },
		server,
	);
	await fakePushManager(page);
	await page.goto("/app/profile");
	await page.evaluate(() => navigator.serviceWorker.ready);
	await expect(page.getByText("Push notifications: Off for this device.")).toBeVisible();
	// Nothing was asked on load: the permission was granted beforehand, no subscription exists.
	let prefs = await (await page.request.get("/api/notifications/preferences")).json();
	expect(prefs.devices).toBe(0);

	await page.getByRole("button", { name: "Turn On Notifications" }).click();
	await expect(page.getByText("Push notifications: On for this device.")).toBeVisible();
	prefs = await (await page.request.get("/api/notifications/preferences")).json();
	expect(prefs.devices).toBe(1);
	await expect(page.getByText("1 device receives push.")).toBeVisible();

	// A switch saves at once: it shows its new place while saving, held until the save is done.
	const offersByEmail = page.getByRole("switch", { name: "Quotes and offers by e-mail" });
	await offersByEmail.click();
	await expect(offersByEmail).not.toBeChecked();
	await expect(offersByEmail).toBeEnabled();
	prefs = await (await page.request.get("/api/notifications/preferences")).json();
	expect(prefs.categories.offers).toEqual({ push: true, email: false });

	await page.getByRole("heading", { name: "Notifications" }).scrollIntoViewIfNeeded();
	await page.screenshot({ path: testInfo.outputPath("notifications-390.png"), fullPage: true });
	await page.setViewportSize({ width: 1280, height: 900 });
	await page.screenshot({ path: testInfo.outputPath("notifications-1280.png"), fullPage: true });

	// Turned off here: the server forgets this device.
	await page.getByRole("button", { name: "Turn Off on This Device" }).click();
	await expect(page.getByText("Push notifications: Off for this device.")).toBeVisible();
	prefs = await (await page.request.get("/api/notifications/preferences")).json();
	expect(prefs.devices).toBe(0);
});

test("the service worker shows a push as a notification with its text, tag and page", async ({
	customerPage,
	server,
}) => {
	const page = await customerPage(undefined, { viewport: { width: 390, height: 844 } });
	await page.context().grantPermissions(["notifications"], { origin: server.url });
	await signUpViaApi(
		page,
		{ email: uniqueEmail(), password: "lights-up-2024", displayName: "Casey Push" },
		server,
	);
	const cdp = await page.context().newCDPSession(page);
	const registrations: { registrationId: string; scopeURL: string }[] = [];
	cdp.on("ServiceWorker.workerRegistrationUpdated", (event) => {
		registrations.push(...event.registrations);
	});
	await cdp.send("ServiceWorker.enable");
	await page.goto("/app");
	await page.evaluate(() => navigator.serviceWorker.ready);
	await expect.poll(() => registrations.length).toBeGreaterThan(0);
	const registration = registrations.find((r) => r.scopeURL.startsWith(server.url))!;

	// What the server sends for a chat reply (src/shared/notifications.ts, PushPayload).
	const payload = {
		web_push: 8030,
		kind: "chat_reply",
		notification: {
			title: "New message from Olivia Owner",
			body: "Your crew is on the way",
			navigate: `${server.url}/app#chat`,
			tag: "chat-42",
		},
	};
	const deliver = (data: unknown) =>
		cdp.send("ServiceWorker.deliverPushMessage", {
			origin: server.url,
			registrationId: registration.registrationId,
			data: JSON.stringify(data),
		});
	const shown = async () =>
		page.evaluate(async () => {
			const reg = await navigator.serviceWorker.ready;
			return (await reg.getNotifications()).map((n) => ({
				title: n.title,
				body: n.body,
				tag: n.tag,
				data: n.data,
			}));
		});
	// A push DevTools hands over while the worker is still starting can be dropped: it is sent
	// again until it shows (the same tag, so never twice).
	await expect(async () => {
		if ((await shown()).length === 0) await deliver(payload);
		expect(await shown()).toHaveLength(1);
	}).toPass({ timeout: 20_000 });
	await expect.poll(shown).toEqual([
		{
			title: "New message from Olivia Owner",
			body: "Your crew is on the way",
			tag: "chat-42",
			data: { url: `${server.url}/app#chat`, kind: "chat_reply" },
		},
	]);

	// A newer notice with the same tag replaces it; a page elsewhere falls back to Home.
	await deliver({
		...payload,
		notification: {
			...payload.notification,
			body: "Here now",
			navigate: "https://elsewhere.test/x",
		},
	});
	await expect.poll(shown).toEqual([
		expect.objectContaining({
			body: "Here now",
			tag: "chat-42",
			data: { url: `${server.url}/app`, kind: "chat_reply" },
		}),
	]);
});
