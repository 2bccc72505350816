import { createHash } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { MiddlewareHandler } from "hono/types";
import type { AppEnv } from "../app-env.ts";
import { idempotencyKeys } from "../db/schema.ts";
import { badRequest, conflict } from "./errors.ts";
import { clientIp } from "./security.ts";

const IDEMPOTENCY_HEADER = "idempotency-key";
/** Set on an answer that is a stored one, replayed for a repeated key. */
export const REPLAYED_HEADER = "idempotent-replayed";

export const IDEMPOTENCY_MESSAGES = {
	invalidKey: "The Idempotency-Key header must be 1 to 255 visible characters.",
	reusedKey:
		"This Idempotency-Key was already used for a different request. Send a new request with a new key.",
	stillRunning:
		"The same request is still being processed. Please wait a moment and check before trying again.",
} as const;

/** How long a key's answer is kept. */
const KEEP_MS = 24 * 60 * 60_000;
/** A claim still pending after this long belongs to a request that died with its server. */
const ABANDONED_MS = 2 * 60_000;
/** How long a repeat waits for the first request's answer, and how often it looks. */
const WAIT_MS = 30_000;
const POLL_MS = 100;

const VALID_KEY = /^[\x21-\x7e]{1,255}$/;

/**
 * Idempotency keys for the creating POSTs (an account, a quote request, a signature, a service
 * request, a payment): a client sends `Idempotency-Key` (a UUID made once per submission, reused
 * when the same submission is retried) and every request with that key gets the first one's
 * answer. The key is claimed in the database before the route runs (a unique index on caller and
 * key), so a repeat arriving at the same time, on this instance or another sharing the database,
 * waits for the first answer instead of doing the work again. Only successful answers are kept:
 * after a refusal the claim is dropped, so the same submission may be corrected and sent again.
 * The same key with another request (method, path or body) is refused with 409. Without the
 * header, the route runs as it always did.
 *
 * Goes after the sign-in guard (the caller is the account) and after an upload route's body
 * reader (the fingerprint covers the files); on public routes the caller is the client's address.
 */
export const idempotent = createMiddleware<AppEnv>(async (c, next) => {
	const key = c.req.header(IDEMPOTENCY_HEADER);
	if (key === undefined) return next();
	if (!VALID_KEY.test(key)) throw badRequest(IDEMPOTENCY_MESSAGES.invalidKey);
	const { db } = c.var.deps;
	const scope = scopeOf(c);
	const fingerprint = await fingerprintOf(c);
	const row = and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));

	const claim = async () => {
		const [claimed] = await db
			.insert(idempotencyKeys)
			.values({ scope, key, fingerprint, expiresAt: new Date(Date.now() + KEEP_MS) })
			.onConflictDoNothing({ target: [idempotencyKeys.scope, idempotencyKeys.key] })
			.returning({ key: idempotencyKeys.key });
		if (claimed) return true;
		// An expired row or an abandoned claim with the same request is taken over.
		const [taken] = await db
			.update(idempotencyKeys)
			.set({
				status: "pending",
				responseStatus: null,
				responseBody: null,
				lockedAt: sql`now()`,
				expiresAt: new Date(Date.now() + KEEP_MS),
			})
			.where(
				and(
					row,
					sql`(${idempotencyKeys.expiresAt} < now() or (${idempotencyKeys.status} = 'pending' and ${idempotencyKeys.lockedAt} < now() - make_interval(secs => ${ABANDONED_MS / 1000})))`,
				),
			)
			.returning({ key: idempotencyKeys.key });
		return taken !== undefined;
	};

	const deadline = Date.now() + WAIT_MS;
	for (;;) {
		if (await claim()) break;
		const [found] = await db.select().from(idempotencyKeys).where(row);
		// The first request failed meanwhile and dropped its claim: this one runs.
		if (!found) continue;
		if (found.fingerprint !== fingerprint) throw conflict(IDEMPOTENCY_MESSAGES.reusedKey);
		if (found.status === "done" && found.responseStatus !== null) {
			return c.body(found.responseBody ?? "", found.responseStatus as 200, {
				"content-type": "application/json",
				[REPLAYED_HEADER]: "true",
			});
		}
		if (Date.now() > deadline) throw conflict(IDEMPOTENCY_MESSAGES.stillRunning);
		await new Promise((resolve) => setTimeout(resolve, POLL_MS));
	}

	try {
		await next();
	} catch (error) {
		await db.delete(idempotencyKeys).where(row);
		throw error;
	}
	const res = c.res;
	if (res.status >= 200 && res.status < 300) {
		await db
			.update(idempotencyKeys)
			.set({ status: "done", responseStatus: res.status, responseBody: await res.clone().text() })
			.where(row);
	} else {
		await db.delete(idempotencyKeys).where(row);
	}
	// Now and then, the long-expired rows of everyone go.
	if (Math.random() < 0.05) {
		await db.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, sql`now()`));
	}
});

/** Whose keys these are: the signed-in account's, or on public routes the client address's. */
function scopeOf<E extends AppEnv>(c: Context<E>) {
	const user = (c.var as { user?: { id: string } }).user;
	return user ? `user:${user.id}` : `ip:${clientIp(c as unknown as Context<AppEnv>)}`;
}

/** Method, path and body: the body's JSON text, or each part of an upload with its files' bytes. */
async function fingerprintOf<E extends AppEnv>(c: Context<E>) {
	const hash = createHash("sha256").update(`${c.req.method} ${c.req.path}\n`);
	const isForm = c.req.header("content-type")?.toLowerCase().startsWith("multipart/form-data");
	if (isForm) {
		// Read by the upload route's reader (lib/multipart.ts) before this runs.
		const form = (await c.req.bodyCache.formData) as FormData | undefined;
		for (const [name, value] of form ?? []) {
			if (typeof value === "string") {
				hash.update(`${name}=${value.length}:${value}\n`);
			} else {
				hash.update(`${name}@${value.name}:${value.type}:${value.size}:`);
				hash.update(new Uint8Array(await value.arrayBuffer()));
			}
		}
	} else {
		hash.update(await c.req.text());
	}
	return hash.digest("base64url");
}

/**
 * A gate that refuses what the first request of a key changed (an open quote now exists) is
 * passed by that request's repeats, so they reach `idempotent` and get the first answer.
 */
export function unlessRepeated<E extends AppEnv>(gate: MiddlewareHandler<E>): MiddlewareHandler<E> {
	return async (c, next) => {
		const key = c.req.header(IDEMPOTENCY_HEADER);
		if (key && VALID_KEY.test(key)) {
			const [found] = await c.var.deps.db
				.select({ key: idempotencyKeys.key })
				.from(idempotencyKeys)
				.where(and(eq(idempotencyKeys.scope, scopeOf(c)), eq(idempotencyKeys.key, key)));
			if (found) return next();
		}
		return gate(c, next);
	};
}
