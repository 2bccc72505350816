import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "./database.ts";
import { serviceOptions } from "./schema.ts";

const dirs: string[] = [];
afterEach(() => {
	for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("embedded database", () => {
	it("migrates, seeds the catalogue, and refuses a second server on the same data folder", async () => {
		const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bhl-db-"));
		dirs.push(dataDir);
		const first = await openDatabase({ dataDir });
		try {
			const services = await first.db
				.select()
				.from(serviceOptions)
				.orderBy(serviceOptions.sortOrder);
			expect(services.map((s) => [s.name, s.basePriceCents, s.hasQuantity])).toEqual([
				["House Outline", 40000, false],
				["Small Trees", 7500, true],
				["Medium Trees", 12500, true],
				["Large Trees", 20000, true],
				["Wreaths & Garland", 5000, true],
				["Walkway & Driveway", 15000, false],
				["Windows", 3500, true],
				["Specialty", 10000, true],
			]);
			await expect(openDatabase({ dataDir })).rejects.toThrow(/in use by another server/);
			// Constraints hold in the database itself, not only in the API.
			await expect(
				first.db.execute(
					sql`insert into service_options (name, description, base_price_cents, sort_order) values ('x', 'y', -1, 9)`,
				),
			).rejects.toThrow();
		} finally {
			await first.close();
		}
		expect(fs.existsSync(path.join(dataDir, "pglite.lock"))).toBe(false);
		const again = await openDatabase({ dataDir });
		await again.close();
	});

	it("takes over a lock left by a process that died", async () => {
		const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bhl-db-"));
		dirs.push(dataDir);
		fs.writeFileSync(path.join(dataDir, "pglite.lock"), "999999");
		const db = await openDatabase({ dataDir });
		await db.close();
	});
});
