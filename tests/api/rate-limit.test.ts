import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { rateLimits } from "../../src/server/db/schema.ts";
import { hitRateLimit } from "../../src/server/lib/rate-limit.ts";
import { PUBLIC_RATE_LIMITS } from "../../src/server/lib/rate-limit-rules.ts";
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
		expect(await hit("public:test:1.2.3.4", T0)).toEqual({ count: 1, resetAt: T0 + WINDOW });
		expect((await hit("public:test:1.2.3.4", T0 + 1_000)).count).toBe(2);
		expect((await hit("public:test:5.6.7.8", T0 + 1_000)).count).toBe(1);
		const last = await hit("public:test:1.2.3.4", T0 + WINDOW - 1);
		expect(last).toEqual({ count: 3, resetAt: T0 + WINDOW });
		// The window is fixed: it ends WINDOW after its first hit, not after the last one.
		expect(await hit("public:test:1.2.3.4", T0 + WINDOW)).toEqual({
			count: 1,
			resetAt: T0 + 2 * WINDOW,
		});
	});

	it("counts concurrent hits exactly once each", async () => {
		const counts = await Promise.all(
			Array.from({ length: 12 }, () =>
				hitRateLimit({ db: app.db, key: "public:test:burst", windowMs: WINDOW, now: T0 }),
			),
		);
		expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(
			Array.from({ length: 12 }, (_, i) => i + 1),
		);
		expect(await app.db.select().from(rateLimits)).toHaveLength(1);
	});

	it("drops public windows that ended a day ago, and leaves other limiters' rows alone", async () => {
		await app.db.insert(rateLimits).values([
			{ id: "a", key: "public:contact:old", count: 3, lastRequest: T0 - 2 * 86_400_000 },
			{ id: "b", key: "public:contact:recent", count: 3, lastRequest: T0 - 60_000 },
			{ id: "c", key: "/sign-in/email:1.2.3.4", count: 3, lastRequest: T0 - 2 * 86_400_000 },
		]);
		await hitRateLimit({ db: app.db, key: "public:contact:new", windowMs: WINDOW, now: T0 });
		const keys = (await app.db.select().from(rateLimits)).map((r) => r.key).sort();
		expect(keys).toEqual(["/sign-in/email:1.2.3.4", "public:contact:new", "public:contact:recent"]);
	});

	it("has the documented limits for the public endpoints", () => {
		expect(PUBLIC_RATE_LIMITS).toEqual({
			estimate: { windowMs: 60_000, max: 30 },
			contact: { windowMs: 600_000, max: 5 },
			quote: { windowMs: 600_000, max: 5 },
		});
	});
});
