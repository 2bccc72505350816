import { describe, expect } from "vitest";
import { ownerAndCustomer } from "../support/accounts.ts";
import { test } from "../support/app-fixture.ts";
import { formFile, read } from "../support/http-client.ts";
import { png } from "../support/images.ts";

/** The owner sends Casey a photo in chat; answers its file's address. */
async function sharedPhoto(owner: Awaited<ReturnType<typeof ownerAndCustomer>>) {
	const sent = await read(
		owner.owner.client.api.owner.chat[":customerUserId"].attachments.$post({
			param: { customerUserId: owner.customer.userId },
			form: {
				data: JSON.stringify({ content: "Your roofline" }),
				file: formFile({ name: "roof.png", bytes: await png() }),
			},
		}),
	);
	expect(sent.status, sent.text).toBe(201);
	return `/api/files/${sent.json.message.file.id}`;
}

describe("nothing private outlives the session in a browser or a cache", () => {
	test("a private file is revalidated on every use, with its id as the validator", async ({
		app,
	}) => {
		const people = await ownerAndCustomer(app);
		const url = app.url + (await sharedPhoto(people));
		const cookie = people.customer.client.cookieHeader();
		const first = await fetch(url, { headers: { cookie } });
		expect(first.status).toBe(200);
		expect(first.headers.get("cache-control")).toBe("private, no-cache");
		const etag = first.headers.get("etag");
		expect(etag).toMatch(/^".+"$/);

		const again = await fetch(url, { headers: { cookie, "if-none-match": etag! } });
		expect(again.status).toBe(304);
		expect(await again.text()).toBe("");
		// The browser's revalidation without the session (signed out) gets nothing.
		expect((await fetch(url, { headers: { "if-none-match": etag! } })).status).toBe(401);
	});

	test("signed-in JSON answers are never stored", async ({ app }) => {
		const { customer, owner } = await ownerAndCustomer(app);
		for (const [path, call] of [
			["/api/me", () => customer.client.api.me.$get()],
			["/api/bills", () => customer.client.api.bills.$get()],
			["/api/owner/dashboard", () => owner.client.api.owner.dashboard.$get()],
		] as const) {
			const res = await read(call());
			expect(res.status, path).toBe(200);
			expect(res.headers.get("cache-control"), path).toBe("no-store");
		}
	});

	test("signing out clears the site's cache and storage in the browser", async ({ app }) => {
		const { customer } = await ownerAndCustomer(app);
		const res = await customer.client.post("/api/auth/sign-out");
		expect(res.status, res.text).toBe(200);
		expect(res.headers.get("clear-site-data")).toBe('"cache", "storage"');
	});
});
