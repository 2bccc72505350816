import {
	type Browser,
	devices,
	expect,
	OWNER,
	type Page,
	signInViaApi,
	signUpViaApi,
	uniqueEmail,
} from "./fixtures.ts";
import type { RunningServer } from "./server.ts";

/** A new signed-out browser context on `baseURL` (a phone unless told otherwise) and its page. */
export async function newPage(browser: Browser, baseURL: string, device = devices["Pixel 7"]) {
	const context = await browser.newContext({ ...device, baseURL });
	return context.newPage();
}

/** The owner signed in on a desktop browser (1280 px wide). */
export async function ownerPage(browser: Browser, baseURL: string) {
	const page = await newPage(browser, baseURL, devices["Desktop Chrome"]);
	await page.setViewportSize({ width: 1280, height: 900 });
	await signInViaApi(page, OWNER);
	return page;
}

/**
 * A customer whose quote the owner approved, made through the API as the app itself does it: the
 * customer asks for a quote in `page`, the owner approves it in `owner`. Gives the bill it made.
 * With `confirmOn` (the server), the customer has confirmed their address from the e-mailed link,
 * as they must before sending photos.
 */
export async function approvedCustomer(
	page: Page,
	owner: Page,
	displayName: string,
	confirmOn?: Pick<RunningServer, "dataDir">,
) {
	const email = uniqueEmail();
	await signUpViaApi(page, { email, password: "bright-lights-2024", displayName }, confirmOn);
	const catalog = await (await page.request.get("/api/catalog")).json();
	const service = (catalog.services ?? catalog)[0];
	const quote = await page.request.post("/api/quote-requests", {
		multipart: {
			data: JSON.stringify({
				address: "410 Maple St",
				city: "Akron",
				state: "OH",
				services: [{ serviceId: service.id, quantity: 1 }],
			}),
		},
	});
	expect(quote.status(), await quote.text()).toBe(201);
	const { id } = await quote.json();
	const approved = await owner.request.post(`/api/owner/quotes/app/${id}/approve`, { data: {} });
	expect(approved.status(), await approved.text()).toBe(200);
	const { billId } = (await approved.json()) as { billId: string };
	return { email, billId };
}
