import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { rateLimits, requestLimits } from "../../src/server/db/schema.ts";
import { hitRateLimit, RATE_LIMIT_MESSAGE } from "../../src/server/lib/rate-limit.ts";
import { PUBLIC_RATE_LIMITS } from "../../src/server/lib/rate-limit-rules.ts";
import { HttpClient, read } from "../support/http-client.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

let app: TestApp;
beforeEach(async () => {
	app = await startTestApp();
});
afterEach(() => app.close());

const WINDOW = 60_000;
const T0 = 1_800_000_000_000;

describe("fixed-window rate limit", () => {
	it("counts hits per key within a window and starts again after it", async () => {
		const hit = (key: string, now: number) =>
			hitRateLimit({ db: app.db, key, windowMs: WINDOW, now });
		expect(await hit("test:1.2.3.4", T0)).toEqual({ count: 1, resetAt: T0 + WINDOW });
		expect((await hit("test:1.2.3.4", T0 + 1_000)).count).toBe(2);
		expect((await hit("test:5.6.7.8", T0 + 1_000)).count).toBe(1);
		const last = await hit("test:1.2.3.4", T0 + WINDOW - 1);
		expect(last).toEqual({ count: 3, resetAt: T0 + WINDOW });
		// The window is fixed: it ends WINDOW after its first hit, not after the last one.
		expect(await hit("test:1.2.3.4", T0 + WINDOW)).toEqual({
			count: 1,
			resetAt: T0 + 2 * WINDOW,
		});
	});

	it("counts concurrent hits exactly once each", async () => {
		const counts = await Promise.all(
			Array.from({ length: 12 }, () =>
				hitRateLimit({ db: app.db, key: "test:burst", windowMs: WINDOW, now: T0 }),
			),
		);
		expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(
			Array.from({ length: 12 }, (_, i) => i + 1),
		);
		expect(await app.db.select().from(requestLimits)).toHaveLength(1);
	});

	it("drops windows that ended a day ago", async () => {
		await app.db.insert(requestLimits).values([
			{ key: "contact:old", count: 3, windowStart: T0 - 2 * 86_400_000 },
			{ key: "contact:recent", count: 3, windowStart: T0 - 60_000 },
		]);
		await hitRateLimit({ db: app.db, key: "contact:new", windowMs: WINDOW, now: T0 });
		const keys = (await app.db.select().from(requestLimits)).map((r) => r.key).sort();
		expect(keys).toEqual(["contact:new", "contact:recent"]);
	});

	it("has the documented limits for the public endpoints", () => {
		expect(PUBLIC_RATE_LIMITS).toEqual({
			estimate: { windowMs: 60_000, max: 30 },
			contact: { windowMs: 600_000, max: 5 },
			quote: { windowMs: 600_000, max: 5 },
			signUp: { windowMs: 3_600_000, max: 20 },
			ownerInvite: { windowMs: 600_000, max: 5 },
			serviceRequest: { windowMs: 600_000, max: 20 },
		});
	});
});

describe("the public forms' limits", () => {
	it("keep their own windows: better-auth pruning its table does not reset them", async () => {
		const client = new HttpClient(app.url);
		const message = {
			fullName: "Pat Visitor",
			email: "pat@example.com",
			message: "Can you light our porch?",
		};
		for (let i = 0; i < 5; i++)
			expect((await read(client.api.public.contact.$post({ json: message }))).status).toBe(201);
		// better-auth deletes its rows older than its 60 s window on its own schedule.
		await app.db.delete(rateLimits);
		const sixth = await read(client.api.public.contact.$post({ json: message }));
		expect(sixth.status).toBe(429);
		expect(sixth.json.error).toBe(RATE_LIMIT_MESSAGE);
	});
});
