import { describe, expect } from "vitest";
import { AUTH_MESSAGES } from "../../src/shared/auth.ts";
import { ownerAndCustomer, signedInCustomer } from "../support/accounts.ts";
import { test } from "../support/app-fixture.ts";
import { appQuote, approvedCustomer } from "../support/builders.ts";
import { expectError } from "../support/expect.ts";
import { HttpClient, read } from "../support/http-client.ts";

describe("PUT /api/me/profile", () => {
	test("saves my display name and phone; /api/me shows them at once", async ({ app }) => {
		const customer = await signedInCustomer(app);
		expect((await read(customer.client.api.me.$get())).json.user.displayName).toBe(
			"Casey Customer",
		);
		const res = await read(
			customer.client.api.me.profile.$put({
				json: {
					displayName: "  Casey Q. Customer ",
					phone: "(330) 555-0123",
				},
			}),
		);
		expect(res.status, res.text).toBe(200);
		expect(res.json).toEqual({ displayName: "Casey Q. Customer", phone: "(330) 555-0123" });
		const me = (await read(customer.client.api.me.$get())).json.user;
		expect(me).toMatchObject({ displayName: "Casey Q. Customer", phone: "(330) 555-0123" });
		const cleared = await read(
			customer.client.api.me.profile.$put({
				json: {
					displayName: "Casey",
					phone: "",
				},
			}),
		);
		expect(cleared.json.phone).toBeNull();
		expect((await read(customer.client.api.me.$get())).json.user.phone).toBeNull();
	});

	test("a customer has one phone number: the owner's edit shows in their Profile, and theirs on the owner's page", async ({
		app,
	}) => {
		const casey = await approvedCustomer(app);
		expect((await read(casey.client.api.me.$get())).json.user.phone).toBeNull();
		const edited = await read(
			casey.owner.client.api.owner.customers[":id"].$patch({
				param: { id: casey.record.id },
				json: { phone: "330-555-0199" },
			}),
		);
		expect(edited.status, edited.text).toBe(200);
		expect((await read(casey.client.api.me.$get())).json.user.phone).toBe("330-555-0199");

		const mine = await read(
			casey.client.api.me.profile.$put({
				json: {
					displayName: "Casey",
					phone: "(330) 555-0123",
				},
			}),
		);
		expect(mine.status, mine.text).toBe(200);
		const detail = (
			await read(
				casey.owner.client.api.owner.customers[":id"].$get({ param: { id: casey.record.id } }),
			)
		).json;
		expect(JSON.stringify(detail)).toContain("(330) 555-0123");
		expect(JSON.stringify(detail)).not.toContain("330-555-0199");
	});

	test("refuses bad fields with a 400 and a message, and changes nothing", async ({ app }) => {
		const customer = await signedInCustomer(app);
		const cases: [unknown, string][] = [
			[{ displayName: " ", phone: null }, "Display name is required"],
			[{ phone: "(330) 555-0123" }, "Display name is required"],
			[{ displayName: "x".repeat(101) }, "Display name must be at most 100 characters"],
			[{ displayName: "Casey", phone: "call me" }, "Please enter a valid phone number"],
			[{ displayName: "Casey", role: "owner" }, expect.any(String) as unknown as string],
			// A name is never a way to put a link in front of people.
			[{ displayName: "Casey http://cheap-lights.example" }, AUTH_MESSAGES.noWebAddress],
			[{ displayName: "www.cheap-lights" }, AUTH_MESSAGES.noWebAddress],
			[{ displayName: "Casey at cheaplights.xyz" }, AUTH_MESSAGES.noWebAddress],
			[{ displayName: "Casey 10.0.0.1" }, AUTH_MESSAGES.noWebAddress],
		];
		for (const [body, message] of cases) {
			const res = await customer.client.put("/api/me/profile", body);
			expectError(res, 400);
			expect(res.json.error).toEqual(message);
			if (message === AUTH_MESSAGES.noWebAddress)
				expect(res.json.issues).toEqual([{ path: "displayName", message }]);
		}
		const me = (await read(customer.client.api.me.$get())).json.user;
		expect(me).toMatchObject({ displayName: "Casey Customer", phone: null, role: "customer" });
	});

	test("needs a session; each account edits only its own profile", async ({ app }) => {
		expectError(
			await read(new HttpClient(app.url).api.me.profile.$put({ json: { displayName: "Mallory" } })),
			401,
		);
		const { owner, customer } = await ownerAndCustomer(app);
		await read(customer.client.api.me.profile.$put({ json: { displayName: "Casey Renamed" } }));
		expect((await read(owner.client.api.me.$get())).json.user.displayName).toBe("Olivia Owner");
	});
});

describe("GET /api/quotes/approved", () => {
	test("is my latest approved quote, even after a newer request", async ({ app }) => {
		const customer = await approvedCustomer(app);
		const first = await read(customer.client.api.quotes.approved.$get());
		expect(first.status).toBe(200);
		expect(first.json.quote).toMatchObject({ id: customer.quote.id, status: "approved" });
		await appQuote(app, { userId: customer.userId });
		const again = await read(customer.client.api.quotes.approved.$get());
		expect(again.json.quote.id).toBe(customer.quote.id);
	});

	test("is null without one, and never another customer's", async ({ app }) => {
		const approved = await approvedCustomer(app);
		const other = await signedInCustomer(app, { email: "other@example.test" });
		await appQuote(app, { userId: other.userId });
		expect((await read(other.client.api.quotes.approved.$get())).json).toEqual({ quote: null });
		expect((await read(approved.client.api.quotes.approved.$get())).json.quote.id).toBe(
			approved.quote.id,
		);
		expectError(await read(new HttpClient(app.url).api.quotes.approved.$get()), 401);
	});
});
