import { createHash } from "node:crypto";
import type { BetterAuthOptions, DBAdapter, DBTransactionAdapter, Where } from "better-auth";

/**
 * What the sessions table keeps of a session cookie's token: its SHA-256, in hex (the migration
 * that hashed the existing rows computes the same in SQL). The token is 32 random characters, so
 * an unsalted hash is as good as any: nothing can be guessed from it.
 */
export const hashSessionToken = (token: string) =>
	createHash("sha256").update(token, "utf8").digest("hex");

type AdapterFactory = (options: BetterAuthOptions) => DBAdapter<BetterAuthOptions>;
type Row = Record<string, unknown> | null;

/**
 * better-auth's database adapter, storing session tokens hashed. better-auth has no option for
 * it: it writes the token it puts in the cookie straight into `sessions.token` and finds, updates
 * and deletes sessions by that token. Here, on the session model only, a token written or named
 * in a `where` is replaced by its hash, so sign-in, sign-out, password resets and every lookup
 * work unchanged while the table holds nothing a cookie can be made of (not even with the
 * signing secret). A row found by its token is handed back with that token; a row found some
 * other way (all of an account's sessions) carries the hash, which names no session if passed
 * back: such paths (list or revoke sessions by token) fail closed, and none is mounted.
 */
export function hashedSessionTokens(factory: AdapterFactory): AdapterFactory {
	return (options) => {
		const adapter = factory(options);
		return {
			...hashing(adapter),
			transaction: (callback) => adapter.transaction((trx) => callback(hashing(trx))),
		};
	};
}

const isSession = (model: string) => model === "session" || model === "sessions";

const hashValue = (value: Where["value"]): Where["value"] => {
	if (typeof value === "string") return hashSessionToken(value);
	if (Array.isArray(value))
		return (value as (string | number)[]).map((v) =>
			typeof v === "string" ? hashSessionToken(v) : v,
		) as string[];
	return value;
};

/** The where clause with each session token hashed, and the tokens it named by their hash. */
function hashWhere(where: Where[] | undefined) {
	const named = new Map<string, string>();
	const hashed = where?.map((clause) => {
		if (clause.field !== "token") return clause;
		for (const token of [clause.value].flat())
			if (typeof token === "string") named.set(hashSessionToken(token), token);
		return { ...clause, value: hashValue(clause.value) };
	});
	return { where: hashed, named };
}

/** A row found by its token gets that token back, as better-auth had it. */
function unhashed<T>(row: T, named: Map<string, string>): T {
	const token = (row as Row)?.token;
	if (typeof token !== "string" || !named.has(token)) return row;
	return { ...(row as object), token: named.get(token) } as T;
}

function hashing<A extends DBTransactionAdapter<BetterAuthOptions>>(adapter: A): A {
	return {
		...adapter,
		async create(args) {
			const token = (args.data as Row)?.token;
			if (!isSession(args.model) || typeof token !== "string") return adapter.create(args);
			const created = await adapter.create({
				...args,
				data: { ...args.data, token: hashSessionToken(token) },
			});
			// better-auth sets the cookie from the row it gets back: the token itself, not its hash.
			return unhashed(created, new Map([[hashSessionToken(token), token]]));
		},
		async findOne(args) {
			if (!isSession(args.model)) return adapter.findOne(args);
			const { where, named } = hashWhere(args.where);
			return unhashed(await adapter.findOne({ ...args, where: where! }), named);
		},
		async findMany(args) {
			if (!isSession(args.model)) return adapter.findMany(args);
			const { where, named } = hashWhere(args.where);
			const rows = await adapter.findMany({ ...args, where });
			return rows.map((row) => unhashed(row, named));
		},
		count(args) {
			if (!isSession(args.model)) return adapter.count(args);
			return adapter.count({ ...args, where: hashWhere(args.where).where });
		},
		async update(args) {
			if (!isSession(args.model)) return adapter.update(args);
			const { where, named } = hashWhere(args.where);
			const update =
				typeof args.update.token === "string"
					? { ...args.update, token: hashSessionToken(args.update.token) }
					: args.update;
			return unhashed(await adapter.update({ ...args, where: where!, update }), named);
		},
		updateMany(args) {
			if (!isSession(args.model)) return adapter.updateMany(args);
			const update =
				typeof args.update.token === "string"
					? { ...args.update, token: hashSessionToken(args.update.token) }
					: args.update;
			return adapter.updateMany({ ...args, where: hashWhere(args.where).where!, update });
		},
		delete(args) {
			if (!isSession(args.model)) return adapter.delete(args);
			return adapter.delete({ ...args, where: hashWhere(args.where).where! });
		},
		deleteMany(args) {
			if (!isSession(args.model)) return adapter.deleteMany(args);
			return adapter.deleteMany({ ...args, where: hashWhere(args.where).where! });
		},
		async consumeOne(args) {
			if (!isSession(args.model)) return adapter.consumeOne(args);
			const { where, named } = hashWhere(args.where);
			return unhashed(await adapter.consumeOne({ ...args, where: where! }), named);
		},
		async incrementOne(args) {
			if (!isSession(args.model)) return adapter.incrementOne(args);
			const { where, named } = hashWhere(args.where);
			return unhashed(await adapter.incrementOne({ ...args, where: where! }), named);
		},
	};
}
