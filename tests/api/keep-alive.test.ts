import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/**
 * Browsers and proxies reuse connections. A request refused before its body is read (a 401 on
 * an upload, a 413) must still leave the connection fit for the next request, or that next
 * request is lost to a reset.
 */
let app: TestApp;
beforeAll(async () => {
	app = await startTestApp({ rateLimits: { contact: { windowMs: 60_000, max: 1_000_000 } } });
});
afterAll(() => app.close());

interface Sent {
	method: string;
	path: string;
	headers?: Record<string, string>;
	body?: Buffer;
	expected: number;
}

const boundary = "----keepalive";
const upload = Buffer.concat([
	Buffer.from(
		`--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n{"services":[]}\r\n--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
	),
	Buffer.alloc(256 * 1024, 7),
	Buffer.from(`\r\n--${boundary}--\r\n`),
]);

const kinds: Sent[] = [
	{ method: "GET", path: "/api/health", expected: 200 },
	// Anonymous upload: refused (401) before the 256 KB body is read.
	{
		method: "POST",
		path: "/api/quote-requests",
		headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
		body: upload,
		expected: 401,
	},
	// Too large for a JSON route: refused (413) while the body is still arriving.
	{
		method: "POST",
		path: "/api/public/contact",
		headers: { "content-type": "application/json" },
		body: Buffer.alloc(1024 * 1024 + 10, 32),
		expected: 413,
	},
	{
		method: "POST",
		path: "/api/public/contact",
		headers: { "content-type": "application/json" },
		body: Buffer.from("{not json"),
		expected: 400,
	},
	{ method: "GET", path: "/api/customer", expected: 401 },
];

function send(agent: http.Agent, request: Sent): Promise<number> {
	const url = new URL(request.path, app.url);
	return new Promise((resolve, reject) => {
		const req = http.request(
			url,
			{
				agent,
				method: request.method,
				headers: {
					...request.headers,
					...(request.body ? { "content-length": String(request.body.length) } : {}),
				},
			},
			(res) => {
				res.resume();
				res.once("end", () => resolve(res.statusCode ?? 0));
				res.once("error", reject);
			},
		);
		req.once("error", reject);
		req.end(request.body);
	});
}

describe("connections kept alive", () => {
	it("answer every request of a long mixed run, refused uploads included", async () => {
		const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
		const total = 2000;
		let next = 0;
		const lost: string[] = [];
		const wrong: string[] = [];
		const worker = async () => {
			while (next < total) {
				const request = kinds[next++ % kinds.length]!;
				try {
					const status = await send(agent, request);
					if (status !== request.expected)
						wrong.push(`${request.method} ${request.path}: ${status}`);
				} catch (error) {
					lost.push(`${request.method} ${request.path}: ${(error as Error).message}`);
				}
			}
		};
		await Promise.all(Array.from({ length: 4 }, worker));
		agent.destroy();
		expect(lost).toEqual([]);
		expect(wrong).toEqual([]);
	}, 120_000);
});
