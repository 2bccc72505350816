import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { users } from "../../src/server/db/schema.ts";
import { HttpClient } from "./http-client.ts";
import type { TestApp } from "./test-app.ts";

export const PASSWORD = "lights-up-2024";

/** Posts a sign-up through the product's endpoint; the client keeps the session it gets. */
export async function signUp(
	app: TestApp,
	body: {
		email: string;
		password?: string;
		role?: "customer" | "owner";
		displayName?: string;
		inviteCode?: string;
	},
) {
	const client = new HttpClient(app.url);
	const res = await client.post("/api/account/sign-up", {
		password: PASSWORD,
		role: "customer",
		...body,
	});
	return { client, res };
}

/** A new, signed-in account: its client and user id. */
export async function signedUp(app: TestApp, body: Parameters<typeof signUp>[1]) {
	const { client, res } = await signUp(app, body);
	expect(res.status, res.text).toBe(201);
	const [user] = await app.db
		.select({ id: users.id })
		.from(users)
		.where(eq(users.email, body.email));
	return { client, userId: user!.id };
}

/** The owner of a fresh install and one customer, both signed in. */
export async function ownerAndCustomer(app: TestApp) {
	const owner = await signedUp(app, {
		email: "owner@example.test",
		role: "owner",
		displayName: "Olive Owner",
	});
	const customer = await signedUp(app, {
		email: "casey@example.test",
		displayName: "Casey Customer",
	});
	return { owner, customer };
}
