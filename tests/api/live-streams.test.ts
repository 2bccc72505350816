import http from "node:http";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect } from "vitest";
import {
	createLiveStreams,
	RECENT_MS,
	SINCE_MARGIN_MS,
	STREAMS_PER_ACCOUNT,
} from "../../src/server/features/live/live-streams.ts";
import type { AppEvent, EventBus } from "../../src/server/lib/events.ts";
import { signedInCustomer } from "../support/accounts.ts";
import { test } from "../support/app-fixture.ts";
import { read } from "../support/http-client.ts";
import { openLiveStream } from "../support/live-stream.ts";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

/** The heap after a full collection: what is still held, not what is merely not yet collected. */
async function heapUsed() {
	for (let i = 0; i < 3; i++) {
		gc();
		await new Promise((resolve) => setImmediate(resolve));
	}
	return process.memoryUsage().heapUsed;
}

/** Sends `total` requests of `method` to /api/live over a few kept-alive connections. */
async function send(url: string, cookie: string, method: string, total: number) {
	const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
	const statuses = new Map<number, number>();
	let next = 0;
	const worker = async () => {
		while (next < total) {
			next++;
			const status = await new Promise<number>((resolve, reject) => {
				const req = http.request(
					`${url}/api/live`,
					{ method, agent, headers: { cookie } },
					(res) => {
						res.resume();
						res.on("end", () => resolve(res.statusCode ?? 0));
					},
				);
				req.on("error", reject);
				req.end();
			});
			statuses.set(status, (statuses.get(status) ?? 0) + 1);
		}
	};
	await Promise.all(Array.from({ length: 8 }, worker));
	agent.destroy();
	return Object.fromEntries(statuses);
}

/** Opens `total` streams and drops each once its headers have come, as a closed tab would. */
async function abortedGets(url: string, cookie: string, total: number) {
	let next = 0;
	const worker = async () => {
		while (next < total) {
			next++;
			const abort = new AbortController();
			const res = await fetch(`${url}/api/live`, { headers: { cookie }, signal: abort.signal });
			expect(res.status).toBe(200);
			abort.abort();
		}
	};
	await Promise.all(Array.from({ length: 8 }, worker));
}

async function until(check: () => boolean, timeoutMs = 10_000) {
	const deadline = Date.now() + timeoutMs;
	while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
	return check();
}

