import { createECDH, createPublicKey, randomBytes, verify } from "node:crypto";
import http from "node:http";
import ece from "http_ece";
import { expect } from "vitest";

/** A push as the push service received it: where to, its headers, and its encrypted body. */
export interface ReceivedPush {
	path: string;
	headers: http.IncomingHttpHeaders;
	body: Buffer;
}

/** A browser's side of a subscription: its endpoint and the keys only it holds. */
export interface FakeDevice {
	endpoint: string;
	/** What the browser gives the app (PushSubscription.toJSON()). */
	subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
	/** Decrypts a push meant for this device (aes128gcm) and parses its JSON. */
	open(push: ReceivedPush): unknown;
}

/**
 * A push service on a loopback port, standing in for Google's or Mozilla's: it records every
 * push and answers 201, or what `answer` says for a device (410 when the device is gone).
 */
export async function startPushService() {
	const received: ReceivedPush[] = [];
	const answers = new Map<string, number>();
	const waiting: (() => void)[] = [];
	const server = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on("data", (c: Buffer) => chunks.push(c));
		req.on("end", () => {
			const path = req.url ?? "/";
			received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
			for (const wake of waiting.splice(0)) wake();
			res.writeHead(answers.get(path) ?? 201).end();
		});
	});
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	const address = server.address();
	const origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
	let devices = 0;

	return {
		origin,
		received,
		/** What the service answers for this device's pushes from now on. */
		answer(device: FakeDevice, status: number) {
			answers.set(new URL(device.endpoint).pathname, status);
		},
		/** A new browser subscription: an ECDH key pair and auth secret made here. */
		device(): FakeDevice {
			const ecdh = createECDH("prime256v1");
			ecdh.generateKeys();
			const auth = randomBytes(16);
			const endpoint = `${origin}/push/device-${++devices}-${randomBytes(4).toString("hex")}`;
			return {
				endpoint,
				subscription: {
					endpoint,
					keys: {
						p256dh: ecdh.getPublicKey().toString("base64url"),
						auth: auth.toString("base64url"),
					},
				},
				open(push) {
					expect(push.headers["content-encoding"]).toBe("aes128gcm");
					const plain = ece.decrypt(push.body, {
						version: "aes128gcm",
						privateKey: ecdh,
						authSecret: auth.toString("base64url"),
					});
					return JSON.parse(plain.toString("utf8"));
				},
			};
		},
		/** The pushes sent to `device` so far. */
		to(device: FakeDevice) {
			const path = new URL(device.endpoint).pathname;
			return received.filter((p) => p.path === path);
		},
		/** Waits until `count` pushes in all have arrived. */
		async waitFor(count: number, timeoutMs = 10_000) {
			const until = Date.now() + timeoutMs;
			while (received.length < count) {
				const left = until - Date.now();
				if (left <= 0) throw new Error(`expected ${count} pushes, got ${received.length}`);
				await new Promise<void>((resolve) => {
					const timer = setTimeout(resolve, left);
					waiting.push(() => {
						clearTimeout(timer);
						resolve();
					});
				});
			}
		},
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}

/**
 * The VAPID token of a push (Authorization: vapid t=<jwt>, k=<public key>): checks its ES256
 * signature with that key, and answers its claims.
 */
export function vapidClaims(push: ReceivedPush) {
	const header = String(push.headers.authorization ?? "");
	const match = /^vapid t=([^,]+),\s*k=(.+)$/.exec(header);
	if (!match) throw new Error(`not a VAPID authorization: ${header}`);
	const [token, key] = [match[1]!, match[2]!];
	const [head, payload, signature] = token.split(".") as [string, string, string];
	const point = Buffer.from(key, "base64url");
	const publicKey = createPublicKey({
		key: {
			kty: "EC",
			crv: "P-256",
			x: point.subarray(1, 33).toString("base64url"),
			y: point.subarray(33, 65).toString("base64url"),
		},
		format: "jwk",
	});
	const valid = verify(
		"sha256",
		Buffer.from(`${head}.${payload}`),
		{ key: publicKey, dsaEncoding: "ieee-p1363" },
		Buffer.from(signature, "base64url"),
	);
	return {
		valid,
		key,
		header: JSON.parse(Buffer.from(head, "base64url").toString()) as { alg: string },
		claims: JSON.parse(Buffer.from(payload, "base64url").toString()) as {
			aud: string;
			exp: number;
			sub: string;
		},
	};
}
