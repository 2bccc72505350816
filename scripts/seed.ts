// `npm run db:seed`: demo accounts for trying the product locally (owner and customer).
// Runs against DATABASE_URL or the embedded database in DATA_DIR; the server must not be running on it.
import { parseEnv } from "../src/server/env.ts";
import { startServer } from "../src/server/server.ts";

const env = parseEnv({ ...process.env, PORT: "0", LOG_LEVEL: "warn" });
const server = await startServer(env);
const base = `http://127.0.0.1:${server.port}`;
const accounts = [
	{
		email: "owner@example.com",
		password: "holiday-owner",
		role: "owner",
		displayName: "Olivia Owner",
	},
	{
		email: "customer@example.com",
		password: "holiday-customer",
		role: "customer",
		displayName: "Casey Customer",
	},
];
for (const account of accounts) {
	const res = await fetch(`${base}/api/account/sign-up`, {
		method: "POST",
		headers: { "content-type": "application/json" },
		body: JSON.stringify(account),
	});
	const body = await res.json();
	console.log(
		res.ok
			? `created ${account.role} ${account.email} / ${account.password}`
			: `${account.email}: ${body.error}`,
	);
}
await server.close();
