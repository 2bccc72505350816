import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
	expect,
	failedResource,
	type Page,
	signUpViaApi,
	test,
	uniqueEmail,
} from "../support/fixtures.ts";
import { serviceWorkerControls } from "../support/service-worker.ts";

const APP_NAME = "Buckeye Holiday Lights";

/**
 * Dispatches a stand-in for Chromium's `beforeinstallprompt`, counting prompt() calls in the tab's
 * session storage: the home page's links load the next page, and the count must outlive the page.
 */
async function offerInstall(page: Page, outcome: "accepted" | "dismissed" = "accepted") {
	await page.evaluate((choice) => {
		const event = Object.assign(new Event("beforeinstallprompt", { cancelable: true }), {
			prompt: async () => {
				const calls = Number(sessionStorage.getItem("promptCalls") ?? 0);
				sessionStorage.setItem("promptCalls", String(calls + 1));
			},
			userChoice: Promise.resolve({ outcome: choice, platform: "web" }),
		});
		window.dispatchEvent(event);
	}, outcome);
}

const promptCalls = (page: Page) =>
	page.evaluate(() => Number(sessionStorage.getItem("promptCalls") ?? 0));

const banner = (page: Page) => page.getByRole("region", { name: `Install ${APP_NAME}` });

/**
 * No banner after an offer. An offer shows it within a frame or two once its module is loaded, so
 * the absence is checked after a second, not at once (when it would hold before any render).
 */
async function expectNoBanner(page: Page) {
	await page.waitForTimeout(1000);
	await expect(banner(page)).toHaveCount(0);
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer) {
	expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
	return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

test("the web app manifest is linked, served and complete, with real icons", async ({
	page,
	request,
}) => {
	await page.goto("/");
	await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
		"href",
		"/manifest.webmanifest",
	);
	const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute("href");
	expect(appleIcon).toBeTruthy();

	const res = await request.get("/manifest.webmanifest");
	expect(res.status()).toBe(200);
	expect(res.headers()["content-type"]).toMatch(/application\/(manifest\+)?json/);
	const manifest = await res.json();
	expect(manifest).toMatchObject({
		name: APP_NAME,
		short_name: "Buckeye Lights",
		start_url: "/app-home",
		scope: "/",
		display: "standalone",
		theme_color: "#0f1b2d",
		background_color: "#0f1b2d",
	});
	expect(manifest.description).toEqual(expect.any(String));
	expect(manifest.categories.length).toBeGreaterThan(0);

	const icons: { src: string; sizes: string; type: string; purpose?: string }[] = manifest.icons;
	const wanted = [
		{ sizes: "192x192", purpose: "any" },
		{ sizes: "512x512", purpose: "any" },
		{ sizes: "512x512", purpose: "maskable" },
	];
	for (const { sizes, purpose } of wanted) {
		const icon = icons.find((i) => i.sizes === sizes && (i.purpose ?? "any") === purpose);
		expect(icon, `${purpose} ${sizes} icon`).toBeTruthy();
	}
	for (const icon of [...icons, { src: appleIcon!, sizes: "180x180", type: "image/png" }]) {
		const img = await request.get(icon.src);
		expect(img.status(), icon.src).toBe(200);
		expect(img.headers()["content-type"]).toBe("image/png");
		expect(pngSize(await img.body()), icon.src).toBe(icon.sizes);
	}
});

test("Chrome finds the app installable once the service worker controls the page", async ({
	playwright,
	server,
	pageErrors,
}) => {
	// A persistent profile: Chrome never offers installation in an incognito-like context.
	const profile = fs.mkdtempSync(path.join(os.tmpdir(), "bhl-pwa-profile-"));
	const context = await playwright.chromium.launchPersistentContext(profile, {
		...test.info().project.use.launchOptions,
		viewport: { width: 412, height: 915 },
	});
	await pageErrors.watch(context);
	try {
		const page = context.pages()[0] ?? (await context.newPage());
		await page.goto(server.url);
		await serviceWorkerControls(page);
		const cdp = await context.newCDPSession(page);
		const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
		expect(installabilityErrors).toEqual([]);
		const { errors } = await cdp.send("Page.getAppManifest");
		expect(errors).toEqual([]);
	} finally {
		await context.close();
		fs.rmSync(profile, { recursive: true, force: true });
	}
});

test("offline, public pages and the app shell come from the cache; other pages say offline", async ({
	page,
	context,
	pageErrors,
}) => {
	// Offline, every call the pages make to the API fails (the last check below makes one on purpose).
	pageErrors.allow(failedResource("offline", "/api/*"));
	test.slow(); // the worker precaches about 1 MB before it takes over, and each page loads twice
	const cspViolations: string[] = [];
	page.on("console", (m) => {
		if (/Content Security Policy/i.test(m.text())) cspViolations.push(m.text());
	});
	await page.goto("/");
	await serviceWorkerControls(page);

	await context.setOffline(true);
	await page.reload();
	await expect(
		page.getByRole("heading", { level: 1, name: /beautifully lit for the holidays/ }),
	).toBeVisible();

	await page.goto("/quote");
	await expect(page.getByRole("heading", { level: 1, name: "Get Your Free Quote" })).toBeVisible();

	// An app page loads its shell from the cache (its data needs the network).
	await page.goto("/auth");
	await expect(page).toHaveTitle(/Sign in/);
	await expect(page.getByRole("tab", { name: "Sign In" })).toBeVisible();

	// Anything else needs the network, and the offline page says so.
	await page.goto("/gallery-2024");
	await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();

	// The API is never answered from a cache.
	const api = await page.evaluate(() =>
		fetch("/api/health").then(
			(r) => `status ${r.status}`,
			() => "network error",
		),
	);
	expect(api).toBe("network error");
	const cached = await page.evaluate(async () => {
		const urls: string[] = [];
		for (const name of await caches.keys())
			for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
		return urls;
	});
	expect(cached.length).toBeGreaterThan(10);
	expect(cached.filter((u) => new URL(u).pathname.startsWith("/api/"))).toEqual([]);
	// Pages from the cache keep their Content-Security-Policy and their inline scripts still run.
	expect(cspViolations).toEqual([]);

	await context.setOffline(false);
	await page.goto("/quote");
	await expect(page.getByRole("heading", { level: 1, name: "Get Your Free Quote" })).toBeVisible();
});

