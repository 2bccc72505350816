import net from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clonePostgresTemplate } from "../support/postgres-template.ts";
import {
	type ServerProcess,
	startServerProcess,
	stopServerProcess,
} from "../support/server-process.ts";

/** The server as an operator runs it: start-up checks and shutdown, in its own process. */
describe("server process", () => {
	let server: ServerProcess | undefined;
	afterEach(() => stopServerProcess(server));

	it("refuses to start on PostgreSQL without AUTH_SECRET, saying why", async () => {
		const { AUTH_SECRET: _, ...env } = process.env;
		await expect(
			startServerProcess({
				...(env as Record<string, string>),
				AUTH_SECRET: "",
				DATABASE_URL: "postgres://postgres@127.0.0.1:1/none",
			}),
		).rejects.toThrow(/AUTH_SECRET is required with DATABASE_URL/);
	});

	it("on SIGTERM lets a slow request go after the grace period and exits", async () => {
		server = await startServerProcess({ SHUTDOWN_GRACE_MS: "1500" });
		const { port } = new URL(server.url);
		// A client that sends half a request and then nothing: it would hold the server forever.
		const slow = net.connect(Number(port), "127.0.0.1");
		await new Promise((resolve) => slow.once("connect", resolve));
		slow.write(
			"POST /api/public/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{",
		);
		const slowClosed = new Promise((resolve) => slow.once("close", resolve));
		await new Promise((resolve) => setTimeout(resolve, 200));

		const started = performance.now();
		const exited = new Promise<number | null>((resolve) => server!.process.once("exit", resolve));
		server.process.kill("SIGTERM");
		expect(await exited).toBe(0);
		const took = performance.now() - started;
		expect(took).toBeGreaterThanOrEqual(1400);
		expect(took).toBeLessThan(8000);
		await slowClosed;
		// A process's start (migrating a new embedded database) takes most of it on a busy machine.
	}, 60_000);
});

/** A TCP relay to PostgreSQL that can stop passing bytes without closing: a database that hangs. */
async function pausableRelay(target: URL) {
	const pairs: [net.Socket, net.Socket][] = [];
	let paused = false;
	const relay = net.createServer((client) => {
		const upstream = net.connect(Number(target.port || 5432), target.hostname);
		client.on("error", () => upstream.destroy());
		upstream.on("error", () => client.destroy());
		client.pipe(upstream);
		upstream.pipe(client);
		pairs.push([client, upstream]);
		if (paused) for (const s of [client, upstream]) s.pause();
	});
	await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
	const { port } = relay.address() as net.AddressInfo;
	const url = new URL(target);
	url.host = `127.0.0.1:${port}`;
	return {
		url: url.toString(),
		hang() {
			paused = true;
			for (const pair of pairs) for (const s of pair) s.pause();
		},
		resume() {
			paused = false;
			for (const pair of pairs) for (const s of pair) s.resume();
		},
		close() {
			for (const pair of pairs) for (const s of pair) s.destroy();
			return new Promise((resolve) => relay.close(resolve));
		},
	};
}

const databaseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!databaseUrl)("a database that stops answering", () => {
	it("makes the health check answer 503 within seconds, and the server recovers by itself", async () => {
		const database = await clonePostgresTemplate(databaseUrl!);
		const relay = await pausableRelay(new URL(database.url));
		let server: ServerProcess | undefined;
		try {
			server = await startServerProcess({
				DATABASE_URL: relay.url,
				AUTH_SECRET: "a-database-that-hangs-secret-32chars",
			});
			const health = async () => {
				const started = performance.now();
				const res = await fetch(`${server!.url}/api/health`);
				return { status: res.status, ms: performance.now() - started };
			};
			expect((await health()).status).toBe(200);

			relay.hang();
			const hung = await health();
			expect(hung.status).toBe(503);
			expect(hung.ms).toBeLessThan(6000);

			relay.resume();
			await vi.waitFor(async () => expect((await health()).status).toBe(200), {
				timeout: 25_000,
				interval: 500,
			});
		} finally {
			await stopServerProcess(server);
			await relay.close();
			await database.drop();
		}
	}, 60_000);
});
