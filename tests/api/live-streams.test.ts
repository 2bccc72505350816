import http from "node:http";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect } from "vitest";
import { STREAMS_PER_ACCOUNT } from "../../src/server/features/live/live-streams.ts";
import { signedInCustomer } from "../support/accounts.ts";
import { test } from "../support/app-fixture.ts";
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
});
