import { spawn } from "node:child_process";
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
		const again = await openDatabase({ dataDir });
		await again.close();
	});

	it("starts again after a server on the folder was killed, and not beside a live one", async () => {
		const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bhl-db-"));
		dirs.push(dataDir);
		// A pid file from an older version naming a live process (this one) changes nothing.
		fs.writeFileSync(path.join(dataDir, "pglite.lock"), String(process.pid));
		const child = spawn(
			process.execPath,
			[
				"--import",
				"tsx",
				"--input-type=module",
				"-e",
				`const { openDatabase } = await import(${JSON.stringify(path.resolve(import.meta.dirname, "database.ts"))});
				await openDatabase({ dataDir: ${JSON.stringify(dataDir)} });
				console.log("ready");
				setInterval(() => {}, 1000);`,
			],
			{ stdio: ["ignore", "pipe", "inherit"] },
		);
		try {
			await new Promise<void>((resolve, reject) => {
				child.stdout.on("data", (chunk: Buffer) => {
					if (chunk.toString().includes("ready")) resolve();
				});
				child.once("exit", (code) => reject(new Error(`the first server exited (${code})`)));
			});
			await expect(openDatabase({ dataDir })).rejects.toThrow(/in use by another server/);
		} finally {
			const exited = new Promise((resolve) => child.once("exit", resolve));
			child.kill("SIGKILL");
			await exited;
		}
		const db = await openDatabase({ dataDir });
		expect(await db.db.select().from(serviceOptions)).toHaveLength(8);
		await db.close();
	}, 60_000);
});
