import { hc } from "hono/client";
import type { ApiRoutes } from "../../src/server/api-routes.ts";
import { checkResponseContract } from "./response-contract.ts";

/**
 * A small fetch client that keeps cookies like a browser, for API tests. Every JSON answer is
 * checked against the schema its route declares (response-contract.ts).
 */
export class HttpClient {
	private readonly cookies: Map<string, string>;

	/** `sharing`: another client whose cookies (its session) this one uses too, e.g. on another server. */
	constructor(
		readonly baseUrl: string,
		sharing?: HttpClient,
	) {
		this.cookies = sharing?.cookies ?? new Map();
	}

	async request(
		method: string,
		path: string,
		body?: unknown,
		headers: Record<string, string> = {},
	) {
		const init: RequestInit = { method, headers: { ...headers } };
		if (body instanceof FormData) {
			init.body = body; // fetch sets the multipart content type with its boundary
		} else if (body !== undefined) {
			(init.headers as Record<string, string>)["content-type"] ??= "application/json";
			init.body = typeof body === "string" ? body : JSON.stringify(body);
		}
		return answer(await this.fetch(this.baseUrl + path, init));
	}

	private typed?: ReturnType<typeof hc<ApiRoutes>>;
	/**
	 * The API typed from the server's routes, as the web app calls it (src/web/lib/api-client.ts):
	 * paths, parameters, bodies and answers are checked by the compiler. Same cookies and checks.
	 */
	get api() {
		this.typed ??= hc<ApiRoutes>(`${this.baseUrl}/api`, {
			fetch: (input: RequestInfo | URL, init?: RequestInit) => this.fetch(input, init),
		});
		return this.typed;
	}

	/** fetch with this client's cookies; every JSON answer checked against its route's schema. */
	private async fetch(input: RequestInfo | URL, init: RequestInit = {}) {
		const headers = new Headers(init.headers);
		const cookie = this.cookieHeader();
		if (cookie) headers.set("cookie", cookie);
		const response = await fetch(input, { ...init, headers });
		for (const line of response.headers.getSetCookie()) {
			const [pair = ""] = line.split(";");
			const [name = "", value = ""] = pair.split("=");
			if (/max-age=0/i.test(line) || value === "") this.cookies.delete(name);
			else this.cookies.set(name, value);
		}
		const text = await response.clone().text();
		let json: unknown;
		try {
			json = text ? JSON.parse(text) : undefined;
		} catch {
			json = undefined;
		}
		const url = new URL(input instanceof Request ? input.url : input.toString());
		await checkResponseContract(
			this.baseUrl,
			{ method: init.method ?? "GET", path: url.pathname + url.search },
			{ status: response.status, contentType: response.headers.get("content-type"), json },
		);
		return response;
	}

	get = (path: string) => this.request("GET", path);
	post = (path: string, body?: unknown) => this.request("POST", path, body ?? {});
	put = (path: string, body?: unknown) => this.request("PUT", path, body ?? {});

	/** The Cookie header this client sends (for requests made with plain fetch, e.g. binary bodies). */
	cookieHeader() {
		return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
	}

	hasSession() {
		return [...this.cookies.keys()].some((k) => k.includes("session_token"));
	}
}

/** An answer as the API tests read it: status, headers, text and JSON (any: tests assert on it). */
async function answer(response: Pick<Response, "status" | "headers" | "text">) {
	const text = await response.text();
	let json: any;
	try {
		json = text ? JSON.parse(text) : undefined;
	} catch {
		json = undefined;
	}
	return { status: response.status, headers: response.headers, json, text };
}

/**
 * Reads a typed call (`client.api…`) as the raw calls read theirs, so a test keeps one assertion
 * style: `const res = await read(client.api.owner.customers[":id"].$get({ param: { id } }))`. The
 * request is typed from the route; `json` is loose, as the raw calls', so error answers read alike.
 */
export const read = async (call: Promise<Pick<Response, "status" | "headers" | "text">>) =>
	answer(await call);

/** A file in a multipart form: its bytes, name and type (none: the browser's default). */
export type FormFile = { bytes: Uint8Array; name: string; type?: string };

/** The file a form sends for `f`, for the typed client's `form` and for multipart(). */
export const formFile = (f: FormFile) =>
	new File([new Uint8Array(f.bytes)], f.name, f.type ? { type: f.type } : {});

/**
 * A multipart form as the app's upload forms send it: `data` as JSON (a string is sent as it is),
 * and each file under `field`.
 */
export function multipart(data: unknown, field = "photos", files: FormFile[] = []) {
	const form = new FormData();
	form.append("data", typeof data === "string" ? data : JSON.stringify(data));
	for (const f of files) form.append(field, formFile(f));
	return form;
}
