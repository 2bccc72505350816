import { describe, expect, it, vi } from "vitest";
import { PASSWORD } from "../support/accounts.ts";
import { HttpClient, read } from "../support/http-client.ts";
import {
	type ServerProcess as Instance,
	signUpOn,
	twoInstances,
} from "../support/server-process.ts";

/**
 * Two server processes on one PostgreSQL database, as deployed behind a load balancer: each keeps
 * its read cache, and the events of a write through one reach the other through LISTEN/NOTIFY.
 * Every read below goes to the instance that did not write, right after the write.
 */
const url = process.env.TEST_DATABASE_URL;

/**
 * `check` passes within a second. The writer answers once its own notification has come back, so
 * the other instance has normally heard it by then and the first try passes; on a machine too
 * busy to schedule the other process, it may take a few milliseconds more. Without the event, the
 * other instance's cached answer would stand for READ_CACHE_MS (a minute here).
 */
const soon = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 1000, interval: 20 });

/** A client whose cookies (the session) are sent to whichever instance it is pointed at. */
function on(client: HttpClient, instance: Instance) {
	return new HttpClient(instance.url, client);
}

describe.skipIf(!url)("two server instances on one database", () => {
	// Long enough that only an event can make a read fresh.
	const instances = twoInstances(url!, { READ_CACHE_MS: "60000" });

	it("a change through one is read fresh through the other, and a sign-out ends the session on both", async () => {
		const { a, b } = instances;
		const owner = await signUpOn(a, "o@example.test", "owner");
		const customer = await signUpOn(a, "c@example.test", "customer");

		// B answers (and keeps) the owner's dashboard and the customer's latest quote.
		const dashboardOnB = () => read(on(owner, b).api.owner.dashboard.$get());
		expect((await dashboardOnB()).json.stats.pendingQuotes).toBe(0);
		expect((await read(on(customer, b).api.quotes.latest.$get())).json.quote).toBeNull();

		// The customer asks for a quote through A.
		const catalog = (await read(on(customer, a).api.catalog.$get())).json.services;
		const data = JSON.stringify({
			address: "100 Market Ave N",
			city: "Canton",
			state: "OH",
			services: [{ serviceId: catalog[0].id, quantity: 1 }],
		});
		const submitted = await read(
			on(customer, a).api["quote-requests"].$post({ form: { data, photos: [] } }),
		);
		expect(submitted.status, submitted.text).toBe(201);

		// B reads it at once.
		await soon(async () => expect((await dashboardOnB()).json.stats.pendingQuotes).toBe(1));
		await soon(async () =>
			expect((await read(on(customer, b).api.quotes.latest.$get())).json.quote).toMatchObject({
				id: submitted.json.id,
				status: "pending",
			}),
		);

		// The owner approves through A; B shows the approval and the customer's bill at once.
		const approved = await read(
			on(owner, a).api.owner.quotes[":source"][":id"].approve.$post({
				param: { source: "app", id: submitted.json.id },
				json: {},
			}),
		);
		expect(approved.status, approved.text).toBe(200);
		await soon(async () =>
			expect((await dashboardOnB()).json.stats).toMatchObject({
				pendingQuotes: 0,
				approvedQuotes: 1,
			}),
		);
		await soon(async () =>
			expect((await read(on(customer, b).api.bills.$get())).json.bills).toHaveLength(1),
		);

		// The customer's session is known to B; signing out on A ends it on B at once.
		expect((await read(on(customer, b).api.me.$get())).json.user.email).toBe("c@example.test");
		const cookie = customer.cookieHeader();
		expect((await on(customer, a).post("/api/auth/sign-out")).status).toBe(200);
		await soon(async () => {
			const replayed = await fetch(`${b.url}/api/quotes/latest`, { headers: { cookie } });
			expect(replayed.status).toBe(401);
		});
		const me = await fetch(`${b.url}/api/me`, { headers: { cookie } });
		expect((await me.json()).user).toBeNull();
	});

	it("settings and the catalogue saved through one are read fresh through the other; a secret sealed on one opens on the other", async () => {
		const { a, b } = instances;
		// The install's owner (made by the test above, or here when it runs alone), signed in on A.
		const owner = new HttpClient(a.url);
		const credentials = { email: "o@example.test", password: PASSWORD };
		let signedIn = await owner.post("/api/auth/sign-in/email", credentials);
		if (signedIn.status !== 200) {
			await signUpOn(a, credentials.email, "owner");
			signedIn = await owner.post("/api/auth/sign-in/email", credentials);
		}
		expect(signedIn.status, signedIn.text).toBe(200);
		const visitorB = new HttpClient(b.url);
		const profile = (await read(visitorB.api.business.$get())).json;
		const services = (await read(visitorB.api.catalog.$get())).json.services;

		const saved = await read(
			on(owner, a).api.owner.settings.$put({
				json: {
					profile: { ...profile, phone: "(330) 555-0177" },
					payments: { secretKey: "sk_test_sealedOnA4242" },
				},
			}),
		);
		expect(saved.status, saved.text).toBe(200);
		await soon(async () =>
			expect((await read(visitorB.api.business.$get())).json.phone).toBe("(330) 555-0177"),
		);
		const onB = await read(on(owner, b).api.owner.settings.$get());
		expect(onB.json.payments.secretKey).toEqual({
			set: true,
			hint: "…4242",
			fromEnvironment: false,
		});

		const off = await read(
			on(owner, a).api.owner.catalog[":id"].$patch({
				param: { id: services[0].id },
				json: {
					isActive: false,
				},
			}),
		);
		expect(off.status, off.text).toBe(200);
		await soon(async () =>
			expect((await read(visitorB.api.catalog.$get())).json.services).toHaveLength(
				services.length - 1,
			),
		);
	});
});
