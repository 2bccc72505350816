import { BlockList, isIPv4, isIPv6 } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env.ts";
import { badRequest, forbidden } from "./errors.ts";
import { cameInOnHttps, ownOrigins } from "./origins.ts";

/**
 * Content Security Policy: no inline script except the exact hashes given (prerendered pages).
 * Stripe's card field (Add Customer, when Stripe is set up) loads from js.stripe.com, frames its
 * inputs from there and talks to api.stripe.com: those three origins and nothing else outside.
 */
export function contentSecurityPolicy(scriptHashes: readonly string[] = []): string {
	return [
		"default-src 'self'",
		`script-src 'self' https://js.stripe.com${scriptHashes.map((h) => ` '${h}'`).join("")}`,
		"style-src 'self' 'unsafe-inline'",
		"img-src 'self' data: blob:",
		"font-src 'self' data:",
		"connect-src 'self' https://api.stripe.com",
		"frame-src https://js.stripe.com https://hooks.stripe.com",
		// The bin scanner's decoder runs in a worker made from its bundled code (a blob: URL).
		"worker-src 'self' blob:",
		"manifest-src 'self'",
		"object-src 'none'",
		"base-uri 'none'",
		"form-action 'self'",
		"frame-ancestors 'none'",
	].join("; ");
}

const DEFAULT_CSP = contentSecurityPolicy();

/** Headers for every response; HTML responses may set their own CSP first. */
export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
	await next();
	const h = c.res.headers;
	if (!h.has("content-security-policy")) h.set("content-security-policy", DEFAULT_CSP);
	h.set("x-content-type-options", "nosniff");
	h.set("x-frame-options", "DENY");
	h.set("referrer-policy", "strict-origin-when-cross-origin");
	h.set("cross-origin-opener-policy", "same-origin");
	// The camera is for the bin scanner, on this origin only.
	h.set("permissions-policy", "camera=(self), microphone=(), geolocation=()");
	if (isHttps(c)) h.set("strict-transport-security", "max-age=31536000; includeSubDomains");
});

function isHttps(c: {
	req: { url: string; header(name: string): string | undefined };
	var: AppEnv["Variables"];
}) {
	if (new URL(c.req.url).protocol === "https:") return true;
	return cameInOnHttps(c.var.deps.env, (name) => c.req.header(name));
}

/**
 * The client's address: the socket's, or behind trusted proxies (TRUST_PROXY) the rightmost
 * X-Forwarded-For entry that is not one of them. Entries left of that are the client's own to
 * write, so they never count: rotating them cannot change a rate limit's key.
 */
export function clientIp(c: Context<AppEnv>): string {
	let socket = "unknown";
	try {
		socket = getConnInfo(c as unknown as Context).remote.address ?? "unknown";
	} catch {
		// requests made in-process carry no socket
	}
	const trust = c.var.deps.env.TRUST_PROXY;
	if (trust === false) return socket;
	const forwarded = (c.req.header("x-forwarded-for") ?? "")
		.split(",")
		.map((entry) => entry.trim())
		.filter(Boolean);
	return clientFromHops([...forwarded, socket], trust);
}

/** `hops`: the socket's address last. Exported for tests. */
export function clientFromHops(hops: readonly string[], trust: number | readonly string[]): string {
	if (typeof trust === "number") return hops[Math.max(hops.length - 1 - trust, 0)]!;
	const proxies = blockList(trust);
	for (let i = hops.length - 1; i > 0; i--) {
		if (!isTrusted(proxies, hops[i]!)) return hops[i]!;
	}
	return hops[0]!;
}

const blockLists = new Map<readonly string[], BlockList>();

function blockList(ranges: readonly string[]): BlockList {
	let list = blockLists.get(ranges);
	if (!list) {
		list = new BlockList();
		for (const range of ranges) {
			const [address, bits] = range.split("/") as [string, string | undefined];
			const type = isIPv6(address) ? "ipv6" : "ipv4";
			if (bits === undefined) list.addAddress(address, type);
			else list.addSubnet(address, Number(bits), type);
		}
		blockLists.set(ranges, list);
	}
	return list;
}

