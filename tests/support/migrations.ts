import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { projectRoot } from "../../src/server/lib/project-root.ts";
import type { TestApp } from "./test-app.ts";

/**
 * Runs the statements of one migration in `drizzle/` (its file name without `.sql`) again on the
 * test database: what it does to rows written as they were before it, inserted by the test.
 */
export async function rerunMigration(app: TestApp, name: string) {
	const text = fs.readFileSync(path.join(projectRoot, "drizzle", `${name}.sql`), "utf8");
	for (const statement of text.split("--> statement-breakpoint")) {
		if (statement.trim()) await app.db.execute(sql.raw(statement));
	}
}
