import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
	bills,
	customers,
	marketingQuoteRequests,
	payments,
	quoteRequests,
	serviceRequests,
	users,
} from "../../src/server/db/schema.ts";
import { IDEMPOTENCY_MESSAGES } from "../../src/server/lib/idempotency.ts";
import { signedInCustomer, signedInOwner } from "../support/accounts.ts";
import { approvedCustomer, SIGNATURE, sampleLines } from "../support/builders.ts";
import { HttpClient, read } from "../support/http-client.ts";
import { png } from "../support/images.ts";
import { signUpOn, twoInstances } from "../support/server-process.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/**
 * A double click, a retry after a lost answer, or the same request through two server instances:
 * with one Idempotency-Key, the work is done once and every request gets the first answer.
 */
let app: TestApp;
beforeEach(async () => {
	app = await startTestApp();
});
afterEach(() => app.close());

const keyed = (key: string) => ({ "idempotency-key": key });

function formOf(data: unknown, photos: Uint8Array[] = []) {
	const form = new FormData();
	form.append("data", JSON.stringify(data));
	for (const [i, bytes] of photos.entries())
		form.append("photos", new Blob([bytes as BlobPart], { type: "image/png" }), `p${i}.png`);
	return form;
}

async function customerForm(email = "dana@example.test") {
	const [outline] = await sampleLines(app);
	return {
		name: "Dana Porch",
		email,
		password: "porch-lights-1",
		phone: "(330) 555-0142",
		address: "12 Elm Street",
		city: "Canton",
		state: "OH",
		zipCode: "44702",
		services: [{ serviceId: outline!.serviceId, quantity: 1, unitPriceCents: 45000 }],
	};
}

const postForm = (
	client: HttpClient,
	path: string,
	data: unknown,
	key: string,
	photos?: Uint8Array[],
) => client.request("POST", path, formOf(data, photos), keyed(key));

