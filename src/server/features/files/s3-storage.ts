import { createHash } from "node:crypto";
import {
	DeleteObjectCommand,
	GetObjectCommand,
	HeadBucketCommand,
	ListObjectsV2Command,
	PutObjectCommand,
	S3Client,
	S3ServiceException,
} from "@aws-sdk/client-s3";
import { assertStorageKey, type FileStorage, StorageKeyTaken } from "./storage.ts";

export interface S3Options {
	bucket: string;
	/** The provider's address; unset for AWS S3. */
	endpoint?: string;
	region: string;
	accessKeyId?: string;
	secretAccessKey?: string;
	/** Buckets addressed in the path (MinIO, most local servers) rather than the host name. */
	forcePathStyle?: boolean;
}

const status = (error: unknown) =>
	error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
const isMissing = (error: unknown) =>
	status(error) === 404 || (error instanceof S3ServiceException && error.name === "NoSuchKey");

/**
 * Files in an S3-compatible bucket through the AWS SDK. Objects are private (no ACL is ever set);
 * the app's routes read them and serve them to the people allowed to see them.
 */
export function createS3Storage(options: S3Options): FileStorage {
	const { bucket } = options;
	const client = new S3Client({
		region: options.region,
		endpoint: options.endpoint,
		forcePathStyle: options.forcePathStyle ?? Boolean(options.endpoint),
		credentials:
			options.accessKeyId && options.secretAccessKey
				? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
				: undefined,
		// Content-MD5 (below) is what every S3-compatible provider checks; the newer CRC trailers
		// are not understood by all of them.
		requestChecksumCalculation: "WHEN_REQUIRED",
		responseChecksumValidation: "WHEN_REQUIRED",
		maxAttempts: 3,
		// A bucket that does not answer fails a request in seconds rather than holding it.
		requestHandler: { connectionTimeout: 2_000, requestTimeout: 60_000 },
	});
	const keyOf = (key: string) => {
		assertStorageKey(key);
		return key;
	};
	return {
		location: `s3://${bucket}`,
		async put(key, data, contentType) {
			try {
				await client.send(
					new PutObjectCommand({
						Bucket: bucket,
						Key: keyOf(key),
						Body: data,
						ContentType: contentType,
						ContentLength: data.byteLength,
						ContentMD5: createHash("md5").update(data).digest("base64"),
						// Written once: a second write under the key is refused, never a replacement.
						IfNoneMatch: "*",
					}),
				);
			} catch (error) {
				// 412: the key holds an object; 409: another write to the key is under way.
				if (status(error) === 412 || status(error) === 409) throw new StorageKeyTaken(key);
				throw error;
			}
		},
		async get(key) {
			try {
				const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: keyOf(key) }));
				return Buffer.from(await res.Body!.transformToByteArray());
			} catch (error) {
				if (isMissing(error)) return null;
				throw error;
			}
		},
		async read(key, range) {
			try {
				const res = await client.send(
					new GetObjectCommand({
						Bucket: bucket,
						Key: keyOf(key),
						Range: range ? `bytes=${range.start}-${range.end}` : undefined,
					}),
				);
				return res.Body!.transformToWebStream() as ReadableStream<Uint8Array>;
			} catch (error) {
				if (isMissing(error)) return null;
				throw error;
			}
		},
		async delete(key) {
			// S3 answers 204 for a missing key too: deleting twice is not an error.
			await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: keyOf(key) }));
		},
		async *list(prefix = "") {
			let token: string | undefined;
			do {
				const res = await client.send(
					new ListObjectsV2Command({
						Bucket: bucket,
						Prefix: prefix || undefined,
						ContinuationToken: token,
					}),
				);
				const page = (res.Contents ?? []).map((o) => ({
					key: o.Key!,
					size: o.Size ?? 0,
					lastModified: o.LastModified ?? new Date(0),
				}));
				if (page.length > 0) yield page;
				token = res.IsTruncated ? res.NextContinuationToken : undefined;
			} while (token);
		},
		async check(signal) {
			await client.send(new HeadBucketCommand({ Bucket: bucket }), { abortSignal: signal });
		},
	};
}
