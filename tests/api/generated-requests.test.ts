import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Account, signedInCustomer } from "../support/accounts.ts";
import { approvedCustomer } from "../support/builders.ts";
import { HttpClient } from "../support/http-client.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/**
 * Requests generated from /api/openapi.json: for every documented operation, as a visitor, two
 * customers and the owner, a valid request built from its schemas and mutations of it (wrong
 * types, nulls, missing and unknown fields, huge and control-character strings, edge numbers, bad
 * ids and cursors). Whatever they send, the server answers, and never with a 5xx. Seeded: a
 * failure names its seed, and `GENERATED_SEED=<seed>` replays it.
 */
const SEED = Number(process.env.GENERATED_SEED ?? Date.now() % 1_000_000);
const ROUNDS = Number(process.env.GENERATED_ROUNDS ?? 3);
/** After the first round, no new round starts past this many seconds (CI runs this three times). */
const BUDGET_MS = Number(process.env.GENERATED_SECONDS ?? 90) * 1000;

type Schema = {
	type?: string | string[];
	properties?: Record<string, Schema>;
	required?: string[];
	items?: Schema;
	enum?: unknown[];
	const?: unknown;
	format?: string;
	minLength?: number;
	maxLength?: number;
	minimum?: number;
	maximum?: number;
	minItems?: number;
	maxItems?: number;
	anyOf?: Schema[];
	oneOf?: Schema[];
	allOf?: Schema[];
	default?: unknown;
	contentSchema?: Schema;
};
type Parameter = { in: string; name: string; required?: boolean; schema?: Schema };
type Operation = {
	parameters?: Parameter[];
	requestBody?: { content: Record<string, { schema: Schema }> };
	responses?: Record<string, { content?: Record<string, unknown> }>;
};

/** A small seeded generator (mulberry32): the same seed, the same requests. */
function random(seed: number) {
	let a = seed >>> 0;
	const next = () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
	return {
		next,
		int: (max: number) => Math.floor(next() * max),
		pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
	};
}
type Random = ReturnType<typeof random>;

const typeOf = (schema: Schema) =>
	Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;

/** Plausible text for a field, by its name: the schemas say "string", the forms say more. */
const TEXT_BY_NAME: [RegExp, (rnd: Random) => string][] = [
	[/email/i, (rnd) => `gen${rnd.int(1e6)}@example.com`],
	[/password/i, () => "lights-up-2024"],
	[/phone/i, () => "330-555-0100"],
	[/zip/i, () => "44702"],
	[/^state$/i, () => "OH"],
	[/city/i, () => "Canton"],
	[/website/i, () => ""],
	[/name/i, () => "Pat Visitor"],
];

/** A value the schema accepts, as far as a generator can tell; `key` is the field's name. */
function valid(schema: Schema, rnd: Random, ids: string[], key = ""): unknown {
	if (schema.const !== undefined) return schema.const;
	if (schema.enum) return rnd.pick(schema.enum);
	const alternatives = schema.anyOf ?? schema.oneOf;
	if (alternatives)
		return valid(rnd.pick(alternatives.filter((s) => s.type !== "null")), rnd, ids, key);
	if (schema.allOf) return Object.assign({}, ...schema.allOf.map((s) => valid(s, rnd, ids)));
	switch (typeOf(schema)) {
		case "object": {
			const out: Record<string, unknown> = {};
			for (const [key, property] of Object.entries(schema.properties ?? {})) {
				if (schema.required?.includes(key) || rnd.next() < 0.7)
					out[key] = valid(property, rnd, ids, key);
			}
			return out;
		}
		case "array": {
			const count = Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 2, 1 + rnd.int(2)));
			return Array.from({ length: count }, () => valid(schema.items ?? {}, rnd, ids, key));
		}
		case "integer":
		case "number": {
			const min = schema.minimum ?? 0;
			const max = schema.maximum ?? min + 100;
			return Math.min(max, min + rnd.int(10));
		}
		case "boolean":
			return rnd.next() < 0.5;
		case "string": {
			const byName = TEXT_BY_NAME.find(([pattern]) => pattern.test(key));
			if (byName && !schema.format) return byName[1](rnd);
			if (schema.format === "email") return `gen${rnd.int(1e6)}@example.com`;
			if (schema.format === "uuid") return rnd.pick(ids);
			if (schema.format === "date") return "2026-12-01";
			if (schema.format === "date-time") return new Date().toISOString();
			const text = rnd.pick(["Canton", "100 Market Ave N", "Warm white please", "44702"]);
			const min = schema.minLength ?? 0;
			return text.padEnd(min, "x").slice(0, schema.maxLength ?? 1000);
		}
		default:
			return "x";
	}
}

