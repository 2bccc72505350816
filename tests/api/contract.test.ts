import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect } from "vitest";
import {
	contracts,
	contractTerms,
	customers,
	files,
	quoteRequests,
} from "../../src/server/db/schema.ts";
import { CONTRACT_MESSAGES, DEFAULT_TERMS } from "../../src/shared/contracts.ts";
import type { Account } from "../support/accounts.ts";
import { test } from "../support/app-fixture.ts";
import { approvedCustomer, SIGNATURE } from "../support/builders.ts";
import { expectError } from "../support/expect.ts";
import { read } from "../support/http-client.ts";
import type { TestApp } from "../support/test-app.ts";

/** A file's bytes as the signed-in account downloads it. */
async function download(app: TestApp, account: Account, fileId: string) {
	const res = await fetch(`${app.url}/api/files/${fileId}`, {
		headers: { cookie: account.client.cookieHeader() },
	});
	return {
		status: res.status,
		type: res.headers.get("content-type"),
		bytes: new Uint8Array(await res.arrayBuffer()),
	};
}

/** The PDF's text, read back with a PDF parser, in one string with single spaces. */
async function pdfText(bytes: Uint8Array) {
	const pdf = await getDocumentProxy(new Uint8Array(bytes));
	const { text } = await extractText(pdf, { mergePages: true });
	return text.replace(/\s+/g, " ");
}

const sha256 = (data: Uint8Array) => createHash("sha256").update(data).digest("hex");

/** The outbox's messages to `to` with their attachments, waiting for `count` of them. */
async function mailsTo(app: TestApp, to: string, count = 1) {
	const dir = path.join(app.dataDir, "outbox");
	const deadline = Date.now() + 15_000;
	for (;;) {
		const found = [];
		for (const file of fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []) {
			const mail = await simpleParser(fs.readFileSync(path.join(dir, file)));
			const recipient = Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text;
			if (recipient === to) found.push(mail);
		}
		const withPdf = found.filter((m) =>
			m.attachments.some((a) => a.contentType === "application/pdf"),
		);
		if (withPdf.length >= count || Date.now() > deadline) return withPdf;
		await new Promise((r) => setTimeout(r, 200));
	}
}

