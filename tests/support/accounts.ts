import { eq } from "drizzle-orm";
import { users } from "../../src/server/db/schema.ts";
import { HttpClient } from "./http-client.ts";
import type { TestApp } from "./test-app.ts";

/** Signs up an account through the API and returns its signed-in client and user id. */
export async function signUp(
	app: TestApp,
	account: { email: string; password?: string; role?: "customer" | "owner"; displayName?: string },
) {
	const client = new HttpClient(app.url);
	const res = await client.post("/api/account/sign-up", {
		password: "secret-pass",
		role: "customer",
		...account,
	});
	if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${res.text}`);
	const [user] = await app.db
		.select({ id: users.id })
		.from(users)
		.where(eq(users.email, account.email));
	return { client, userId: user!.id };
}

/** The owner of a fresh install and one customer, both signed in. */
export async function ownerAndCustomer(app: TestApp) {
	const owner = await signUp(app, {
		email: "owner@example.test",
		role: "owner",
		displayName: "Olive Owner",
	});
	const customer = await signUp(app, {
		email: "casey@example.test",
		displayName: "Casey Customer",
	});
	return { owner, customer };
}
