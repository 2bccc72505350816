import { expect } from "vitest";
import type { HttpClient } from "./http-client.ts";

export type ApiResponse = Awaited<ReturnType<HttpClient["request"]>>;

const STACK_TRACE = /\bat [\w.<>]+ \(|node_modules|\.ts:\d+:\d+|\.js:\d+:\d+|"stack"/;

/**
 * A product error answer: the exact status, a JSON body whose `error` is a readable string
 * (exactly `message` when given), and no stack trace or source path anywhere in it.
 */
export function expectError(res: ApiResponse, status: number, message?: string | RegExp) {
	expect({ status: res.status, body: res.text }).toMatchObject({ status });
	expect(res.headers.get("content-type")).toContain("application/json");
	expect(typeof res.json?.error).toBe("string");
	expect(res.json.error.length).toBeGreaterThan(0);
	if (typeof message === "string") expect(res.json.error).toBe(message);
	else if (message) expect(res.json.error).toMatch(message);
	expect(res.text).not.toMatch(STACK_TRACE);
}
