import { afterEach, expect, it } from "vitest";
import { files } from "../../src/server/db/schema.ts";
import { PASSWORD_HASH_COST } from "../../src/server/features/auth/password-hash.ts";
import { signedInCustomer } from "../support/accounts.ts";
import { sampleLines } from "../support/builders.ts";
import { formFile, HttpClient, read } from "../support/http-client.ts";
import { png } from "../support/images.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

let app: TestApp;
afterEach(() => app.close());

it("answers a photo download at once while sign-ins hash passwords at the product's cost", async () => {
	app = await startTestApp({ env: { TRUST_PROXY: "1" }, passwordHashCost: PASSWORD_HASH_COST });
	const customer = await signedInCustomer(app);
	const data = {
		address: "100 Market Ave N",
		city: "Canton",
		state: "OH",
		zipCode: "44702",
		services: (await sampleLines(app)).map((l) => ({ serviceId: l.serviceId, quantity: 1 })),
	};
	const upload = { bytes: await png("#a00", 800, 600), name: "a.png", type: "image/png" };
	expect(
		(
			await read(
				customer.client.api["quote-requests"].$post({
					form: { data: JSON.stringify(data), photos: [formFile(upload)] },
				}),
			)
		).status,
	).toBe(201);
	const [photo] = await app.db.select({ id: files.id }).from(files);
	const download = async () => {
		const started = performance.now();
		const res = await read(customer.client.api.files[":id"].$get({ param: { id: photo!.id } }));
		expect(res.status).toBe(200);
		return performance.now() - started;
	};
	await download();

	// Six guesses at once, each for another e-mail from another address: six full-cost hashes.
	const answered: number[] = [];
	const guesses = Array.from({ length: 6 }, (_, i) =>
		// Raw: better-auth's sign-in, from a forwarded address of its own.
		new HttpClient(app.url)
			.request(
				"POST",
				"/api/auth/sign-in/email",
				{ email: `guess-${i}@example.com`, password: "wrong-password" },
				{ "x-forwarded-for": `198.51.100.${i + 1}` },
			)
			.then((res) => {
				answered.push(performance.now());
				return res.status;
			}),
	);
	await new Promise((r) => setTimeout(r, 150));
	const during = await download();
	const downloaded = performance.now();
	expect(await Promise.all(guesses)).toEqual(Array(6).fill(401));
	// The photo did not queue behind the hashes: at most one was done when it came (while they
	// shared libuv's four threads with file reads, it waited for most of them, seconds).
	expect(answered.filter((t) => t < downloaded).length).toBeLessThanOrEqual(1);
	expect(during).toBeLessThan(2000);
}, 120_000);