const NASTY: unknown[] = [
	null,
	"",
	" ",
	"\u0000",
	"a\u0000b",
	"\u001f\u007f\u200b",
	"x".repeat(100_000),
	"😀".repeat(1000),
	"<script>alert(1)</script>",
	"../../etc/passwd",
	"%ZZ",
	-1,
	0,
	1.5,
	2 ** 31,
	2 ** 53 + 1,
	1e308,
	-1e308,
	true,
	[],
	{},
	[null],
	{ __proto__: { admin: true } },
	"00000000-0000-0000-0000-000000000000",
	"2026-13-45T00:00:00Z|00000000-0000-0000-0000-000000000000",
	"99999-01-01T00:00:00.000Z|------------------------------------",
];

/** A copy of `value` with one thing wrong somewhere inside it. */
function mutate(value: unknown, schema: Schema, rnd: Random): unknown {
	const type = typeOf(schema);
	if (type === "object" && value && typeof value === "object" && !Array.isArray(value)) {
		const out = { ...(value as Record<string, unknown>) };
		const keys = Object.keys(schema.properties ?? {});
		const choice = rnd.int(4);
		if (choice === 0 && keys.length > 0) {
			const key = rnd.pick(keys);
			out[key] = mutate(out[key], schema.properties![key]!, rnd);
		} else if (choice === 1 && keys.length > 0) {
			delete out[rnd.pick(keys)];
		} else if (choice === 2) {
			out[`unknown${rnd.int(100)}`] = rnd.pick(NASTY);
		} else if (keys.length > 0) {
			out[rnd.pick(keys)] = rnd.pick(NASTY);
		} else return rnd.pick(NASTY);
		return out;
	}
	if (type === "array" && Array.isArray(value)) {
		const choice = rnd.int(3);
		if (choice === 0) return Array.from({ length: 1000 }, () => value[0] ?? null);
		if (choice === 1 && value.length > 0)
			return value.map((item) => mutate(item, schema.items ?? {}, rnd));
		return rnd.pick(NASTY);
	}
	return rnd.pick(NASTY);
}

