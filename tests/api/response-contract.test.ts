import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInCustomer } from "../support/accounts.ts";
import { read } from "../support/http-client.ts";
import { checkResponseContract } from "../support/response-contract.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

let app: TestApp;
beforeAll(async () => {
	app = await startTestApp();
});
afterAll(() => app.close());

const json = "application/json; charset=UTF-8";

describe("the API tests' check of answers against their declared schemas", () => {
	it("passes a real answer and fails one its route does not declare", async () => {
		const customer = await signedInCustomer(app);
		const me = await read(customer.client.api.me.$get());
		expect(me.json.user.email).toBe(customer.email);
		const check = (body: unknown, path = "/api/me") =>
			checkResponseContract(
				app.url,
				{ method: "GET", path },
				{ status: 200, contentType: json, json: body },
			);
		await expect(check(me.json)).resolves.toBeUndefined();
		await expect(check({ user: { ...me.json.user, role: "admin" } })).rejects.toThrow(
			/GET \/api\/me answered 200 with a body its schema/,
		);
		await expect(check({})).rejects.toThrow(/user/);
		// A templated path is matched to its route.
		await expect(
			check({ quote: 5 }, "/api/owner/customers/00000000-0000-4000-8000-000000000000"),
		).rejects.toThrow(/\/api\/owner\/customers\/\{/);
	});

	it("holds every error answer to the one error body, and leaves other content and undocumented paths alone", async () => {
		const answer = (status: number, contentType: string | null, body: unknown, path = "/api/me") =>
			checkResponseContract(app.url, { method: "GET", path }, { status, contentType, json: body });
		await expect(answer(401, json, { error: "Please sign in" })).resolves.toBeUndefined();
		await expect(
			answer(400, json, { error: "Too long", issues: [{ path: "notes", message: "Too long" }] }),
		).resolves.toBeUndefined();
		await expect(answer(409, json, { message: "taken" })).rejects.toThrow(/error body/);
		await expect(answer(403, json, { error: "No", code: "made_up" })).rejects.toThrow(/code/);
		await expect(answer(200, "text/plain", "x")).resolves.toBeUndefined();
		await expect(answer(200, json, { any: 1 }, "/api/auth/get-session")).resolves.toBeUndefined();
	});
});
