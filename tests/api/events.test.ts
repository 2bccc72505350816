import { sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import type { AppEvent } from "../../src/server/lib/events.ts";
import { test } from "../support/app-fixture.ts";

const changed = (quoteId: string): AppEvent => ({ kind: "quote.changed", quoteId, userId: null });

describe("event bus", () => {
	test("delivers what a transaction published once it commits, and nothing when it rolls back", async ({
		app,
	}) => {
		const seen: AppEvent[] = [];
		app.events.subscribe((e) => seen.push(e));
		await app.events.transaction(async (tx) => {
			await app.events.publish(tx, changed("a"));
			await tx.execute(sql`select 1`);
			expect(seen).toEqual([]); // not before the commit
		});
		expect(seen).toEqual([changed("a")]);

		await expect(
			app.events.transaction(async (tx) => {
				await app.events.publish(tx, changed("b"));
				throw new Error("rolled back");
			}),
		).rejects.toThrow("rolled back");
		expect(seen).toEqual([changed("a")]);

		await app.events.publish(app.db, changed("c")); // after a write that committed on its own
		expect(seen).toEqual([changed("a"), changed("c")]);
	});

	test("delivers a transaction's events in the order published, each once", async ({ app }) => {
		const seen: AppEvent[] = [];
		app.events.subscribe((e) => seen.push(e));
		await app.events.transaction(async (tx) => {
			await app.events.publish(tx, { kind: "email.queued" });
			await app.events.publish(tx, changed("a"));
			await app.events.publish(tx, { kind: "email.queued" });
			await app.events.publish(tx, changed("b"));
		});
		expect(seen).toEqual([{ kind: "email.queued" }, changed("a"), changed("b")]);
	});

	test("refuses to publish in a transaction it cannot see commit", async ({ app }) => {
		await expect(app.db.transaction((tx) => app.events.publish(tx, changed("x")))).rejects.toThrow(
			/events.transaction/,
		);
	});

	test("keeps a failing listener from stopping the others", async ({ app }) => {
		const seen: string[] = [];
		app.events.subscribe(() => {
			throw new Error("boom");
		});
		app.events.subscribe((e) => seen.push(e.kind));
		await app.events.publish(app.db, { kind: "email.queued" });
		expect(seen).toEqual(["email.queued"]);
	});
});
