import { randomBytes, timingSafeEqual } from "node:crypto";
import { createHashPool, type HashPool } from "./hash-pool.ts";

/** scrypt's cost: OWASP's recommendation (N=2^17, r=8, p=1, 128 MiB). Tests may pass a lower one. */
export interface ScryptCost {
	N: number;
	r: number;
	p: number;
}

export const PASSWORD_HASH_COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };

/** Hashes made before this module, by better-auth's default: "salt:key", N=2^14, r=16, p=1. */
const LEGACY_COST: ScryptCost = { N: 2 ** 14, r: 16, p: 1 };
const KEY_LENGTH = 64;

let sharedPool: HashPool | undefined;
/** For a hasher made without a pool (unit tests): one thread, idle threads never hold the process. */
const defaultPool = () => {
	sharedPool ??= createHashPool({ threads: 1 });
	return sharedPool;
};

function derive(pool: HashPool, password: string, salt: string, cost: ScryptCost): Promise<Buffer> {
	return pool.scrypt({
		password: password.normalize("NFKC"),
		salt,
		keyLength: KEY_LENGTH,
		options: { ...cost, maxmem: 256 * cost.N * cost.r + 16 * 1024 * 1024 },
	});
}

/**
 * Password hashing for better-auth (`emailAndPassword.password`), with Node's native scrypt:
 * "scrypt$N$r$p$salt$key" (hex), so a later cost change still verifies older hashes, as it does
 * better-auth's own "salt:key". Hashing runs on `pool`'s threads (hash-pool.ts), never in libuv's.
 */
export function passwordHasher(cost: ScryptCost = PASSWORD_HASH_COST, pool?: HashPool) {
	const threads = () => pool ?? defaultPool();
	return {
		async hash(password: string): Promise<string> {
			const salt = randomBytes(16).toString("hex");
			const key = await derive(threads(), password, salt, cost);
			return `scrypt$${cost.N}$${cost.r}$${cost.p}$${salt}$${key.toString("hex")}`;
		},
		async verify({ hash, password }: { hash: string; password: string }): Promise<boolean> {
			const parts = hash.split("$");
			let salt: string | undefined;
			let expected: string | undefined;
			let used = LEGACY_COST;
			if (parts[0] === "scrypt" && parts.length === 6) {
				used = { N: Number(parts[1]), r: Number(parts[2]), p: Number(parts[3]) };
				[salt, expected] = [parts[4], parts[5]];
			} else {
				[salt, expected] = hash.split(":");
			}
			if (!salt || !expected || !Number.isInteger(used.N) || used.N < 2) return false;
			const key = await derive(threads(), password, salt, used).catch(() => null);
			if (!key) return false;
			const want = Buffer.from(expected, "hex");
			return want.length === key.length && timingSafeEqual(want, key);
		},
	};
}