test("the install banner appears with the browser's offer; Later and the close icon keep it away for three months", async ({
	page,
}) => {
	await page.goto("/");
	await serviceWorkerControls(page);
	await expect(banner(page)).toHaveCount(0);

	await offerInstall(page);
	await expect(banner(page)).toBeVisible();
	await expect(banner(page)).toContainText("Get the full app experience with offline access");
	// The app got installed some other way (e.g. the browser menu): the banner goes.
	await page.evaluate(() => window.dispatchEvent(new Event("appinstalled")));
	await expect(banner(page)).toHaveCount(0);

	await offerInstall(page);
	await banner(page).getByRole("button", { name: "Later" }).click();
	await expect(banner(page)).toHaveCount(0);
	// The browser offers again, on this page and on the next one opened: the person said Later.
	await offerInstall(page);
	await expectNoBanner(page);
	await page.goto("/quote");
	await expect(page.getByRole("heading", { level: 1, name: "Get Your Free Quote" })).toBeVisible();
	await offerInstall(page);
	await expectNoBanner(page);

	// Three months on, the offer shows again; the close icon declines it the same way.
	await page.evaluate(() =>
		localStorage.setItem("install-offer-declined-at", String(Date.now() - 91 * 24 * 3600 * 1000)),
	);
	await offerInstall(page);
	await expect(banner(page)).toBeVisible();
	await banner(page).getByRole("button", { name: "Dismiss" }).click();
	await expect(banner(page)).toHaveCount(0);
	await page.reload();
	await offerInstall(page);
	await expectNoBanner(page);
	expect(await promptCalls(page)).toBe(0);
});

test("Install shows the held prompt once, logs the choice and hides the banner", async ({
	page,
}) => {
	const logs: string[] = [];
	page.on("console", (m) => {
		if (m.type() === "info") logs.push(m.text());
	});
	await page.goto("/");
	await serviceWorkerControls(page);

	await offerInstall(page, "dismissed");
	await banner(page).getByRole("button", { name: "Install" }).click();
	await expect(banner(page)).toHaveCount(0);
	expect(await promptCalls(page)).toBe(1);
	await expect.poll(() => logs.join("\n")).toContain("dismissed");

	// The event was cleared: Download App now goes to the app (sign-in for a visitor).
	await page.getByRole("link", { name: "Download App" }).click();
	await expect(page).toHaveURL(/\/auth$/);
	expect(await promptCalls(page)).toBe(1);
});

test("Download App shows the held install prompt", async ({ page }) => {
	const logs: string[] = [];
	page.on("console", (m) => {
		if (m.type() === "info") logs.push(m.text());
	});
	await page.goto("/");
	await serviceWorkerControls(page);
	await offerInstall(page, "accepted");
	await banner(page).getByRole("button", { name: "Later" }).click();

	await page.getByRole("link", { name: "Download App" }).click();
	await expect.poll(() => promptCalls(page)).toBe(1);
	await expect.poll(() => logs.join("\n")).toContain("accepted");
	await expect(page).toHaveURL(/\/$/);
});

test.describe("on an iPhone", () => {
	test.use({
		userAgent:
			"Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1",
	});

	test("Download App explains Share, then Add to Home Screen", async ({ page }) => {
		await page.goto("/");
		await serviceWorkerControls(page);
		const alerts: string[] = [];
		page.on("dialog", async (dialog) => {
			alerts.push(`${dialog.type()}: ${dialog.message()}`);
			await dialog.accept();
		});
		await page.getByRole("link", { name: "Download App" }).click();
		await expect
			.poll(() => alerts)
			.toEqual([expect.stringMatching(/^alert: .*Share.*Add to Home Screen/)]);
		await expect(page).toHaveURL(/\/$/);
	});
});

test("in the app, the install banner sits above the bottom tabs, and clear of the top bar on a desk", async ({
	page,
}) => {
	await signUpViaApi(page, { email: uniqueEmail(), password: "customer-secret-1" });
	await page.goto("/app");
	const tabs = page.getByRole("navigation", { name: "Customer app" });
	await expect(tabs).toBeVisible();
	await serviceWorkerControls(page);

	await offerInstall(page);
	await expect(banner(page)).toBeVisible();
	const bannerBox = (await banner(page).boundingBox())!;
	const tabsBox = (await tabs.boundingBox())!;
	// From 1024 px the app's tabs are in a bar at the top instead of at the bottom.
	if ((page.viewportSize()?.width ?? 0) >= 1024)
		expect(bannerBox.y).toBeGreaterThanOrEqual(tabsBox.y + tabsBox.height);
	else expect(bannerBox.y + bannerBox.height).toBeLessThanOrEqual(tabsBox.y);
	await tabs.getByRole("link", { name: "Profile" }).click();
	await expect(page).toHaveURL(/\/app\/profile$/);
});
