import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { bills, customers, profiles, quoteRequests } from "../../src/server/db/schema.ts";
import { addDays, businessDate } from "../../src/shared/dates.ts";
import { QUOTE_MESSAGES } from "../../src/shared/quotes.ts";
import { ownerAndCustomer, signedInCustomer, signedInOwner } from "../support/accounts.ts";
import { appQuote, approvedCustomer, sampleLines, websiteQuote } from "../support/builders.ts";
import { HttpClient, read } from "../support/http-client.ts";
import { waitForMail } from "../support/outbox.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

let app: TestApp;
beforeEach(async () => {
	app = await startTestApp();
});
afterEach(() => app.close());

describe("owner quote decisions", () => {
	it("approving an app quote creates one bill, activates the profile and the customer record", async () => {
		const { owner, customer } = await ownerAndCustomer(app);
		const quote = await appQuote(app, { userId: customer.userId });

		const res = await read(
			owner.client.api.owner.quotes[":source"][":id"].approve.$post({
				param: { source: "app", id: quote.id },
				json: {},
			}),
		);
		expect(res.status).toBe(200);
		expect(res.json).toMatchObject({
			status: "approved",
			message: "Quote approved! Customer account activated and bill created.",
		});

		const [bill] = await app.db.select().from(bills).where(eq(bills.quoteRequestId, quote.id));
		expect(bill).toMatchObject({
			userId: customer.userId,
			amountCents: 65000,
			status: "pending",
			dueDate: addDays(businessDate(), 30),
		});
		expect(res.json.billId).toBe(bill!.id);
		const [profile] = await app.db
			.select()
			.from(profiles)
			.where(eq(profiles.userId, customer.userId));
		expect(profile!.accountStatus).toBe("active");
		const [record] = await app.db
			.select()
			.from(customers)
			.where(eq(customers.userId, customer.userId));
		expect(record).toMatchObject({
			status: "active",
			idNumber: 1001,
			name: "Casey Customer",
			address: "100 Market Ave N",
			city: "Canton",
		});

		const mail = await waitForMail(app.dataDir, "casey@example.test");
		expect(mail.subject).toContain("approved");
		expect(mail.text).toContain("$650.00");

		// Again: same answer, still one bill, no second e-mail to the customer.
		const again = await read(
			owner.client.api.owner.quotes[":source"][":id"].approve.$post({
				param: { source: "app", id: quote.id },
				json: {},
			}),
		);
		expect(again.status).toBe(200);
		expect(again.json.billId).toBe(bill!.id);
		expect(await app.db.select().from(bills)).toHaveLength(1);
	});

	it("approving at the same moment from several requests still leaves exactly one bill", async () => {
		const { owner, customer } = await ownerAndCustomer(app);
		const quote = await appQuote(app, { userId: customer.userId });
		const answers = await Promise.all(
			Array.from({ length: 6 }, () =>
				read(
					owner.client.api.owner.quotes[":source"][":id"].approve.$post({
						param: { source: "app", id: quote.id },
						json: {},
					}),
				),
			),
		);
		expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
		expect(new Set(answers.map((a) => a.json.billId)).size).toBe(1);
		expect(await app.db.select().from(bills)).toHaveLength(1);
		expect(await app.db.select().from(customers)).toHaveLength(1);
	});

	it("bills the revised amount, or the owner's per-service prices", async () => {
		const { owner, customer } = await ownerAndCustomer(app);
		const revised = await appQuote(app, {
			userId: customer.userId,
			status: "revised",
			revisedPriceCents: 59900,
		});
		await read(
			owner.client.api.owner.quotes[":source"][":id"].approve.$post({
				param: { source: "app", id: revised.id },
				json: {},
			}),
		);
		const [bill1] = await app.db.select().from(bills).where(eq(bills.quoteRequestId, revised.id));
		expect(bill1!.amountCents).toBe(59900);

		const lines = await sampleLines(app);
		const other = await appQuote(app, { userId: customer.userId });
		const res = await read(
			owner.client.api.owner.quotes[":source"][":id"].approve.$post({
				param: { source: "app", id: other.id },
				json: {
					unitPrices: [{ serviceId: lines[1]!.serviceId, unitPriceCents: 10000 }],
				},
			}),
		);
		expect(res.status).toBe(200);
		const [bill2] = await app.db.select().from(bills).where(eq(bills.quoteRequestId, other.id));
		expect(bill2!.amountCents).toBe(40000 + 2 * 10000);
		const negative = await read(
			owner.client.api.owner.quotes[":source"][":id"].approve.$post({
				param: { source: "app", id: revised.id },
				json: {
					unitPrices: [{ serviceId: lines[0]!.serviceId, unitPriceCents: -1 }],
				},
			}),
		);
		expect(negative.status).toBe(400);
		expect(negative.json.error).toBe("Prices cannot be negative");
	});

	it("approving a website quote creates nothing and says to follow up", async () => {
		const owner = await signedInOwner(app);
		const quote = await websiteQuote(app);
		const res = await read(
			owner.client.api.owner.quotes[":source"][":id"].approve.$post({
				param: { source: "website", id: quote.id },
				json: {},
			}),
		);
		expect(res.status).toBe(200);
		expect(res.json).toMatchObject({
			status: "approved",
			billId: null,
			message: "Website quote approved! Follow up with customer directly.",
		});
		expect(await app.db.select().from(bills)).toHaveLength(0);
		expect(await app.db.select().from(customers)).toHaveLength(0);
	});

	it("creates the account of an approved website quote: login, approved quote, bill, invite", async () => {
		const { owner, customer } = await ownerAndCustomer(app);
		const quote = await websiteQuote(app, { revisedPriceCents: 70_000 });

		const early = await read(
			owner.client.api.owner.quotes.website[":id"]["customer-account"].$post({
				param: { id: quote.id },
			}),
		);
		expect(early.status).toBe(409);
		expect(early.json.error).toBe("Approve the quote before creating the customer's account");
		expect(
			(
				await read(
					customer.client.api.owner.quotes.website[":id"]["customer-account"].$post({
						param: { id: quote.id },
					}),
				)
			).status,
		).toBe(403);
		await read(
			owner.client.api.owner.quotes[":source"][":id"].approve.$post({
				param: { source: "website", id: quote.id },
				json: {},
			}),
		);

		const created = await read(
			owner.client.api.owner.quotes.website[":id"]["customer-account"].$post({
				param: { id: quote.id },
			}),
		);
		expect(created.status, created.text).toBe(201);
		expect(created.json.message).toMatch(/Customer account created/);
		const userId = created.json.userId;
		const [profile] = await app.db.select().from(profiles).where(eq(profiles.userId, userId));
		expect(profile).toMatchObject({
			displayName: "Wendy Web",
			accountStatus: "active",
			role: "customer",
		});
		const [appQuote] = await app.db
			.select()
			.from(quoteRequests)
			.where(eq(quoteRequests.userId, userId));
		expect(appQuote).toMatchObject({ status: "approved", revisedPriceCents: 70_000 });
		const [bill] = await app.db.select().from(bills).where(eq(bills.userId, userId));
		expect(bill).toMatchObject({
			amountCents: 70_000,
			quoteRequestId: appQuote!.id,
			status: "pending",
		});
		expect(await app.db.select().from(customers).where(eq(customers.userId, userId))).toHaveLength(
			1,
		);

		// Once only.
		const again = await read(
			owner.client.api.owner.quotes.website[":id"]["customer-account"].$post({
				param: { id: quote.id },
			}),
		);
		expect(again.status).toBe(409);
		expect(again.json.error).toBe("An account was already created for this quote");
		expect(await app.db.select().from(bills).where(eq(bills.userId, userId))).toHaveLength(1);

		// The invite's link sets a password; then the customer signs in and sees the approved quote.
		const mail = await waitForMail(app.dataDir, "wendy@example.test");
		expect(mail.subject).toMatch(/account is ready/);
		const link = new URL(mail.text.match(/Set your password: (\S+)/)![1]!);
		const browser = new HttpClient(app.url);
		const reset = await browser.post("/api/auth/reset-password", {
			token: link.searchParams.get("token"),
			newPassword: "snowy-rooftops-42",
		});
		expect(reset.status, reset.text).toBe(200);
		const signIn = await browser.post("/api/auth/sign-in/email", {
			email: "wendy@example.test",
			password: "snowy-rooftops-42",
		});
		expect(signIn.status).toBe(200);
		const latest = await read(browser.api.quotes.latest.$get());
		expect(latest.json.quote).toMatchObject({ id: appQuote!.id, status: "approved" });
		expect((await read(browser.api.bills.$get())).json.bills).toHaveLength(1);
	});

	it("does not create a second login for an e-mail that has one", async () => {
		const { owner } = await ownerAndCustomer(app);
		const quote = await websiteQuote(app, {
			email: "casey@example.test",
			status: "approved",
		});
		const res = await read(
			owner.client.api.owner.quotes.website[":id"]["customer-account"].$post({
				param: { id: quote.id },
			}),
		);
		expect(res.status).toBe(409);
		expect(res.json.error).toBe("An account with this e-mail already exists");
		expect(await app.db.select().from(quoteRequests)).toHaveLength(0);
	});

	it("revising a website quote e-mails the visitor the new price, the notes and how to reach the business", async () => {
		const owner = await signedInOwner(app);
		const quote = await websiteQuote(app, { email: "wendy@example.test" });
		const res = await read(
			owner.client.api.owner.quotes[":source"][":id"].revise.$post({
				param: { source: "website", id: quote.id },
				json: {
					revisedPriceCents: 72500,
					notes: "Two more windows",
				},
			}),
		);
		expect(res.status, res.text).toBe(200);
		expect(res.json).toMatchObject({ status: "revised", message: QUOTE_MESSAGES.revisedWebsite });
		const mail = await waitForMail(app.dataDir, "wendy@example.test", { containing: "$725.00" });
		expect(mail.subject).toBe("Your holiday lighting quote was updated: $725.00");
		expect(mail.text).toContain("Two more windows");
		expect(mail.text).toContain("reply to this e-mail or call us at");
		// No name typed on the public form is repeated to an address nobody confirmed.
		expect(mail.text).toMatch(/^Hello,/);
	});

	it("revise needs a price; the customer accepts (bill appears) or declines", async () => {
		const { owner, customer } = await ownerAndCustomer(app);
		const quote = await appQuote(app, { userId: customer.userId });
		const missing = await owner.client.post(`/api/owner/quotes/app/${quote.id}/revise`, {
			notes: "Bigger trees",
		});
		expect(missing.status).toBe(400);
		expect(missing.json.error).toBe("Please enter the revised price");

		const res = await read(
			owner.client.api.owner.quotes[":source"][":id"].revise.$post({
				param: { source: "app", id: quote.id },
				json: {
					revisedPriceCents: 72500,
					notes: "Two more windows",
				},
			}),
		);
		expect(res.json).toMatchObject({
			status: "revised",
			message: "Quote revised and sent to customer for approval",
		});
		const [row] = await app.db.select().from(quoteRequests).where(eq(quoteRequests.id, quote.id));
		expect(row).toMatchObject({
			status: "revised",
			revisedPriceCents: 72500,
			ownerNotes: "Two more windows",
		});
		expect((await waitForMail(app.dataDir, "casey@example.test")).text).toContain("$725.00");

		const accepted = await read(
			customer.client.api.quotes[":id"].accept.$post({ param: { id: quote.id } }),
		);
		expect(accepted.status).toBe(200);
		const [bill] = await app.db.select().from(bills).where(eq(bills.quoteRequestId, quote.id));
		expect(bill!.amountCents).toBe(72500);

		const second = await appQuote(app, {
			userId: customer.userId,
			status: "revised",
			revisedPriceCents: 1000,
		});
		const declined = await read(
			customer.client.api.quotes[":id"].decline.$post({ param: { id: second.id } }),
		);
		expect(declined.json).toMatchObject({ status: "rejected", message: "Quote rejected" });
		const again = await read(
			customer.client.api.quotes[":id"].accept.$post({ param: { id: second.id } }),
		);
		expect(again.status).toBe(409);
		expect(await app.db.select().from(bills)).toHaveLength(1);
	});

	it("rejects, and refuses to decide a rejected quote again", async () => {
		const { owner, customer } = await ownerAndCustomer(app);
		const quote = await appQuote(app, { userId: customer.userId });
		const res = await read(
			owner.client.api.owner.quotes[":source"][":id"].reject.$post({
				param: { source: "app", id: quote.id },
			}),
		);
		expect(res.json).toMatchObject({ status: "rejected", message: "Quote rejected" });
		expect(
			(
				await read(
					owner.client.api.owner.quotes[":source"][":id"].approve.$post({
						param: { source: "app", id: quote.id },
						json: {},
					}),
				)
			).status,
		).toBe(409);
		expect(
			(
				await read(
					owner.client.api.owner.quotes[":source"][":id"].revise.$post({
						param: { source: "app", id: quote.id },
						json: {
							revisedPriceCents: 5,
						},
					}),
				)
			).status,
		).toBe(409);
		expect(await app.db.select().from(bills)).toHaveLength(0);
	});
});

