import type { hc, InferResponseType } from "hono/client";
import type { ApiRoutes } from "../../../src/server/api-routes.ts";
import { expect, type Page, signUpViaApi, uniqueEmail } from "./fixtures.ts";
import type { RunningServer } from "./server.ts";

/** The API as the web's typed client sees it (src/web/lib/api-client.ts). */
type Api = ReturnType<typeof hc<ApiRoutes>>;
type Catalog = InferResponseType<Api["catalog"]["$get"], 200>;
type SentQuote = InferResponseType<Api["quote-requests"]["$post"], 201>;
type ApprovedQuote = InferResponseType<
	Api["owner"]["quotes"][":source"][":id"]["approve"]["$post"],
	200
>;

/**
 * A customer whose quote the owner approved, made through the API as the app itself does it: the
 * customer signs up and asks for a quote in `page`, the owner approves it in `owner`. Gives the
 * bill it made. With `confirmOn` (the server), the customer has confirmed their address from the
 * e-mailed link, as they must before sending photos.
 */
export async function approvedCustomer(
	page: Page,
	owner: Page,
	displayName: string,
	confirmOn?: Pick<RunningServer, "dataDir">,
) {
	const email = uniqueEmail();
	await signUpViaApi(page, { email, password: "bright-lights-2024", displayName }, confirmOn);
	const catalog = await page.request.get("/api/catalog");
	expect(catalog.status(), await catalog.text()).toBe(200);
	const [service] = ((await catalog.json()) as Catalog).services;
	if (!service) throw new Error("The catalogue offers no service");
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
	const { id } = (await quote.json()) as SentQuote;
	const approved = await owner.request.post(`/api/owner/quotes/app/${id}/approve`, { data: {} });
	expect(approved.status(), await approved.text()).toBe(200);
	const { billId } = (await approved.json()) as ApprovedQuote;
	if (!billId) throw new Error(`Approving quote ${id} made no bill`);
	return { email, billId };
}

/** The id of the customer whose address is `email`, as the owner's search finds them. */
export async function customerIdOf(owner: Page, email: string) {
	const found = await owner.request.get(`/api/owner/customers?q=${encodeURIComponent(email)}`);
	expect(found.status(), await found.text()).toBe(200);
	const { customers } = (await found.json()) as { customers: { id: string }[] };
	if (!customers[0]) throw new Error(`No customer has the address ${email}`);
	return customers[0].id;
}
