import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ownerAndCustomer } from "../support/accounts.ts";
import { HttpClient } from "../support/http-client.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/** The operations anyone may call: everything else needs a session, and /api/owner an owner. */
const PUBLIC = new Set([
	"GET /api/health",
	"GET /api/me",
	"POST /api/account/sign-up",
	"GET /api/catalog",
	"GET /api/business",
	"POST /api/estimate",
	"POST /api/public/contact",
	"POST /api/public/quote-requests",
	"POST /api/payments/stripe/webhook",
	// The one-click unsubscribe of an e-mail: its signed link is the credential (RFC 8058).
	"GET /api/unsubscribe",
	"POST /api/unsubscribe",
]);

const ID = "00000000-0000-4000-8000-000000000000";

let app: TestApp;
let operations: { method: string; path: string }[];
beforeAll(async () => {
	app = await startTestApp();
	const doc = (await new HttpClient(app.url).get("/api/openapi.json")).json as {
		paths: Record<string, Record<string, unknown>>;
	};
	operations = Object.entries(doc.paths)
		.filter(([path]) => !path.startsWith("/api/auth/"))
		.flatMap(([path, item]) =>
			Object.keys(item).map((method) => ({
				method: method.toUpperCase(),
				path: path.replace(/\{source\}/g, "app").replace(/\{[^}]+\}/g, ID),
				key: `${method.toUpperCase()} ${path}`,
			})),
		)
		.filter((op) => !PUBLIC.has(op.key));
});
afterAll(() => app.close());

describe("who may call what, for every operation in the OpenAPI document", () => {
	it("lists the public operations it knows, and more than them", () => {
		expect(operations.length).toBeGreaterThan(10);
	});

	it("answers 401 to anyone not signed in, before looking at the request", async () => {
		const anonymous = new HttpClient(app.url);
		for (const op of operations) {
			const res = await anonymous.request(op.method, op.path, op.method === "GET" ? undefined : {});
			expect(res.status, `${op.method} ${op.path}`).toBe(401);
		}
	});

	it("answers 403 to a customer for every owner operation", async () => {
		const { customer } = await ownerAndCustomer(app);
		const owned = operations.filter((op) => op.path.startsWith("/api/owner/"));
		expect(owned.length).toBeGreaterThan(5);
		for (const op of owned) {
			const res = await customer.client.request(
				op.method,
				op.path,
				op.method === "GET" ? undefined : {},
			);
			expect(res.status, `${op.method} ${op.path}`).toBe(403);
		}
	});
});
