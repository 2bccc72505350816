import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.ts";

describe("file storage settings", () => {
	it("keeps files on disk without a bucket, and reads a bucket's settings", () => {
		expect(parseEnv({}).S3_BUCKET).toBeUndefined();
		const env = parseEnv({
			S3_BUCKET: "holiday-lights-files",
			S3_ENDPOINT: "http://minio:9000",
			S3_ACCESS_KEY_ID: "key",
			S3_SECRET_ACCESS_KEY: "secret",
			S3_FORCE_PATH_STYLE: "true",
		});
		expect(env).toMatchObject({
			S3_BUCKET: "holiday-lights-files",
			S3_REGION: "us-east-1",
			S3_FORCE_PATH_STYLE: true,
			FILE_SWEEP_INTERVAL_MS: 6 * 60 * 60 * 1000,
		});
	});

	it("says what is wrong with a bucket's settings", () => {
		expect(() => parseEnv({ S3_BUCKET: "Bad_Bucket" })).toThrow(/S3_BUCKET: must be a bucket name/);
		expect(() => parseEnv({ S3_ENDPOINT: "http://minio:9000" })).toThrow(
			/S3_BUCKET: required with S3_ENDPOINT/,
		);
		expect(() => parseEnv({ S3_BUCKET: "files-here", S3_ACCESS_KEY_ID: "key" })).toThrow(
			/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both, or neither/,
		);
		expect(() => parseEnv({ S3_BUCKET: "files-here", S3_FORCE_PATH_STYLE: "yes" })).toThrow(
			/S3_FORCE_PATH_STYLE: must be true or false/,
		);
		expect(() => parseEnv({ S3_ENDPOINT: "minio" })).toThrow(/S3_ENDPOINT/);
	});
});