describe("live streams", () => {
	test("answer GET only: HEAD and other methods get 405 with Allow", async ({ app }) => {
		const casey = await signedInCustomer(app);
		const cookie = casey.client.cookieHeader();
		for (const method of ["HEAD", "POST", "PUT", "DELETE"]) {
			const res = await fetch(`${app.url}/api/live`, { method, headers: { cookie } });
			expect(res.status, method).toBe(405);
			expect(res.headers.get("allow")).toBe("GET");
		}
		expect(app.deps.live.size).toBe(0);
	});

	test("thousands of HEADs and dropped GETs leave no stream and no memory behind", async ({
		app,
	}) => {
		const casey = await signedInCustomer(app);
		const cookie = casey.client.cookieHeader();
		// Warm up the paths once, so what they load for good is not counted as held.
		await send(app.url, cookie, "HEAD", 50);
		await abortedGets(app.url, cookie, 50);
		await until(() => app.deps.live.size === 0);
		const before = await heapUsed();

		expect(await send(app.url, cookie, "HEAD", 3000)).toEqual({ 405: 3000 });
		await abortedGets(app.url, cookie, 1000);

		expect(await until(() => app.deps.live.size === 0)).toBe(true);
		const grown = (await heapUsed()) - before;
		// Before, each HEAD kept its stream and timer: 3,000 of them held about 100 MB.
		expect(grown).toBeLessThan(15 * 1024 * 1024);
	}, 120_000);

	test(`an account keeps at most ${STREAMS_PER_ACCOUNT} streams: a new one closes the oldest`, async ({
		app,
	}) => {
		const casey = await signedInCustomer(app);
		const pat = await signedInCustomer(app, { email: "pat@example.test" });
		const cookie = casey.client.cookieHeader();
		const streams = [];
		for (let i = 0; i < STREAMS_PER_ACCOUNT; i++) {
			const stream = await openLiveStream(app.url, cookie);
			expect(await until(() => stream.comments.includes("connected"))).toBe(true);
			streams.push(stream);
		}
		const patStream = await openLiveStream(app.url, pat.client.cookieHeader());
		expect(app.deps.live.size).toBe(STREAMS_PER_ACCOUNT + 1);

		const newest = await openLiveStream(app.url, cookie);
		expect(newest.status).toBe(200);
		// The oldest ends; the others, the newest and Pat's stay open.
		await streams[0]!.closed;
		expect(await until(() => app.deps.live.size === STREAMS_PER_ACCOUNT + 1)).toBe(true);
		for (const stream of [...streams.slice(1), newest, patStream]) expect(stream.ended).toBe(false);

		for (const stream of [...streams, newest, patStream]) await stream.close();
		expect(await until(() => app.deps.live.size === 0)).toBe(true);
	});

	test("a page's first stream gets what changed since the page started reading, its own changes only", async ({
		app,
	}) => {
		const casey = await signedInCustomer(app);
		const pat = await signedInCustomer(app, { email: "pat@example.test", displayName: "Pat" });
		// Replayed from a little before `since`: the instance has been listening at least that long.
		await new Promise((resolve) => setTimeout(resolve, SINCE_MARGIN_MS));
		const me = await read(casey.client.api.me.$get());
		const at = me.json.at!;
		expect(at).toBeGreaterThan(Date.now() - 60_000);
		// Between the page's reads and its stream: a change of Casey's and one of Pat's.
		const profile = { displayName: "Casey Q.", phone: "" };
		for (const who of [casey, pat])
			expect((await who.client.api.me.profile.$put({ json: profile })).status).toBe(200);
		const caseyId = me.json.user!.id;

		const stream = await openLiveStream(app.url, casey.client.cookieHeader(), { since: at });
		expect(await stream.next()).toEqual({ data: { kind: "profile.changed", userId: caseyId } });
		// Pat's change is not Casey's business; a stream without `since` replays nothing.
		const plain = await openLiveStream(app.url, casey.client.cookieHeader());
		expect(await until(() => plain.comments.includes("connected"))).toBe(true);
		await new Promise((resolve) => setTimeout(resolve, 200));
		expect(stream.events).toHaveLength(1);
		expect(plain.events).toHaveLength(0);
		// Older than what this instance heard: it cannot tell, and says so.
		const old = await openLiveStream(app.url, casey.client.cookieHeader(), { since: 1 });
		expect(await old.next()).toEqual({ data: { kind: "events.missed" } });
		for (const s of [stream, plain, old]) await s.close();

		for (const bad of ["-1", "soon", "1.5"]) {
			const res = await fetch(`${app.url}/api/live?since=${bad}`, {
				headers: { cookie: casey.client.cookieHeader() },
			});
			expect(res.status, bad).toBe(400);
			expect(await res.json()).toMatchObject({ error: "Invalid time" });
		}
	});
});

describe("recent events kept for streams opened later", () => {
	function heard(now: () => number) {
		let listener: (event: AppEvent) => void = () => {};
		const bus = {
			subscribe: (l: (event: AppEvent) => void) => {
				listener = l;
				return () => {};
			},
		} as unknown as EventBus;
		const logger = { warn() {}, info() {}, error() {} } as never;
		return { live: createLiveStreams(bus, logger, now), hear: (e: AppEvent) => listener(e) };
	}
	const owner = { id: "o", role: "owner" } as const;
	const casey = { id: "c", role: "customer" } as const;

	test("kept for a few minutes; older ones, or any before a gap, make the answer 'cannot tell'", () => {
		let clock = 1_000_000;
		const { live, hear } = heard(() => clock);
		const changed = (userId: string): AppEvent => ({ kind: "customer.changed", userId });
		clock += 10_000;
		hear(changed("c"));
		clock += 10_000;
		hear(changed("p"));
		expect(live.since(clock - 15_000, casey)).toEqual([changed("c")]);
		expect(live.since(clock - 15_000, owner)).toEqual([changed("c"), changed("p")]);
		// Before this instance started listening: it cannot tell.
		expect(live.since(1_000_000 - 5000, casey)).toBeNull();

		clock += RECENT_MS + 1;
		hear(changed("c"));
		// The first two are forgotten: a stream from before them cannot be answered, a later one can.
		expect(live.since(1_000_000 + 15_000, casey)).toBeNull();
		expect(live.since(clock - 1000, casey)).toEqual([changed("c")]);

		clock += 1000;
		hear({ kind: "events.missed" });
		expect(live.since(clock - 500, casey)).toBeNull();
		clock += 5000;
		expect(live.since(clock, casey)).toEqual([]);
	});
});
