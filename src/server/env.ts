import net from "node:net";
import path from "node:path";
import { z } from "zod";

/** false: no proxy; a number: that many proxies in front; a list: the proxies' addresses or ranges. */
type TrustProxy = false | number | string[];

function isIpOrRange(value: string): boolean {
	const [address, bits, ...rest] = value.split("/");
	if (rest.length > 0 || !address) return false;
	const family = net.isIP(address);
	if (family === 0) return false;
	if (bits === undefined) return true;
	const max = family === 4 ? 32 : 128;
	return /^\d+$/.test(bits) && Number(bits) <= max;
}

/** Every setting the server reads, parsed once. `.env.example` lists the same names. */
const envSchema = z.object({
	NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
	PORT: z.coerce.number().int().min(0).max(65535).default(3000),
	HOST: z.string().default("0.0.0.0"),
	/** Public address of the site, used in e-mail links and as the trusted origin. */
	APP_URL: z.url().optional(),
	DATA_DIR: z.string().default("./data"),
	/** PostgreSQL connection string; the embedded PGlite database is used when unset. */
	DATABASE_URL: z.string().optional(),
	/**
	 * Secret for signing sessions, at least 32 characters; required with DATABASE_URL. On the
	 * embedded database it is generated and kept in DATA_DIR when unset.
	 */
	AUTH_SECRET: z.string().min(32).optional(),
	/**
	 * Key (32 bytes, base64) that encrypts the payment provider's secrets saved in Settings;
	 * derived from AUTH_SECRET when unset (docs/decisions/016-settings-and-catalogue.md).
	 */
	SETTINGS_ENCRYPTION_KEY: z
		.string()
		.refine((v) => Buffer.from(v, "base64").length === 32, "must be 32 bytes in base64")
		.optional(),
	/** Payment provider keys; when set they win over the ones saved in Settings. */
	STRIPE_PUBLISHABLE_KEY: z.string().optional(),
	STRIPE_SECRET_KEY: z.string().optional(),
	STRIPE_WEBHOOK_SECRET: z.string().optional(),
	/** Another address for Stripe's API (a local stand-in in tests); unset in production. */
	STRIPE_API_URL: z.url().optional(),
	/**
	 * How often the monthly plan's due months are billed (one instance runs each time, see
	 * SCHEDULER_TICK_MS); 0 switches the job off.
	 */
	PLAN_BILLING_INTERVAL_MS: z.coerce
		.number()
		.int()
		.min(0)
		.default(60 * 60 * 1000),
	/**
	 * How often each instance looks for scheduled jobs that are due (reminders, plan billing), also
	 * once at start; whichever instance looks first runs a due job. 0 switches the jobs off here.
	 */
	SCHEDULER_TICK_MS: z.coerce.number().int().min(0).default(60_000),
	/** smtp://user:pass@host:port; without it mail is written to DATA_DIR/outbox as .eml files. */
	SMTP_URL: z.string().optional(),
	MAIL_FROM: z.string().default("Buckeye Holiday Lights <hello@buckeyeholidaylights.com>"),
	/**
	 * Who may say where a request came from (X-Forwarded-For), when a reverse proxy is in front:
	 * unset or false, nobody (the socket's address counts); `true` or a number, that many proxies
	 * in front of the server; or a comma-separated list of the proxies' addresses or ranges
	 * (10.0.0.0/8, ::1). The client is the rightmost address that is not one of those proxies.
	 */
	TRUST_PROXY: z
		.string()
		.default("false")
		.transform((value, ctx): TrustProxy => {
			const v = value.trim().toLowerCase();
			if (v === "" || v === "false" || v === "0") return false;
			if (v === "true") return 1;
			if (/^\d+$/.test(v)) return Math.min(Number(v), 32);
			const ranges = v
				.split(",")
				.map((s) => s.trim())
				.filter(Boolean);
			const bad = ranges.find((range) => !isIpOrRange(range));
			if (bad) {
				ctx.addIssue({
					code: "custom",
					message: `"${bad}" is not true, false, a number of proxies, or an IP address or range`,
				});
				return z.NEVER;
			}
			return ranges;
		}),
	/**
	 * Optional OpenAI-compatible endpoint (base URL, e.g. https://api.openai.com/v1) and key. When
	 * both are set, the instant quote's explanation is reworded by the model; prices never are.
	 */
	LLM_API_URL: z.url().optional(),
	LLM_API_KEY: z.string().optional(),
	LLM_MODEL: z.string().default("gpt-4o-mini"),
	/**
	 * How long the busiest reads (session, dashboard, quote list, customer home) are reused, in
	 * milliseconds; every write through the server clears them at once. 0 reads the database every time.
	 */
	READ_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
	/** On SIGTERM, how long requests under way may take to finish before their connections close. */
	SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
	/**
	 * An S3-compatible bucket for uploaded files (AWS S3, MinIO, R2...); without it files stay on
	 * this server's disk in DATA_DIR/uploads. The bucket stays private: files are served through
	 * the app's own routes. See docs/decisions/030-many-hosts.md.
	 */
	S3_BUCKET: z
		.string()
		.regex(
			/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
			"must be a bucket name: 3 to 63 of a-z, 0-9, . and -",
		)
		.optional(),
	/** The provider's address (e.g. http://minio:9000); unset for AWS S3 itself. */
	S3_ENDPOINT: z.url().optional(),
	S3_REGION: z.string().default("us-east-1"),
	/** Keys for the bucket; unset, the AWS SDK's usual sources (role, profile) are used. */
	S3_ACCESS_KEY_ID: z.string().optional(),
	S3_SECRET_ACCESS_KEY: z.string().optional(),
	/** true for providers that address buckets in the path (MinIO): http://host/bucket/key. */
	S3_FORCE_PATH_STYLE: z
		.enum(["true", "false", "1", "0"], "must be true or false")
		.transform((v) => v === "true" || v === "1")
		.optional(),
	/**
	 * How often stored files that no row names and that are older than a day are removed (left by a
	 * server that stopped between writing a file and recording it; a scheduled job); 0 switches it off.
	 */
	FILE_SWEEP_INTERVAL_MS: z.coerce
		.number()
		.int()
		.min(0)
		.default(6 * 60 * 60 * 1000),
	/** The VAPID key pair pushes are signed with; unset, one is made at first start and kept in the database. */
	VAPID_PUBLIC_KEY: z
		.string()
		.regex(/^[A-Za-z0-9_-]{86,88}$/, "must be a P-256 public key, base64url")
		.optional(),
	VAPID_PRIVATE_KEY: z
		.string()
		.regex(/^[A-Za-z0-9_-]{42,44}$/, "must be a P-256 private key, base64url")
		.optional(),
	VAPID_SUBJECT: z
		.string()
		.regex(/^(mailto:|https:\/\/)/, "must start with mailto: or https://")
		.default("mailto:hello@buckeyeholidaylights.com"),
	/** Plain-http push endpoints accepted (a local stand-in in tests); never in production. */
	PUSH_HTTP_ENDPOINTS: z
		.enum(["true", "false", "1", "0"], "must be true or false")
		.transform((v) => v === "true" || v === "1")
		.default(false),
	LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

/** The names of every setting (`.env.example` and docker-compose.yml use no others). */
export const ENV_NAMES = Object.keys(envSchema.shape) as readonly string[];

export type Env = Omit<z.infer<typeof envSchema>, "APP_URL"> & { APP_URL: string };

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
	const result = envSchema.safeParse(
		Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== "")),
	);
	if (!result.success) {
		const problems = result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
		throw new Error(`Invalid configuration: ${problems}`);
	}
	const env = result.data;
	const s3Settings = (
		["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_FORCE_PATH_STYLE"] as const
	).filter((name) => env[name] !== undefined);
	if (!env.S3_BUCKET && s3Settings.length > 0)
		throw new Error(
			`Invalid configuration: S3_BUCKET: required with ${s3Settings.join(", ")} (or leave them all unset to keep files on this server's disk)`,
		);
	if (!env.VAPID_PUBLIC_KEY !== !env.VAPID_PRIVATE_KEY)
		throw new Error(
			"Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both, or neither",
		);
	if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY)
		throw new Error(
			"Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both, or neither",
		);
	return {
		...env,
		DATA_DIR: path.resolve(env.DATA_DIR),
		APP_URL: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
	};
}
