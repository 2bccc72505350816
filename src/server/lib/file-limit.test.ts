import { describe, expect, it, vi } from "vitest";
import { checkFileLimit, LOW_FILE_LIMIT, openFileLimit } from "./file-limit.ts";
import type { Logger } from "./logger.ts";

const LIMITS = `Limit                     Soft Limit           Hard Limit           Units
Max cpu time              unlimited            unlimited            seconds
Max open files            1024                 524288               files
`;

describe("the open-file limit", () => {
	it("is read from the process's limits", () => {
		expect(openFileLimit(LIMITS)).toBe(1024);
		expect(openFileLimit(LIMITS.replace("1024  ", "unlimited"))).toBe(Number.POSITIVE_INFINITY);
		expect(openFileLimit("nothing here")).toBeNull();
	});

	it("warns at start-up only when it is low", () => {
		const warn = vi.fn();
		const logger = { warn } as unknown as Logger;
		checkFileLimit(logger, 1024);
		expect(warn).toHaveBeenCalledOnce();
		expect(warn.mock.calls[0]![1]).toContain("raise it to at least");
		checkFileLimit(logger, LOW_FILE_LIMIT);
		checkFileLimit(logger, null);
		expect(warn).toHaveBeenCalledOnce();
	});
});
