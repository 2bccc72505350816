import { FIRST_READS } from "../../../shared/first-reads.ts";
import type { PagePath } from "../../../shared/routes.ts";
import { FIRST_READ_ATTRIBUTE } from "../../../shared/session-data.ts";

/** Runs one request through the whole app, as if the browser had sent it on the page's connection (`env`). */
export type ReadApi = (request: Request, env: unknown) => Response | Promise<Response>;

/** An answer larger than this is left for the page to ask for: the page's HTML would wait on it. */
const MAX_ANSWER_BYTES = 64 * 1024;
const MAX_TOTAL_BYTES = 192 * 1024;
/** Reads still running then are left for the page to ask for. */
const WAIT_MS = 1500;
/** What a read takes from the page's own request: who is asking, and through which proxies. */
const FORWARDED = [
	"cookie",
	"host",
	"user-agent",
	"x-forwarded-for",
	"x-forwarded-proto",
	"x-forwarded-host",
];

/** The reads of `pagePath` for the page at `pathname`, its `:params` filled in; none for an odd one. */
function readsOf(pagePath: PagePath, pathname: string): string[] {
	const reads = FIRST_READS[pagePath] ?? [];
	const names = pagePath.split("/");
	const values = pathname.replace(/\/$/, "").split("/");
	const params = new Map<string, string>();
	for (const [i, name] of names.entries()) {
		if (!name.startsWith(":")) continue;
		const value = values[i] ?? "";
		if (!/^[\w-]{1,100}$/.test(value)) return [];
		params.set(name, value);
	}
	return reads.map((read) => read.replace(/:\w+/g, (name) => params.get(name) ?? name));
}

/**
 * The answers to the page's first reads (shared/first-reads.ts), made as the visitor who asked for
 * the page, as data elements to write into it: `<script type="application/json" data-read="/api/…">`.
 * Only 200 JSON answers go in; the page asks for any other itself, as it would without them.
 */
export async function firstReads(
	pagePath: PagePath,
	pathname: string,
	page: { request: Request; env: unknown; requestId: string },
	readApi: ReadApi,
): Promise<string> {
	const reads = readsOf(pagePath, pathname);
	if (!reads.length) return "";
	const headers = new Headers({ accept: "application/json", "x-request-id": page.requestId });
	for (const name of FORWARDED) {
		const value = page.request.headers.get(name);
		if (value) headers.set(name, value);
	}
	let timer: ReturnType<typeof setTimeout> | undefined;
	const late = new Promise<null>((resolve) => {
		timer = setTimeout(() => resolve(null), WAIT_MS);
	});
	const answers = await Promise.all(
		reads.map((read) =>
			Promise.race([
				late,
				answerOf(() =>
					readApi(new Request(new URL(read, page.request.url), { headers }), page.env),
				),
			]),
		),
	);
	clearTimeout(timer);
	let total = 0;
	let html = "";
	for (const [i, body] of answers.entries()) {
		if (body === null || body.length > MAX_ANSWER_BYTES || total + body.length > MAX_TOTAL_BYTES)
			continue;
		total += body.length;
		// `<` escaped: JSON has it only inside strings, where \u003c reads the same.
		html += `<script type="application/json" ${FIRST_READ_ATTRIBUTE}="${reads[i]}">${body.replaceAll("<", "\\u003c")}</script>`;
	}
	return html;
}

async function answerOf(read: () => Response | Promise<Response>): Promise<string | null> {
	try {
		const res = await read();
		if (res.status !== 200 || !res.headers.get("content-type")?.startsWith("application/json")) {
			await res.body?.cancel();
			return null;
		}
		return await res.text();
	} catch {
		return null;
	}
}
