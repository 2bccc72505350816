import { invitedCrew, openInstallDay } from "../support/crew.ts";
import { approvedCustomer, customerIdOf } from "../support/customers.ts";
import { expect, signUpViaApi, test, uniqueEmail } from "../support/fixtures.ts";
import {
	keptCopyFetches,
	keptPages,
	keptScreenText,
	serviceWorkerControls,
} from "../support/service-worker.ts";

test("a signed-in page opens from the device with the last visit's data, then shows what changed; signing out forgets it", async ({
	customerPage,
}) => {
	test.slow(); // the worker precaches about 1.5 MB before it takes over
	const page = await customerPage();
	const account = {
		email: uniqueEmail(),
		password: "bright-lights-2024",
		displayName: "Dana Kept",
	};
	await signUpViaApi(page, account);
	await page.goto("/app");
	await expect(page.getByRole("heading", { name: "Welcome, Dana Kept" })).toBeVisible();
	await serviceWorkerControls(page);
	const fetches = keptCopyFetches(page, "/app");

	// Opened while the worker controls the page: the server's page is kept for next time.
	const fromServer = await page.goto("/app");
	expect(fromServer?.fromServiceWorker()).toBe(true);
	await expect(page.getByRole("heading", { name: "Welcome, Dana Kept" })).toBeVisible();
	await expect.poll(() => keptPages(page)).toEqual(["/app"]);

	// The screen it showed is kept with it, and is the kept page's first paint: it shows before
	// any script runs (decision 050).
	await expect.poll(() => keptScreenText(page, "/app")).toContain("Welcome, Dana Kept");
	const scripts = await page.context().newCDPSession(page);
	await scripts.send("Emulation.setScriptExecutionDisabled", { value: true });
	const first = await (await page.goto("/app"))?.text();
	await expect(page.locator("kept-screen").getByText("Welcome, Dana Kept")).toBeVisible();
	// The copy fetched for next time as it opened takes the screen over (no script here sends it).
	let next: string | undefined;
	await expect
		.poll(async () => {
			next = await (await page.goto("/app"))?.text();
			return next;
		})
		.not.toBe(first);
	expect(next).toContain("<kept-screen");
	await scripts.send("Emulation.setScriptExecutionDisabled", { value: false });

	// The name changes elsewhere, once the copies fetched as the page opened have arrived (one
	// still on its way would bring the new name); the next open shows the kept page at once (its
	// data says "Dana Kept"), and the page then brings itself up to date.
	await fetches.arrived();
	const renamed = await page.request.put("/api/me/profile", {
		data: { displayName: "Dana Renamed", phone: null },
	});
	expect(renamed.status(), await renamed.text()).toBe(200);
	const kept = await page.goto("/app");
	expect(kept?.fromServiceWorker()).toBe(true);
	expect(await kept?.text()).toContain("Dana Kept");
	await expect(page.getByRole("heading", { name: "Welcome, Dana Renamed" })).toBeVisible();
	await expect(page.locator("kept-screen")).toHaveCount(0);
	// Meanwhile the worker fetched the new copy for next time.
	await expect.poll(async () => (await page.goto("/app"))?.text()).toContain("Dana Renamed");

	// The installed app's start page goes straight to the kept home page.
	const start = await page.goto("/app-home");
	await expect(page).toHaveURL(/\/app$/);
	expect(start?.fromServiceWorker()).toBe(true);
	await expect(page.getByRole("heading", { name: "Welcome, Dana Renamed" })).toBeVisible();

	// Opening a sign-in page forgets them (whoever signs in next must not open these); the next
	// visit keeps the page again.
	await page.goto("/auth");
	await expect.poll(() => keptPages(page)).toEqual([]);
	await page.goto("/app");
	await expect(page.getByRole("heading", { name: "Welcome, Dana Renamed" })).toBeVisible();
	await expect.poll(() => keptPages(page)).toEqual(["/app"]);

	// Signing out forgets the kept pages: the next visitor to /app is sent to sign in.
	await page.getByRole("link", { name: "Profile" }).click();
	await page.getByRole("button", { name: "Sign Out" }).click();
	await expect(page).toHaveURL(/\/auth/);
	await expect.poll(() => keptPages(page)).toEqual([]);
	await page.goto("/app");
	await expect(page).toHaveURL(/\/auth/);
	await expect(page.getByRole("tab", { name: "Sign In" })).toBeVisible();
});

test("a crew page opened from the device shows the kept day, then reads it again", async ({
	ownerPage: owner,
	customerPage,
}) => {
	test.slow(); // the worker precaches about 1.5 MB before it takes over
	const { day, windowId } = await openInstallDay(owner, 2);
	const book = async (name: string) => {
		const { email } = await approvedCustomer(await customerPage(), owner, name);
		const booked = await owner.request.post("/api/owner/bookings", {
			data: { customerId: await customerIdOf(owner, email), windowId, day },
		});
		expect(booked.status(), await booked.text()).toBe(201);
	};
	await book("Kept First");
	const crew = await customerPage();
	await invitedCrew(owner, crew, "Kit Crew");
	await crew.goto(`/crew/day/${day}`);
	await expect(crew.getByText("Kept First")).toBeVisible();
	await serviceWorkerControls(crew);
	await crew.goto(`/crew/day/${day}`);
	await expect.poll(() => keptPages(crew)).toContain(`/crew/day/${day}`);

	// A second house is booked on the day. Opened again once the kept copy is older than a fresh
	// page ever is (KEPT_AFTER_MS in routes/crew/layout.tsx), the page shows the kept day, then the
	// new stop: it reads its data again, having no live stream to catch up through.
	await book("Kept Second");
	await crew.waitForTimeout(11_000);
	const kept = await crew.goto(`/crew/day/${day}`);
	expect(kept?.fromServiceWorker()).toBe(true);
	expect(await kept?.text()).not.toContain("Kept Second");
	await expect(crew.getByText("Kept Second")).toBeVisible();
	await expect(crew.getByText("Kept First")).toBeVisible();
});
