import type { Estimate } from "../../../shared/estimate.ts";
import type { Env } from "../../env.ts";
import type { Logger } from "../../lib/logger.ts";

const REWRITE_TIMEOUT_MS = 4_000;
const MAX_LENGTH = 1_500;

const SYSTEM_PROMPT = [
	"You reword the explanation of an instant price estimate for a holiday-lighting installer in Northeast Ohio.",
	"Write it warmly and plainly for a homeowner, in at most 120 words, as one paragraph.",
	"Keep every service name, quantity, percentage and dollar amount exactly as given.",
	"Never add, change or invent prices, discounts, dates or promises.",
	"Reply with the explanation only.",
].join(" ");

/** Every "$1,234.56" in a text, as cents, for checking that a rewrite invented no amount. */
function amountsIn(text: string): Set<number> {
	return new Set(
		[...text.matchAll(/\$\s?(\d[\d,]*(?:\.\d{1,2})?)/g)].map((m) =>
			Math.round(Number(m[1]!.replace(/,/g, "")) * 100),
		),
	);
}

/**
 * Asks the configured OpenAI-compatible model to reword the engine's explanation. Returns the
 * engine's text unchanged when no model is configured, on any error or timeout, or when the answer
 * drops a service or names a dollar amount the engine did not: prices only ever come from the engine.
 */
export async function rewriteExplanation(options: {
	env: Pick<Env, "LLM_API_URL" | "LLM_API_KEY" | "LLM_MODEL">;
	estimate: Estimate;
	logger?: Logger;
	timeoutMs?: number;
}): Promise<string> {
	const { env, estimate } = options;
	const original = estimate.explanation;
	if (!env.LLM_API_URL || !env.LLM_API_KEY) return original;
	const base = env.LLM_API_URL.replace(/\/+$/, "");
	const url = base.endsWith("/chat/completions") ? base : `${base}/chat/completions`;
	try {
		const response = await fetch(url, {
			method: "POST",
			headers: {
				"content-type": "application/json",
				authorization: `Bearer ${env.LLM_API_KEY}`,
			},
			body: JSON.stringify({
				model: env.LLM_MODEL,
				temperature: 0.3,
				max_tokens: 400,
				messages: [
					{ role: "system", content: SYSTEM_PROMPT },
					{ role: "user", content: original },
				],
			}),
			signal: AbortSignal.timeout(options.timeoutMs ?? REWRITE_TIMEOUT_MS),
		});
		if (!response.ok) throw new Error(`status ${response.status}`);
		const body = (await response.json()) as {
			choices?: { message?: { content?: unknown } }[];
		};
		const text = body.choices?.[0]?.message?.content;
		if (typeof text !== "string") throw new Error("no message in the answer");
		const rewritten = text.replace(/\s+/g, " ").trim();
		if (!rewritten || rewritten.length > MAX_LENGTH) throw new Error("empty or too long");
		const lower = rewritten.toLowerCase();
		if (estimate.lines.some((l) => !lower.includes(l.name.toLowerCase())))
			throw new Error("a service is missing");
		const allowed = amountsIn(original);
		if ([...amountsIn(rewritten)].some((cents) => !allowed.has(cents)))
			throw new Error("an amount the engine did not give");
		return rewritten;
	} catch (error) {
		options.logger?.warn(
			{ err: error },
			"explanation rewrite failed; using the engine's explanation",
		);
		return original;
	}
}