/** `value` with one of the strings inside it given a control character (NUL, ESC, DEL...). */
function poisoned(value: unknown, rnd: Random): unknown {
	const strings: (string | number)[][] = [];
	const walk = (v: unknown, at: (string | number)[]) => {
		if (typeof v === "string") strings.push(at);
		else if (Array.isArray(v)) {
			for (const [i, item] of v.entries()) walk(item, [...at, i]);
		} else if (v && typeof v === "object")
			for (const [k, item] of Object.entries(v)) walk(item, [...at, k]);
	};
	walk(value, []);
	if (strings.length === 0) return value;
	const copy = structuredClone(value) as Record<string | number, unknown>;
	const at = rnd.pick(strings);
	const control = rnd.pick(["\u0000", "\u001b[31m", "\u007f", "\r\n\u0000", "\ud800"]);
	if (at.length === 0) return `${value}${control}`;
	let parent: Record<string | number, unknown> = copy;
	for (const step of at.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
	const last = at.at(-1)!;
	parent[last] = `${parent[last]}${control}`;
	return copy;
}

function pathFor(template: string, params: Parameter[], rnd: Random, ids: string[], bad: boolean) {
	let path = template;
	for (const p of params.filter((p) => p.in === "path")) {
		const good = valid(p.schema ?? { type: "string" }, rnd, ids);
		const value = bad ? String(rnd.pick(NASTY)).slice(0, 2000) : String(good);
		path = path.replace(`{${p.name}}`, encodeURIComponent(value));
	}
	const query = new URLSearchParams();
	for (const p of params.filter((p) => p.in === "query")) {
		if (bad || rnd.next() < 0.5) {
			const value = bad ? rnd.pick(NASTY) : valid(p.schema ?? {}, rnd, ids);
			query.set(p.name, String(value).slice(0, 2000));
		}
	}
	const qs = query.toString();
	return qs ? `${path}?${qs}` : path;
}

/** An operation answering with an event stream, which never ends by itself. */
const streams = (op: Operation) =>
	Object.values(op.responses ?? {}).some((r) => r.content && "text/event-stream" in r.content);

/** Opens a stream, takes its status, and closes it. */
async function openStream(client: HttpClient, url: string) {
	const controller = new AbortController();
	const res = await fetch(`${app.url}${url}`, {
		headers: { cookie: client.cookieHeader() },
		signal: controller.signal,
	});
	controller.abort();
	return { status: res.status, text: "" };
}

let app: TestApp;
let actors: { name: string; client: HttpClient }[];
let ids: string[];

beforeAll(async () => {
	app = await startTestApp({
		// The limits answer 429 quickly, which is fine, but then the rest goes untested.
		rateLimits: {
			estimate: { windowMs: 60_000, max: 1_000_000 },
			contact: { windowMs: 60_000, max: 1_000_000 },
			quote: { windowMs: 60_000, max: 1_000_000 },
			signUp: { windowMs: 60_000, max: 1_000_000 },
		},
	});
	const approved = await approvedCustomer(app);
	const other: Account = await signedInCustomer(app, { email: "other@example.com" });
	actors = [
		{ name: "visitor", client: new HttpClient(app.url) },
		{ name: "customer", client: approved.client },
		{ name: "other customer", client: other.client },
		{ name: "owner", client: approved.owner.client },
	];
	ids = [approved.quote.id, approved.bill.id, approved.record.id, crypto.randomUUID()];
}, 120_000);
afterAll(() => app.close());

describe("generated requests", () => {
	it(`never get a 5xx or a lost answer (seed ${SEED})`, async () => {
		const doc = (await new HttpClient(app.url).get("/api/openapi.json")).json as {
			paths: Record<string, Record<string, Operation>>;
		};
		const rnd = random(SEED);
		const failures: string[] = [];
		let sent = 0;
		const statuses = new Map<number, number>();
		const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
			Object.entries(methods).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
		);
		const started = performance.now();
		for (let round = 0; round < ROUNDS; round++) {
			if (round > 0 && performance.now() - started > BUDGET_MS) break;
			for (const { path, method, op } of operations) {
				// Signing out would end the actors' sessions for the rest of the run: visitors only.
				const who = path === "/api/auth/sign-out" ? actors.slice(0, 1) : actors;
				for (const actor of who) {
					for (let variant = 0; variant < 6; variant++) {
						const bad = variant > 0;
						const url = pathFor(path, op.parameters ?? [], rnd, ids, bad && variant === 1);
						let body: unknown;
						const json = op.requestBody?.content["application/json"]?.schema;
						const multipart = op.requestBody?.content["multipart/form-data"]?.schema;
						if (json) {
							const good = valid(json, rnd, ids);
							body = JSON.stringify(
								variant === 4 ? poisoned(good, rnd) : variant > 1 ? mutate(good, json, rnd) : good,
							);
							if (variant === 5) body = rnd.pick(["", "{", "null", "[]", '"x"', "1e999"]);
						} else if (multipart) {
							const form = new FormData();
							// The `data` part is JSON text; its schema is the part's contentSchema.
							const dataSchema = multipart.properties?.data?.contentSchema;
							const value = dataSchema ? valid(dataSchema, rnd, ids) : {};
							form.set("data", bad ? String(rnd.pick(NASTY)) : JSON.stringify(value));
							if (variant > 2)
								form.append("photos", new Blob([new Uint8Array(64).fill(7)]), "not-an-image.jpg");
							body = form;
						}
						const headers: Record<string, string> =
							typeof body === "string" ? { "content-type": "application/json" } : {};
						sent++;
						try {
							// A visitor who signs up keeps that session: each visitor request is a new visitor.
							const client = actor.name === "visitor" ? new HttpClient(app.url) : actor.client;
							const res = streams(op)
								? await openStream(client, url)
								: await client.request(method, url, body, headers);
							statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
							if (res.status >= 500)
								failures.push(
									`${actor.name} ${method} ${url.slice(0, 200)}: ${res.status} ${res.text.slice(0, 200)}`,
								);
						} catch (error) {
							failures.push(
								`${actor.name} ${method} ${url.slice(0, 200)}: lost (${(error as Error).message})`,
							);
						}
					}
				}
			}
		}
		const tally = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`);
		console.info(
			`generated requests: ${sent} sent (${tally.join(", ")}), seed ${SEED}, ${failures.length} failed`,
		);
		expect(failures, `seed ${SEED}`).toEqual([]);
		expect(sent).toBeGreaterThan(1000);
	}, 600_000);
});
