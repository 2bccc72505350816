import path from "node:path";
import type { Env } from "../../env.ts";
import { createLocalStorage } from "./local-storage.ts";
import { createS3Storage } from "./s3-storage.ts";
import type { FileStorage } from "./storage.ts";

type StorageEnv = Pick<
	Env,
	| "DATA_DIR"
	| "S3_BUCKET"
	| "S3_ENDPOINT"
	| "S3_REGION"
	| "S3_ACCESS_KEY_ID"
	| "S3_SECRET_ACCESS_KEY"
	| "S3_FORCE_PATH_STYLE"
>;

/** This server's folder of uploaded files (also the source of `npm run files:migrate`). */
export const localUploadsDir = (env: Pick<Env, "DATA_DIR">) => path.join(env.DATA_DIR, "uploads");

/** One store per configuration: the bucket's client keeps its connections for every request. */
const stores = new WeakMap<object, FileStorage>();

/** The storage configured for this server: the bucket when S3_BUCKET is set, else `$DATA_DIR/uploads`. */
export function createStorage(env: Partial<StorageEnv> & Pick<Env, "DATA_DIR">): FileStorage {
	const known = stores.get(env);
	if (known) return known;
	const storage = env.S3_BUCKET
		? createS3Storage({
				bucket: env.S3_BUCKET,
				endpoint: env.S3_ENDPOINT,
				region: env.S3_REGION ?? "us-east-1",
				accessKeyId: env.S3_ACCESS_KEY_ID,
				secretAccessKey: env.S3_SECRET_ACCESS_KEY,
				forcePathStyle: env.S3_FORCE_PATH_STYLE,
			})
		: createLocalStorage({ root: localUploadsDir(env) });
	stores.set(env, storage);
	return storage;
}
