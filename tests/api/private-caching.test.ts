import { describe, expect } from "vitest";
import { ownerAndCustomer } from "../support/accounts.ts";
import { test } from "../support/app-fixture.ts";
import { png } from "../support/images.ts";

/** The owner sends Casey a photo in chat; answers its file's address. */
async function sharedPhoto(owner: Awaited<ReturnType<typeof ownerAndCustomer>>) {
	const form = new FormData();
	form.set("data", JSON.stringify({ content: "Your roofline" }));
	form.append("file", new Blob([new Uint8Array(await png())]), "roof.png");
	const sent = await owner.owner.client.post(
		`/api/owner/chat/${owner.customer.userId}/attachments`,
		form,
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
		for (const [who, path] of [
			[customer, "/api/me"],
			[customer, "/api/bills"],
			[owner, "/api/owner/dashboard"],
		] as const) {
			const res = await who.client.get(path);
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