describe("quote access", () => {
	it("owner operations answer 401 signed out and 403 to customers; other people's quotes are 404", async () => {
		const customer = await signedInCustomer(app);
		const quote = await appQuote(app, {
			userId: customer.userId,
			status: "revised",
			revisedPriceCents: 5000,
		});

		expect(
			(
				await read(
					new HttpClient(app.url).api.owner.quotes[":source"][":id"].approve.$post({
						param: { source: "app", id: quote.id },
						json: {},
					}),
				)
			).status,
		).toBe(401);
		expect(
			(
				await read(
					customer.client.api.owner.quotes[":source"][":id"].approve.$post({
						param: { source: "app", id: quote.id },
						json: {},
					}),
				)
			).status,
		).toBe(403);

		const stranger = await signedInCustomer(app, { email: "stranger@example.test" });
		expect(
			(await read(stranger.client.api.quotes[":id"].accept.$post({ param: { id: quote.id } })))
				.status,
		).toBe(404);
		expect(
			(await read(stranger.client.api.quotes[":id"].decline.$post({ param: { id: quote.id } })))
				.status,
		).toBe(404);
		expect(
			(await read(customer.client.api.quotes[":id"].accept.$post({ param: { id: "not-a-uuid" } })))
				.status,
		).toBe(400);
		// Raw: a quote source the route does not take.
		expect((await customer.client.post("/api/owner/quotes/elsewhere/x/approve")).status).toBe(403);
		expect(await app.db.select().from(bills)).toHaveLength(0);
		const [row] = await app.db.select().from(quoteRequests).where(eq(quoteRequests.id, quote.id));
		expect(row!.status).toBe("revised");
	});

	it("a customer sees only their own bills", async () => {
		const customer = await approvedCustomer(app);
		const mine = await read(customer.client.api.bills.$get());
		expect(mine.json.bills).toHaveLength(1);
		expect(mine.json.bills[0]).toMatchObject({
			amountCents: 65000,
			status: "pending",
			description: "Holiday lighting installation",
		});
		const stranger = await signedInCustomer(app, { email: "stranger@example.test" });
		expect((await read(stranger.client.api.bills.$get())).json.bills).toEqual([]);
	});
});
