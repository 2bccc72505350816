import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import type { ServiceOption } from "../../../shared/catalog.ts";
import { rewriteExplanation } from "./explanation-rewrite.ts";
import { priceEstimate } from "./pricing.ts";

const outline: ServiceOption = {
	id: "00000000-0000-4000-8000-000000000001",
	name: "House Outline",
	description: "Roofline",
	basePriceCents: 40_000,
	hasQuantity: false,
	isActive: true,
	sortOrder: 1,
};
const estimate = priceEstimate({
	catalogue: [outline],
	services: [{ serviceId: outline.id, quantity: 1 }],
	city: "Akron",
});

/** A local OpenAI-compatible endpoint answering with `reply` (or never, for the timeout). */
let server: http.Server | undefined;
let received: {
	url?: string;
	auth?: string;
	body?: { model: string; messages: { content: string }[] };
} = {};
async function llm(reply: { status?: number; content?: unknown; hang?: boolean }) {
	server = http.createServer((req, res) => {
		let body = "";
		req.on("data", (chunk) => {
			body += chunk;
		});
		req.on("end", () => {
			received = { url: req.url, auth: req.headers.authorization, body: JSON.parse(body) };
			if (reply.hang) return;
			res.writeHead(reply.status ?? 200, { "content-type": "application/json" });
			res.end(JSON.stringify({ choices: [{ message: { content: reply.content } }] }));
		});
	});
	await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
	const { port } = server.address() as AddressInfo;
	return {
		LLM_API_URL: `http://127.0.0.1:${port}/v1`,
		LLM_API_KEY: "test-key",
		LLM_MODEL: "test-model",
	};
}
afterEach(async () => {
	server?.closeAllConnections();
	await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
	server = undefined;
	received = {};
});

describe("optional LLM rewrite of the explanation", () => {
	it("keeps the engine's text when no endpoint is configured", async () => {
		const text = await rewriteExplanation({
			env: { LLM_API_URL: undefined, LLM_API_KEY: undefined, LLM_MODEL: "m" },
			estimate,
		});
		expect(text).toBe(estimate.explanation);
	});

	it("uses the model's wording when it keeps the services and amounts", async () => {
		const content =
			"Your House Outline comes to $400.00; Akron adds 10% for travel, so we recommend $440.00.";
		const env = await llm({ content });
		const text = await rewriteExplanation({ env, estimate });
		expect(text).toBe(content);
		expect(received.url).toBe("/v1/chat/completions");
		expect(received.auth).toBe("Bearer test-key");
		expect(received.body?.model).toBe("test-model");
		expect(received.body?.messages.at(-1)?.content).toBe(estimate.explanation);
	});

	it("falls back when the model invents an amount", async () => {
		const env = await llm({ content: "Your House Outline is only $99.00 this week!" });
		expect(await rewriteExplanation({ env, estimate })).toBe(estimate.explanation);
	});

	it("falls back when the model drops a service", async () => {
		const env = await llm({ content: "We recommend $440.00." });
		expect(await rewriteExplanation({ env, estimate })).toBe(estimate.explanation);
	});

	it("falls back on an error status, an empty answer or a malformed one", async () => {
		for (const reply of [
			{ status: 500, content: "House Outline" },
			{ content: "" },
			{ content: 42 },
		]) {
			const env = await llm(reply);
			expect(await rewriteExplanation({ env, estimate })).toBe(estimate.explanation);
			server?.closeAllConnections();
			await new Promise((resolve) => server!.close(resolve));
			server = undefined;
		}
	});

	it("falls back when the endpoint does not answer in time", async () => {
		const env = await llm({ hang: true });
		const started = Date.now();
		expect(await rewriteExplanation({ env, estimate, timeoutMs: 200 })).toBe(estimate.explanation);
		expect(Date.now() - started).toBeLessThan(2_000);
	});

	it("falls back when the endpoint cannot be reached", async () => {
		const env = {
			LLM_API_URL: "http://127.0.0.1:9/v1",
			LLM_API_KEY: "k",
			LLM_MODEL: "m",
		};
		expect(await rewriteExplanation({ env, estimate })).toBe(estimate.explanation);
	});
});
