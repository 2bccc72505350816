import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { leads, users } from "../../src/server/db/schema.ts";
import { CONTROL_CHARACTERS_MESSAGE } from "../../src/server/lib/security.ts";
import { signedInOwner } from "../support/accounts.ts";
import { expectError } from "../support/expect.ts";
import { HttpClient, read } from "../support/http-client.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

let app: TestApp;
beforeEach(async () => {
	app = await startTestApp();
});
afterEach(() => app.close());

describe("control characters in text", () => {
	it("are refused with 400 and a message in every kind of field, and nothing is written", async () => {
		const client = new HttpClient(app.url);
		const contact = { fullName: "Pat Visitor", email: "pat@example.com", message: "Hello" };
		for (const bad of ["a\u0000b", "esc\u001b[31m", "del\u007f"]) {
			expectError(
				await read(client.api.public.contact.$post({ json: { ...contact, message: bad } })),
				400,
				CONTROL_CHARACTERS_MESSAGE,
			);
		}
		expectError(
			await read(
				client.api.account["sign-up"].$post({
					json: {
						email: "nul@example.com",
						password: "lights-up-2024",
						role: "customer",
						displayName: "Pat\u0000",
					},
				}),
			),
			400,
			CONTROL_CHARACTERS_MESSAGE,
		);
		expectError(
			await client.post("/api/auth/reset-password", {
				token: "abc\u0000",
				newPassword: "x".repeat(12),
			}),
			400,
			CONTROL_CHARACTERS_MESSAGE,
		);
		const data = JSON.stringify({
			name: "Pat\u0000",
			email: "pat@example.com",
			address: "1 Main St",
			services: [],
		});
		expectError(
			await read(client.api.public["quote-requests"].$post({ form: { data, photos: [] } })),
			400,
			CONTROL_CHARACTERS_MESSAGE,
		);
		const { client: owner } = await signedInOwner(app);
		expectError(
			await read(owner.api.owner.customers.$get({ query: { q: "a\u0000b" } })),
			400,
			CONTROL_CHARACTERS_MESSAGE,
		);

		expect(await app.db.select().from(leads)).toEqual([]);
		expect((await app.db.select().from(users)).map((u) => u.email)).not.toContain(
			"nul@example.com",
		);
	});

	it("lets tabs and line breaks through, as a message typed on a phone has them", async () => {
		const res = await read(
			new HttpClient(app.url).api.public.contact.$post({
				json: {
					fullName: "Pat Visitor",
					email: "pat@example.com",
					message: "Line one\r\nLine two\tand a tab",
				},
			}),
		);
		expect(res.status, res.text).toBe(201);
	});
});
