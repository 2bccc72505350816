import { count } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { files } from "../../src/server/db/schema.ts";
import { ownerAndCustomer } from "../support/accounts.ts";
import { expectError } from "../support/expect.ts";
import { png } from "../support/images.ts";
import { type S3Server, startS3Server } from "../support/s3-server.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/** A bucket that stops answering: uploads and downloads say "try again", and nothing is half-kept. */
let s3: S3Server;
let app: TestApp | undefined;
beforeAll(async () => {
	s3 = await startS3Server({ bucket: "holiday-lights-down" });
});
afterEach(() => app?.close());
afterAll(() => s3?.close());

const photoForm = async () => {
	const form = new FormData();
	form.append("data", "{}");
	form.append("file", new Blob([new Uint8Array(await png("#c00", 40, 30))]), "roof.png");
	return form;
};

describe("files while the bucket is down", () => {
	it("answers 503 with a clear message, records no file, and works again once the bucket is back", async () => {
		app = await startTestApp({ env: s3.env });
		const { owner, customer } = await ownerAndCustomer(app);
		const sent = await customer.client.post("/api/chat/attachments", await photoForm());
		expect(sent.status, sent.text).toBe(201);
		const fileUrl = `/api/files/${sent.json.message.file.id}`;
		expect((await owner.client.get(fileUrl)).status).toBe(200);

		await s3.stop();
		try {
			const upload = await customer.client.post("/api/chat/attachments", await photoForm());
			expectError(upload, 503);
			expect(upload.json.error).toMatch(/couldn't save your files just now\. Please try again/);
			const download = await owner.client.get(fileUrl);
			expectError(download, 503);
			expect(download.json.error).toMatch(/couldn't load this file just now/);
			const [row] = await app.db.select({ n: count() }).from(files);
			expect(Number(row!.n)).toBe(1);
		} finally {
			await s3.start();
		}
		expect((await owner.client.get(fileUrl)).status).toBe(200);
		const again = await customer.client.post("/api/chat/attachments", await photoForm());
		expect(again.status, again.text).toBe(201);
	}, 60_000);
});