describe("contract terms", () => {
	test("version 1 is the default text; saving makes the next version and keeps the old", async ({
		app,
	}) => {
		const casey = await approvedCustomer(app);
		const owner = casey.owner;
		const first = await read(owner.client.api.owner["contract-terms"].$get());
		expect(first.status, first.text).toBe(200);
		expect(first.json.versions).toHaveLength(1);
		expect(first.json.versions[0]).toMatchObject({ version: 1, body: DEFAULT_TERMS });
		// The four points and both readings of the refund rules.
		expect(DEFAULT_TERMS).toContain("more than 14 days before installation, a full refund");
		expect(DEFAULT_TERMS).toContain("within 7 days, a refund of 50% of the deposit");

		const signed = await read(casey.client.api.contract.sign.$post({ json: SIGNATURE }));
		expect(signed.status, signed.text).toBe(200);
		expect(signed.json.contract.termsVersion).toBe(1);

		const saved = await read(
			owner.client.api.owner["contract-terms"].$post({
				json: { body: "## Our agreement\n- We light your home.\n- You enjoy it." },
			}),
		);
		expect(saved.status, saved.text).toBe(201);
		expect(saved.json.version).toBe(2);
		const list = await read(owner.client.api.owner["contract-terms"].$get());
		expect(list.json.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
		expect(list.json.versions[1].body).toBe(DEFAULT_TERMS);

		// The signed contract still points at version 1; the customer now reads version 2.
		const [row] = await app.db.select().from(contracts);
		expect(row!.termsVersion).toBe(1);
		const mine = await read(casey.client.api.contract.$get());
		expect(mine.json.terms.version).toBe(2);
		expect(mine.json.contract.termsVersion).toBe(1);

		// A version is a record: the database refuses to change it.
		await expect(
			app.db.update(contractTerms).set({ body: "changed" }).where(eq(contractTerms.version, 1)),
		).rejects.toThrow();

		// Bad input: a clear message at the field; a customer may not write terms.
		const empty = await read(
			owner.client.api.owner["contract-terms"].$post({ json: { body: "   " } }),
		);
		expectError(empty, 400, CONTRACT_MESSAGES.termsRequired);
		expect(empty.json.issues).toEqual([{ path: "body", message: CONTRACT_MESSAGES.termsRequired }]);
		expectError(
			await read(
				owner.client.api.owner["contract-terms"].$post({ json: { body: "x".repeat(40_001) } }),
			),
			400,
			CONTRACT_MESSAGES.termsTooLong,
		);
		expect(
			(await read(casey.client.api.owner["contract-terms"].$post({ json: { body: "Mine" } })))
				.status,
		).toBe(403);
		expect((await read(casey.client.api.owner["contract-terms"].$get())).status).toBe(403);
	});
});

describe("signing", () => {
	test("stores every field, sets agreed_to_services, and the PDF carries the name, version, total and hash", async ({
		app,
	}) => {
		const casey = await approvedCustomer(app, { displayName: "Casey Customer" });
		// Raw: it sends a user-agent header of its own.
		const res = await casey.client.request(
			"POST",
			"/api/contract/sign",
			{ consent: true, fullName: "  Casey Q. Customer " },
			{ "user-agent": "ContractTest/1.0" },
		);
		expect(res.status, res.text).toBe(200);
		const c = res.json.contract;
		expect(res.json.agreedToServices).toBe(true);

		const [row] = await app.db.select().from(contracts);
		expect(row).toMatchObject({
			userId: casey.userId,
			quoteRequestId: casey.quote.id,
			seasonId: c.seasonId,
			termsVersion: 1,
			signedName: "Casey Q. Customer",
			accountName: "Casey Customer",
			nameMatches: true,
			ipAddress: "127.0.0.1",
			userAgent: "ContractTest/1.0",
			lines: casey.quote.services,
			totalCents: casey.quote.totalEstimateCents,
		});
		expect(row!.signedAt).toBeInstanceOf(Date);
		expect(Math.abs(row!.signedAt.getTime() - Date.now())).toBeLessThan(60_000);
		expect(c.seasonId).toMatch(/^\d{4}-\d{2}$/);
		expect(row!.documentHash).toMatch(/^[0-9a-f]{64}$/);
		const [record] = await app.db
			.select()
			.from(customers)
			.where(eq(customers.userId, casey.userId));
		expect(record!.agreedToServices).toBe(true);
		expect((await read(casey.client.api.customer.$get())).json.customer.progressPercent).toBe(25);

		// The stored PDF is the one hashed, and it reads as the contract signed.
		const pdf = await download(app, casey, row!.pdfFileId);
		expect(pdf.status).toBe(200);
		expect(pdf.type).toBe("application/pdf");
		expect(sha256(pdf.bytes)).toBe(row!.pdfSha256);
		const [file] = await app.db.select().from(files).where(eq(files.id, row!.pdfFileId));
		expect(file).toMatchObject({
			kind: "contract",
			userId: casey.userId,
			sizeBytes: pdf.bytes.length,
		});
		const text = await pdfText(pdf.bytes);
		expect(text).toContain("Casey Q. Customer");
		expect(text).toContain("Version 1");
		expect(text).toContain("$650.00");
		expect(text).toContain(`Season ${c.seasonId}`);
		expect(text).toContain(row!.documentHash);
		expect(text).toContain("within 7 days, a 50% refund");

		// The owner reads it too; another customer gets 404; no one signed out gets it.
		expect((await download(app, casey.owner, row!.pdfFileId)).status).toBe(200);
		const other = await approvedCustomer(app, { owner: casey.owner, email: "olive@example.test" });
		expect((await download(app, other, row!.pdfFileId)).status).toBe(404);
		expect((await fetch(`${app.url}/api/files/${row!.pdfFileId}`)).status).toBe(401);
		expect((await read(other.client.api.contract.$get())).json.history).toEqual([]);

		// Both sides get the PDF by e-mail.
		const [toCustomer] = await mailsTo(app, casey.email);
		const [toBusiness] = await mailsTo(app, "hello@buckeyeholidaylights.com");
		for (const mail of [toCustomer, toBusiness]) {
			expect(mail, "a mail with the PDF").toBeTruthy();
			const attachment = mail!.attachments.find((a) => a.contentType === "application/pdf")!;
			expect(sha256(new Uint8Array(attachment.content))).toBe(row!.pdfSha256);
		}
		expect(toCustomer!.subject).toBe(`Your signed service agreement, season ${c.seasonId}`);
	});

	test("signing twice changes nothing; a name unlike the account's is kept and shown to the owner", async ({
		app,
	}) => {
		const casey = await approvedCustomer(app, { displayName: "Casey Customer" });
		const first = await read(
			casey.client.api.contract.sign.$post({ json: { consent: true, fullName: "Pat Smith" } }),
		);
		expect(first.status, first.text).toBe(200);
		expect(first.json.contract).toMatchObject({ signedName: "Pat Smith", nameMatches: false });
		const again = await read(casey.client.api.contract.sign.$post({ json: SIGNATURE }));
		expect(again.status).toBe(200);
		expect(again.json.contract).toEqual(first.json.contract);
		expect(await app.db.select().from(contracts)).toHaveLength(1);
		expect(await app.db.select().from(files).where(eq(files.kind, "contract"))).toHaveLength(1);

		const owned = await read(
			casey.owner.client.api.owner.customers[":id"].contracts.$get({
				param: { id: casey.record.id },
			}),
		);
		expect(owned.status, owned.text).toBe(200);
		expect(owned.json.contracts).toEqual([
			expect.objectContaining({
				signedName: "Pat Smith",
				accountName: "Casey Customer",
				nameMatches: false,
			}),
		]);
		expect(
			(
				await read(
					casey.client.api.owner.customers[":id"].contracts.$get({
						param: { id: casey.record.id },
					}),
				)
			).status,
		).toBe(403);
		expect(
			(
				await read(
					casey.owner.client.api.owner.customers[":id"].contracts.$get({
						param: { id: "00000000-0000-4000-8000-000000000000" },
					}),
				)
			).status,
		).toBe(404);
	});

	test("a name in another script is printed as signed; only what no font has becomes ?", async ({
		app,
	}) => {
		const olena = await approvedCustomer(app, {
			displayName: "Олена Коваленко",
			email: "olena@example.test",
		});
		const signed = await read(
			olena.client.api.contract.sign.$post({
				json: { consent: true, fullName: "Олена Ковале́нко Ζωή 李" },
			}),
		);
		expect(signed.status, signed.text).toBe(200);
		const [row] = await app.db.select().from(contracts);
		expect(row!.signedName).toBe("Олена Ковале́нко Ζωή 李");
		const pdf = await download(app, olena, row!.pdfFileId);
		expect(sha256(pdf.bytes)).toBe(row!.pdfSha256);
		const text = (await pdfText(pdf.bytes)).normalize("NFC");
		expect(text).toContain("Олена Коваленко (olena@example.test)");
		expect(text).toContain("Ковале́нко Ζωή ?".normalize("NFC"));
		expect(text).toContain("$650.00");

		// A Latin name keeps the standard fonts: nothing embedded, the file stays small.
		const casey = await approvedCustomer(app, { owner: olena.owner });
		await read(casey.client.api.contract.sign.$post({ json: SIGNATURE }));
		const [latin] = await app.db.select().from(contracts).where(eq(contracts.userId, casey.userId));
		const small = await download(app, casey, latin!.pdfFileId);
		expect(await pdfText(small.bytes)).toContain("Casey Customer");
		expect(small.bytes.length).toBeLessThan(pdf.bytes.length);
		expect(Buffer.from(small.bytes).toString("latin1")).not.toContain("FontFile2");
		expect(Buffer.from(pdf.bytes).toString("latin1")).toContain("FontFile2");
	});

	test("without consent or a name: 400 with a message per field, and nothing is signed", async ({
		app,
	}) => {
		const casey = await approvedCustomer(app);
		// Raw: fields missing, consent false and a body not JSON, which the route's types forbid.
		const none = await casey.client.post("/api/contract/sign", {});
		expect(none.status).toBe(400);
		expect(none.json.issues).toEqual(
			expect.arrayContaining([
				{ path: "consent", message: CONTRACT_MESSAGES.consentRequired },
				{ path: "fullName", message: CONTRACT_MESSAGES.nameRequired },
			]),
		);
		const noConsent = await casey.client.post("/api/contract/sign", {
			consent: false,
			fullName: "Casey Customer",
		});
		expect(noConsent.json.issues).toEqual([
			{ path: "consent", message: CONTRACT_MESSAGES.consentRequired },
		]);
		const blank = await read(
			casey.client.api.contract.sign.$post({ json: { consent: true, fullName: "   " } }),
		);
		expect(blank.json.issues).toEqual([
			{ path: "fullName", message: CONTRACT_MESSAGES.nameRequired },
		]);
		expectError(
			await read(
				casey.client.api.contract.sign.$post({
					json: { consent: true, fullName: "x".repeat(121) },
				}),
			),
			400,
			CONTRACT_MESSAGES.nameTooLong,
		);
		expect((await casey.client.post("/api/contract/sign", "not json")).status).toBe(400);
		expect(await app.db.select().from(contracts)).toHaveLength(0);
		const [record] = await app.db
			.select()
			.from(customers)
			.where(eq(customers.userId, casey.userId));
		expect(record!.agreedToServices).toBe(false);

		// Terms changed while reading: refused, so no one signs a text they did not see.
		await read(
			casey.owner.client.api.owner["contract-terms"].$post({ json: { body: "New terms" } }),
		);
		const stale = await read(
			casey.client.api.contract.sign.$post({ json: { ...SIGNATURE, termsVersion: 1 } }),
		);
		expect(stale.status).toBe(409);
		const fresh = await read(
			casey.client.api.contract.sign.$post({ json: { ...SIGNATURE, termsVersion: 2 } }),
		);
		expect(fresh.json.contract.termsVersion).toBe(2);
	});

	test("each season signs its own; last season's contract stays readable", async ({ app }) => {
		const casey = await approvedCustomer(app);
		// Last season's quote: approved a year ago.
		const lastYear = new Date(Date.now() - 365 * 86_400_000);
		await app.db
			.update(quoteRequests)
			.set({ decidedAt: lastYear })
			.where(eq(quoteRequests.id, casey.quote.id));
		const old = await read(casey.client.api.contract.sign.$post({ json: SIGNATURE }));
		expect(old.status, old.text).toBe(200);
		await read(
			casey.owner.client.api.owner["contract-terms"].$post({
				json: { body: "## This season\n- New terms" },
			}),
		);

		// This season's quote, approved now, needs its own signature on the terms now in force.
		const [next] = await app.db
			.insert(quoteRequests)
			.values({
				userId: casey.userId,
				address: "100 Market Ave N",
				services: casey.quote.services,
				totalEstimateCents: 80000,
				status: "approved",
				decidedAt: new Date(),
			})
			.returning();
		const before = await read(casey.client.api.contract.$get());
		expect(before.json.quote.id).toBe(next!.id);
		// Its install day waits for the new signature, though last season's set agreed_to_services.
		const calendar = await read(casey.client.api.bookings.$get());
		expect(calendar.json.canBook).toMatchObject({ install: false });
		expect(before.json.contract).toBeNull();
		expect(before.json.history).toHaveLength(1);
		const signed = await read(casey.client.api.contract.sign.$post({ json: SIGNATURE }));
		expect(signed.json.contract).toMatchObject({ termsVersion: 2, totalCents: 80000 });
		expect((await read(casey.client.api.bookings.$get())).json.canBook).toMatchObject({
			install: true,
		});
		expect(signed.json.contract.seasonId).not.toBe(old.json.contract.seasonId);

		const after = await read(casey.client.api.contract.$get());
		expect(after.json.history.map((c: { seasonId: string }) => c.seasonId)).toEqual([
			signed.json.contract.seasonId,
			old.json.contract.seasonId,
		]);
		expect((await download(app, casey, old.json.contract.pdfFileId)).status).toBe(200);
		const owned = await read(
			casey.owner.client.api.owner.customers[":id"].contracts.$get({
				param: { id: casey.record.id },
			}),
		);
		expect(owned.json.contracts).toHaveLength(2);
	});

	test("before approval: SPEC's 403, whatever is sent", async ({ app }) => {
		const casey = await approvedCustomer(app);
		const other = await approvedCustomer(app, { owner: casey.owner, email: "x@example.test" });
		await app.db
			.update(quoteRequests)
			.set({ status: "rejected" })
			.where(eq(quoteRequests.userId, other.userId));
		app.readCache.clear();
		// Raw: "whatever is sent", an empty body the route's types forbid.
		expectError(
			await other.client.post("/api/contract/sign", {}),
			403,
			"This is available after your quote has been approved",
		);
	});
});
