import fs from "node:fs";
import type http from "node:http";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

/** A local S3-compatible server (s3rver) with one bucket, on a free port of 127.0.0.1. */
export interface S3Server {
	endpoint: string;
	bucket: string;
	/** The settings that point the app at it. */
	env: Record<string, string>;
	/** Stops answering (the port closes); `start` brings it back on the same port with its files. */
	stop(): Promise<void>;
	start(): Promise<void>;
	/** Stops it and removes its files. */
	close(): Promise<void>;
}

const ACCESS_KEY = "S3RVER";

/**
 * s3rver keeps objects on disk and answers the calls the app makes (PutObject, GetObject with
 * Range, HeadObject, HeadBucket, DeleteObject, ListObjectsV2), but ignores `If-None-Match: *` on
 * PutObject. This middleware answers it as AWS S3 and MinIO do: 412 when the key holds an object.
 */
function conditionalPut(server: S3rver) {
	const store = (
		server as unknown as { store: { existsObject(b: string, k: string): Promise<boolean> } }
	).store;
	return async (
		ctx: {
			method: string;
			path: string;
			headers: http.IncomingHttpHeaders;
			status: number;
			body: unknown;
			type: string;
		},
		next: () => Promise<void>,
	) => {
		if (
			ctx.method === "PUT" &&
			ctx.headers["if-none-match"] === "*" &&
			!ctx.headers["x-amz-copy-source"]
		) {
			const [, bucket, ...key] = ctx.path.split("/");
			if (
				bucket &&
				key.length > 0 &&
				(await store.existsObject(bucket, decodeURIComponent(key.join("/"))))
			) {
				ctx.status = 412;
				ctx.type = "application/xml";
				ctx.body =
					'<?xml version="1.0" encoding="UTF-8"?><Error><Code>PreconditionFailed</Code><Message>At least one of the pre-conditions you specified did not hold</Message><Condition>If-None-Match</Condition></Error>';
				return;
			}
		}
		await next();
	};
}

export async function startS3Server(options: { bucket?: string } = {}): Promise<S3Server> {
	const bucket = options.bucket ?? "holiday-lights-test";
	const directory = fs.mkdtempSync(path.join(os.tmpdir(), "bhl-s3-"));
	let port = 0;
	let server: S3rver | undefined;
	const start = async () => {
		const s = new S3rver({
			port,
			address: "127.0.0.1",
			silent: true,
			directory,
			configureBuckets: port === 0 ? [{ name: bucket, configs: [] }] : [],
		});
		// Koa runs middleware in order; this one goes before s3rver's router.
		(s as unknown as { middleware: unknown[] }).middleware.unshift(conditionalPut(s));
		const address = await s.run();
		port = address.port;
		server = s;
	};
	const stop = async () => {
		const s = server;
		server = undefined;
		if (!s) return;
		const httpServer = (s as unknown as { httpServer?: http.Server }).httpServer;
		httpServer?.closeAllConnections();
		await s.close();
	};
	await start();
	const endpoint = `http://127.0.0.1:${port}`;
	return {
		endpoint,
		bucket,
		env: {
			S3_BUCKET: bucket,
			S3_ENDPOINT: endpoint,
			S3_REGION: "us-east-1",
			S3_ACCESS_KEY_ID: ACCESS_KEY,
			S3_SECRET_ACCESS_KEY: ACCESS_KEY,
			S3_FORCE_PATH_STYLE: "true",
		},
		start,
		stop,
		async close() {
			await stop();
			fs.rmSync(directory, { recursive: true, force: true });
		},
	};
}
