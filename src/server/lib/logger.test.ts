import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { newPglite, openPglite } from "../db/database.ts";
import { createLogger } from "./logger.ts";

describe("logged errors", () => {
	it("name a failed query and its error code, never the values it was given", async () => {
		const database = await openPglite(newPglite());
		const lines: string[] = [];
		const logger = createLogger("info", { write: (line: string) => lines.push(line) });
		try {
			const email = "casey.private@example.com";
			const error = await database.db.execute(sql`select ${email}::int as n`).then(
				() => null,
				(e: unknown) => e,
			);
			expect(error).toBeInstanceOf(Error);
			// The values are in the error itself: the serializer must leave them out.
			expect(String((error as Error).message) + String((error as Error).cause)).toContain(email);

			logger.error({ err: error }, "unhandled error");
			const logged = lines.join("");
			expect(logged).not.toContain("casey.private");
			const entry = JSON.parse(lines[0]!);
			expect(entry.err.query).toContain("select $1::int as n");
			expect(entry.err.cause.code).toBe("22P02");
			expect(entry.err.stack).toContain("at ");
		} finally {
			await database.close();
		}
	});

	it("keep an ordinary error's message", () => {
		const lines: string[] = [];
		createLogger("info", { write: (line: string) => lines.push(line) }).warn(
			{ err: new Error("smtp connection refused") },
			"mail failed",
		);
		expect(JSON.parse(lines[0]!).err.message).toBe("smtp connection refused");
	});
});
