import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createStorage } from "../../src/server/features/files/configured-storage.ts";
import {
	type FileToStore,
	recordFiles,
	storeFiles,
} from "../../src/server/features/files/files.service.ts";
import {
	ORPHAN_AGE_MS,
	sweepOrphanFiles,
} from "../../src/server/features/files/orphan-sweep.service.ts";
import { type S3Server, startS3Server } from "../support/s3-server.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/**
 * A file is written before the transaction that records it. A server that stops between the two
 * leaves a file no row names; the sweep removes such files once they are a day old, on either store.
 */
let s3: S3Server;
let app: TestApp | undefined;
beforeAll(async () => {
	s3 = await startS3Server({ bucket: "holiday-lights-sweep" });
});
afterEach(() => app?.close());
afterAll(() => s3?.close());

const photo = (): FileToStore => {
	const id = randomUUID();
	return {
		id,
		storageKey: `chat-attachments/${id}.jpg`,
		fileName: "roof.jpg",
		contentType: "image/jpeg",
		data: Buffer.from(`photo ${id}`),
	};
};

describe.each([
	["local disk", () => ({})],
	["S3-compatible bucket", () => s3.env],
])("the sweep of unrecorded files on the %s", (_name, env) => {
	it("keeps recorded and young files; removes unrecorded ones older than a day", async () => {
		app = await startTestApp({ env: env() });
		const { deps } = app;
		const storage = createStorage(deps.env);

		const recorded = photo();
		await storeFiles({
			env: deps.env,
			files: [recorded],
			commit: () =>
				recordFiles({ db: deps.db, kind: "chat_attachment", files: [recorded], link: {} }),
		});
		// A failed transaction takes its files with it.
		const failed = photo();
		await expect(
			storeFiles({
				env: deps.env,
				files: [failed],
				commit: async () => {
					throw new Error("the transaction failed");
				},
			}),
		).rejects.toThrow("the transaction failed");
		expect(await storage.get(failed.storageKey)).toBeNull();
		// A server that stopped between writing a file and recording it.
		const orphan = photo();
		await storage.put(orphan.storageKey, orphan.data, orphan.contentType);

		// Today, the unrecorded file may be an upload under way: it stays.
		expect(await sweepOrphanFiles({ deps })).toEqual({ checked: 2, removed: 0 });
		expect(await storage.get(orphan.storageKey)).not.toBeNull();

		// A day later it goes; the recorded file stays, and the file route still serves it.
		const later = new Date(Date.now() + ORPHAN_AGE_MS + 60_000);
		expect(await sweepOrphanFiles({ deps, now: later })).toEqual({ checked: 2, removed: 1 });
		expect(await storage.get(orphan.storageKey)).toBeNull();
		expect(String(await storage.get(recorded.storageKey))).toBe(`photo ${recorded.id}`);
		expect(await sweepOrphanFiles({ deps, now: later })).toEqual({ checked: 1, removed: 0 });
	});
});