describe("Idempotency-Key", () => {
	it("two identical Add Customer requests at once create one account, and both get its 201 answer", async () => {
		const owner = await signedInOwner(app);
		const data = await customerForm();
		const key = randomUUID();
		const photo = await png();
		const [first, second] = await Promise.all([
			postForm(owner.client, "/api/owner/customers", data, key, [photo]),
			postForm(owner.client, "/api/owner/customers", data, key, [photo]),
		]);
		expect(first.status, first.text).toBe(201);
		expect(second.status, second.text).toBe(201);
		expect(second.json).toEqual(first.json);
		const replayed = [first, second].filter((r) => r.headers.get("idempotent-replayed"));
		expect(replayed).toHaveLength(1);
		expect(await app.db.select().from(users).where(eq(users.email, data.email))).toHaveLength(1);
		expect(await app.db.select().from(customers)).toHaveLength(1);
		expect(await app.db.select().from(bills)).toHaveLength(1);

		// Sent again later (the answer was lost): the same answer, nothing new.
		const again = await postForm(owner.client, "/api/owner/customers", data, key, [photo]);
		expect(again.status).toBe(201);
		expect(again.json).toEqual(first.json);
		expect(await app.db.select().from(customers)).toHaveLength(1);
	});

	it("the same key with another body is refused with 409 and changes nothing", async () => {
		const owner = await signedInOwner(app);
		const key = randomUUID();
		const first = await postForm(owner.client, "/api/owner/customers", await customerForm(), key);
		expect(first.status, first.text).toBe(201);
		const other = await postForm(
			owner.client,
			"/api/owner/customers",
			await customerForm("other@example.test"),
			key,
		);
		expect(other.status).toBe(409);
		expect(other.json.error).toBe(IDEMPOTENCY_MESSAGES.reusedKey);
		expect(await app.db.select().from(customers)).toHaveLength(1);

		// A photo more is another body too.
		const withPhoto = await postForm(
			owner.client,
			"/api/owner/customers",
			await customerForm(),
			key,
			[await png()],
		);
		expect(withPhoto.status).toBe(409);
	});

	it("a refused request keeps nothing: the same key may carry the corrected form", async () => {
		const owner = await signedInOwner(app);
		const key = randomUUID();
		const refused = await postForm(
			owner.client,
			"/api/owner/customers",
			{ ...(await customerForm()), name: "" },
			key,
		);
		expect(refused.status).toBe(400);
		const corrected = await postForm(
			owner.client,
			"/api/owner/customers",
			await customerForm(),
			key,
		);
		expect(corrected.status, corrected.text).toBe(201);
	});

	it("keys are each caller's own: another owner's same key is a new request", async () => {
		const owner = await signedInOwner(app);
		const key = randomUUID();
		const mine = await postForm(owner.client, "/api/owner/customers", await customerForm(), key);
		expect(mine.status).toBe(201);
		const customer = await signedInCustomer(app);
		const form = formOf({
			address: "100 Market Ave N",
			city: "Canton",
			state: "OH",
			services: [{ serviceId: (await sampleLines(app))[0]!.serviceId, quantity: 1 }],
		});
		const theirs = await customer.client.request("POST", "/api/quote-requests", form, keyed(key));
		expect(theirs.status, theirs.text).toBe(201);
	});

	it("an invalid key is refused", async () => {
		const owner = await signedInOwner(app);
		const res = await postForm(owner.client, "/api/owner/customers", await customerForm(), "a b");
		expect(res.status).toBe(400);
		expect(res.json.error).toBe(IDEMPOTENCY_MESSAGES.invalidKey);
		expect(await app.db.select().from(customers)).toHaveLength(0);
	});

	it("a public quote request sent twice at once is stored once", async () => {
		const [line] = await sampleLines(app);
		const data = {
			name: "Wendy Web",
			email: "wendy@example.test",
			phone: "(330) 555-0100",
			address: "1 Main St",
			city: "Akron",
			state: "OH",
			services: [{ serviceId: line!.serviceId, quantity: 1 }],
		};
		const key = randomUUID();
		const send = () =>
			fetch(`${app.url}/api/public/quote-requests`, {
				method: "POST",
				body: formOf(data),
				headers: keyed(key),
			});
		const answers = await Promise.all([send(), send()]);
		expect(answers.map((r) => r.status)).toEqual([201, 201]);
		expect(await app.db.select().from(marketingQuoteRequests)).toHaveLength(1);
	});

	it("a customer's quote request sent again gets its first answer, not 'a quote is open'", async () => {
		const customer = await signedInCustomer(app);
		const [line] = await sampleLines(app);
		const data = {
			address: "100 Market Ave N",
			city: "Canton",
			state: "OH",
			services: [{ serviceId: line!.serviceId, quantity: 1 }],
		};
		const key = randomUUID();
		const first = await postForm(customer.client, "/api/quote-requests", data, key);
		expect(first.status, first.text).toBe(201);
		const again = await postForm(customer.client, "/api/quote-requests", data, key);
		expect(again.status, again.text).toBe(201);
		expect(again.json).toEqual(first.json);
		expect(await app.db.select().from(quoteRequests)).toHaveLength(1);
		// Without the key, the open quote still refuses a second one.
		const fresh = await postForm(customer.client, "/api/quote-requests", data, randomUUID());
		expect(fresh.status).toBe(409);
	});

	it("a bill paid twice at once with one key is charged once", async () => {
		const casey = await approvedCustomer(app);
		const body = {
			card: {
				cardholderName: "Casey Customer",
				cardNumber: "4242 4242 4242 4242",
				expiry: "12/30",
				cvc: "123",
			},
		};
		const key = randomUUID();
		const pay = () =>
			casey.client.request("POST", `/api/bills/${casey.bill.id}/pay`, body, keyed(key));
		const [first, second] = await Promise.all([pay(), pay()]);
		expect(first.status, first.text).toBe(200);
		expect(second.status, second.text).toBe(200);
		expect(second.json).toEqual(first.json);
		expect(await app.db.select().from(payments)).toHaveLength(1);
	});

	it("a service request and a signature sent twice are done once", async () => {
		const casey = await approvedCustomer(app);
		const key = randomUUID();
		const data = { requestType: "Fix", details: "The porch string is dark", priority: "Normal" };
		const [first, second] = await Promise.all([
			postForm(casey.client, "/api/service-requests", data, key),
			postForm(casey.client, "/api/service-requests", data, key),
		]);
		expect(first.status, first.text).toBe(201);
		expect(second.json).toEqual(first.json);
		expect(await app.db.select().from(serviceRequests)).toHaveLength(1);

		const signKey = randomUUID();
		const signs = await Promise.all(
			[1, 2].map(() =>
				casey.client.request("POST", "/api/contract/sign", SIGNATURE, keyed(signKey)),
			),
		);
		expect(signs.map((r) => r.status)).toEqual([200, 200]);
		expect(signs[1]!.json).toEqual(signs[0]!.json);
	});
});

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)("Idempotency-Key across two server instances on one database", () => {
	const instances = twoInstances(url!);

	it("the same request through both at once is done once, and both get its answer", async () => {
		const { a, b } = instances;
		const customer = await signUpOn(a, "c@example.test", "customer");
		const catalog = (await read(customer.api.catalog.$get())).json.services;
		const data = {
			address: "100 Market Ave N",
			city: "Canton",
			state: "OH",
			services: [{ serviceId: catalog[0].id, quantity: 1 }],
		};
		const key = randomUUID();
		const onB = new HttpClient(b.url, customer);
		const [first, second] = await Promise.all([
			postForm(customer, "/api/quote-requests", data, key),
			postForm(onB, "/api/quote-requests", data, key),
		]);
		expect(first.status, first.text).toBe(201);
		expect(second.status, second.text).toBe(201);
		expect(second.json).toEqual(first.json);
		const mine = await read(customer.api.quotes.latest.$get());
		expect(mine.json.quote.id).toBe(first.json.id);
	});
});
