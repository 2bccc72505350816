import net from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { HttpClient } from "../support/http-client.ts";
import { type S3Server, startS3Server } from "../support/s3-server.ts";
import {
	type ServerProcess,
	signUpOn,
	startServerProcess,
	stopServerProcess,
} from "../support/server-process.ts";

/** The server as operators of several hosts run it: health of its storage, and draining on SIGTERM. */
let s3: S3Server;
let server: ServerProcess | undefined;
beforeAll(async () => {
	s3 = await startS3Server();
});
afterEach(() => stopServerProcess(server));
afterAll(() => s3?.close());

/**
 * One HTTP request on its own connection, under way on the server before its body is sent: it asks
 * `Expect: 100-continue`, and the server's "100 Continue" says it has the request in hand.
 */
function requestUnderWay(port: number, path: string, body: string, forwardedFor: string) {
	const socket = net.connect(port, "127.0.0.1");
	let received = "";
	socket.setEncoding("utf8");
	let inHand: () => void = () => {};
	const underWay = new Promise<void>((resolve) => {
		inHand = resolve;
	});
	socket.on("data", (chunk) => {
		received += chunk;
		if (received.startsWith("HTTP/1.1 100")) inHand();
	});
	socket.on("error", () => {});
	const answered = new Promise<string>((resolve) => {
		socket.on("close", () => resolve(received.replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, "")));
	});
	socket.once("connect", () => {
		socket.write(
			`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\nX-Forwarded-For: ${forwardedFor}\r\n\r\n`,
		);
	});
	return { underWay, answered, finish: () => socket.write(body) };
}

describe("draining on SIGTERM", () => {
	it("answers every one of 300 requests under way, tells live pages to reconnect elsewhere, refuses new connections and exits", async () => {
		server = await startServerProcess({ TRUST_PROXY: "1", SHUTDOWN_GRACE_MS: "20000" });
		const port = Number(new URL(server.url).port);
		const catalog = await new HttpClient(server.url).get("/api/catalog");
		const serviceId = catalog.json.services[0].id as string;
		const body = JSON.stringify({
			services: [{ serviceId, quantity: 1 }],
			address: "1 Main St",
			city: "Canton",
			state: "OH",
		});

		// A signed-in page's live stream.
		const customer = await signUpOn(server, "drain@example.test", "customer");
		const live = await fetch(`${server.url}/api/live`, {
			headers: { cookie: customer.cookieHeader(), accept: "text/event-stream" },
		});
		expect(live.status).toBe(200);
		const liveText = (async () => {
			let text = "";
			const decoder = new TextDecoder();
			for await (const chunk of live.body!) text += decoder.decode(chunk, { stream: true });
			return text;
		})();

		// 300 requests the server has in hand, their bodies not yet sent, when SIGTERM comes.
		const requests = Array.from({ length: 300 }, (_, i) =>
			requestUnderWay(port, "/api/estimate", body, `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}`),
		);
		await Promise.all(requests.map((r) => r.underWay));

		const exited = new Promise<number | null>((resolve) => server!.process.once("exit", resolve));
		server.process.kill("SIGTERM");
		await new Promise((resolve) => setTimeout(resolve, 500));

		// No new connection is taken.
		const refused = await new Promise<boolean>((resolve) => {
			const probe = net.connect(port, "127.0.0.1");
			probe.once("connect", () => {
				probe.destroy();
				resolve(false);
			});
			probe.once("error", () => resolve(true));
		});
		expect(refused).toBe(true);

		// The live stream ended with a hint to reconnect (through the proxy, to another instance).
		const stream = await liveText;
		expect(stream).toMatch(/event: reconnect\ndata: \d+\nretry: \d+/);

		for (const r of requests) r.finish();
		const answers = await Promise.all(requests.map((r) => r.answered));
		const statuses = answers.map((a) => a.match(/^HTTP\/1\.1 (\d{3})/)?.[1] ?? "no answer");
		expect(statuses.filter((s) => s !== "200")).toEqual([]);
		for (const a of answers) {
			expect(a.toLowerCase()).toContain("connection: close");
			expect(a).toContain('"subtotalCents"');
		}
		expect(await exited).toBe(0);
	}, 120_000);
});

describe("health of the file storage", () => {
	it("answers 503 within 3 s while the bucket is down, and 200 again by itself once it is back", async () => {
		server = await startServerProcess(s3.env);
		const health = async () => {
			const started = performance.now();
			const res = await fetch(`${server!.url}/api/health`);
			return { status: res.status, body: await res.json(), ms: performance.now() - started };
		};
		const up = await health();
		expect(up.status).toBe(200);
		expect(up.body).toEqual({ status: "ok", database: "ok", storage: "ok" });

		await s3.stop();
		try {
			const down = await health();
			expect(down.status).toBe(503);
			expect(down.body).toEqual({
				status: "unavailable",
				database: "ok",
				storage: "not answering",
			});
			expect(down.ms).toBeLessThan(3500);
		} finally {
			await s3.start();
		}
		await vi.waitFor(async () => expect((await health()).status).toBe(200), {
			timeout: 15_000,
			interval: 250,
		});
	}, 60_000);
});