function isTrusted(proxies: BlockList, address: string): boolean {
	const plain = address.replace(/^::ffff:(?=\d+\.)/, "");
	if (isIPv4(plain)) return proxies.check(plain, "ipv4");
	if (isIPv6(plain)) return proxies.check(plain, "ipv6");
	return false;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Refuses state-changing API requests sent by another site's page. */
export const sameOriginOnly = createMiddleware<AppEnv>(async (c, next) => {
	if (SAFE_METHODS.has(c.req.method)) return next();
	if (c.req.header("sec-fetch-site") === "cross-site")
		throw forbidden("Cross-site request refused");
	const origin = c.req.header("origin");
	if (
		origin &&
		!ownOrigins(c.var.deps.env, c.req.url, (name) => c.req.header(name)).includes(origin)
	)
		throw forbidden("Cross-site request refused");
	await next();
});

/** Requests whose body was read to its end already (JSON, by refuseControlCharacters). */
const readToItsEnd = new WeakSet<object>();

/** A refused request's unread body up to this size is read and dropped, so its connection lives. */
const DRAIN_MAX_BYTES = 16 * 1024 * 1024;
const DRAIN_MAX_MS = 5_000;

/**
 * A request refused before its body was read (a 401 on an upload, a 403 at a gate) still has that
 * body on its way: the client keeps sending it after the answer. Up to 16 MB (and 5 s), the server
 * reads it to the end and drops it before answering, so the client gets its answer and may reuse
 * the connection. Beyond that (a body refused as too large, say), the answer says
 * `Connection: close`: the client must not send its next request on a connection the server will
 * cut rather than read gigabytes from.
 */
export const finishRefusedBody = createMiddleware<AppEnv>(async (c, next) => {
	await next();
	if (c.res.status < 400) return;
	const chunked = c.req.header("transfer-encoding") !== undefined;
	const length = Number(c.req.header("content-length") ?? 0);
	if (!chunked && !(length > 0)) return;
	if (readToItsEnd.has(c.req)) return;
	const body = c.req.raw.body;
	const readable = body && !c.req.raw.bodyUsed && !body.locked;
	if (!readable || length > DRAIN_MAX_BYTES || !(await drained(body))) {
		c.res.headers.set("connection", "close");
	}
});

/** Reads `body` to its end and drops it: true when it ended within the size and time limits. */
async function drained(body: ReadableStream<Uint8Array>): Promise<boolean> {
	const reader = body.getReader();
	let late = false;
	const timer = setTimeout(() => {
		late = true;
		reader.cancel().catch(() => {});
	}, DRAIN_MAX_MS);
	let read = 0;
	try {
		for (;;) {
			const { done, value } = await reader.read();
			if (done) return !late;
			read += value.byteLength;
			if (read > DRAIN_MAX_BYTES) {
				await reader.cancel().catch(() => {});
				return false;
			}
		}
	} catch {
		return false; // cut off by the body limit, the timer or the client
	} finally {
		clearTimeout(timer);
	}
}

/** C0 control characters but tab, line feed and carriage return, and DEL: never in any text. */
function hasRawControl(text: string): boolean {
	for (let i = 0; i < text.length; i++) {
		const code = text.charCodeAt(i);
		if ((code < 32 && code !== 9 && code !== 10 && code !== 13) || code === 127) return true;
	}
	return false;
}
/** The same characters as URL escapes (%00) and as JSON escapes (\u0000). */
const CONTROL_IN_URL = /%(?:0[0-8bcef]|1[0-9a-f]|7f)/i;
const CONTROL_IN_JSON = /\\u00(?:0[0-8bcef]|1[0-9a-f]|7f)/i;
export const CONTROL_CHARACTERS_MESSAGE = "Text cannot contain control characters";

/** Whether JSON text holds a control character no form can type, raw or escaped. */
export const jsonHasControlCharacters = (json: string) =>
	hasRawControl(json) || CONTROL_IN_JSON.test(json);

/**
 * One rule for every text field of the API, present and future: no NUL or other control
 * characters (tab and line breaks excepted), in the address or in a JSON body, answered with
 * 400 before any route sees them. (PostgreSQL cannot store NUL; the others only corrupt what
 * the owner reads.) Multipart forms check their `data` part the same way (lib/multipart.ts).
 */
export const refuseControlCharacters = createMiddleware<AppEnv>(async (c, next) => {
	if (CONTROL_IN_URL.test(c.req.url.slice(c.req.url.indexOf("/", 8)))) {
		throw badRequest(CONTROL_CHARACTERS_MESSAGE);
	}
	if (c.req.header("content-type")?.includes("json")) {
		// Within the body limit checked before this; a body cut off by it is answered there. Read
		// once: the route's validation and handler get this text again (c.req.json(), c.req.text()).
		const text = await c.req.text().then(
			(read) => {
				readToItsEnd.add(c.req);
				return read;
			},
			() => "",
		);
		if (jsonHasControlCharacters(text)) throw badRequest(CONTROL_CHARACTERS_MESSAGE);
	}
	await next();
});
