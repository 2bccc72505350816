import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ownerAndCustomer, signedInCrew } from "../support/accounts.ts";
import { HttpClient } from "../support/http-client.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/**
 * What a crew account may call beyond the public operations: the crews' own (/api/crew/...), its
 * own profile, and stored files (the installation photos; any other file answers 404). Everything
 * else (money, chat, quotes, requests, settings, every owner operation) answers 403.
 */
const CREW = new Set(["PUT /api/me/profile", "GET /api/files/{id}"]);
const isCrewOperation = (op: { key: string; path: string }) =>
	op.path.startsWith("/api/crew/") || CREW.has(op.key);

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
let operations: { method: string; path: string; key: string }[];
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

let made: ReturnType<typeof ownerAndCustomer> | undefined;
/** The owner and a customer of this app, made by the first test that needs them. */
const accounts = () => {
	made ??= ownerAndCustomer(app);
	return made;
};

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
		const { customer } = await accounts();
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

	it("answers 403 to a crew member for every operation but the crews' own", async () => {
		const { owner } = await accounts();
		const crew = await signedInCrew(app, owner);
		const refused = operations.filter((op) => !isCrewOperation(op));
		expect(refused.some((op) => op.path.startsWith("/api/owner/"))).toBe(true);
		expect(refused.some((op) => op.path.startsWith("/api/bills"))).toBe(true);
		expect(refused.some((op) => op.path.startsWith("/api/chat"))).toBe(true);
		for (const op of refused) {
			const res = await crew.client.request(
				op.method,
				op.path,
				op.method === "GET" ? undefined : {},
			);
			expect(res.status, `${op.method} ${op.path}`).toBe(403);
		}
		// The crew's own operations are not refused to it (an unknown id answers 404, a bad body 400).
		for (const op of operations.filter(isCrewOperation)) {
			const res = await crew.client.request(
				op.method,
				op.path,
				op.method === "GET" ? undefined : {},
			);
			expect(res.status, `${op.method} ${op.path}`).not.toBe(403);
			expect(res.status, `${op.method} ${op.path}`).toBeLessThan(500);
		}
	});
});
