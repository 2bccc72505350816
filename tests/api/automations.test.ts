import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import {
	automationSends,
	bookings,
	emailOutbox,
	quoteRequests,
} from "../../src/server/db/schema.ts";
import { scheduledJobs } from "../../src/server/features/automations/jobs.ts";
import { sendDueReminders } from "../../src/server/features/automations/reminders.service.ts";
import { runDueJobs } from "../../src/server/features/automations/scheduler.ts";
import { type Account, ownerAndCustomer, signedInCustomer } from "../support/accounts.ts";
import { test } from "../support/app-fixture.ts";
import { appQuote, approvedCustomer, bill } from "../support/builders.ts";
import { read } from "../support/http-client.ts";
import { waitForMail } from "../support/outbox.ts";
import type { TestApp } from "../support/test-app.ts";

/**
 * Automated reminders, on PGlite (and PostgreSQL with TEST_DATABASE_URL), run as of chosen
 * instants. Summer time ends on Sunday, November 1, 2026: 10 AM in Canton is 14:00 UTC before
 * that day and 15:00 UTC from it.
 */
const at = (iso: string) => new Date(iso);
const SEPT_1 = at("2026-09-01T16:00:00Z");

/** The reminders queued to `to`, oldest first (the outbox keeps subjects once sent). */
const mailTo = async (app: TestApp, to: string) =>
	(
		await app.db
			.select({ subject: emailOutbox.subject })
			.from(emailOutbox)
			.where(eq(emailOutbox.toAddress, to))
			.orderBy(emailOutbox.id)
	).filter((m) => m.subject.startsWith("Reminder") || m.subject.includes("bill"));

async function primeWindow(owner: Account) {
	const res = await read(owner.client.api.owner.season.windows.$get());
	expect(res.status, res.text).toBe(200);
	const prime = res.json.windows.find(
		(w: { name: string; seasonId: string }) => w.name === "Prime" && w.seasonId === "2026-27",
	);
	expect(prime).toBeTruthy();
	return prime.id as string;
}

describe("install and takedown reminders", () => {
	test("a booked install gets one reminder two days before, from 10 AM business time; a cancelled one none; a moved one one for its new day", async ({
		app,
	}) => {
		app.deps.clock.now = () => SEPT_1;
		const first = await approvedCustomer(app, { email: "casey@example.test" });
		const owner = first.owner;
		const second = await approvedCustomer(app, { owner, email: "robin@example.test" });
		const third = await approvedCustomer(app, { owner, email: "sam@example.test" });
		const prime = await primeWindow(owner);
		const book = async (customerId: string, day: string) => {
			const res = await read(
				owner.client.api.owner.bookings.$post({ json: { customerId, windowId: prime, day } }),
			);
			expect(res.status, res.text).toBe(201);
			return res.json.id as string;
		};
		// Tuesday, November 3: the first working day after the change of time.
		const casey = await book(first.record.id, "2026-11-03");
		const robin = await book(second.record.id, "2026-11-03");
		await book(third.record.id, "2026-11-05");
		const cancelled = await read(
			owner.client.api.owner.bookings[":id"].cancel.$post({ param: { id: robin } }),
		);
		expect(cancelled.status, cancelled.text).toBe(200);

		// Sunday, November 1 (standard time from 2 AM): 9:59 AM is too early, 10:00 AM is the time.
		expect(await sendDueReminders(app.deps, at("2026-11-01T14:59:00Z"))).toBe(0);
		expect(await sendDueReminders(app.deps, at("2026-11-01T15:00:00Z"))).toBe(1);
		// Again, and again from a second sweep at the same moment: nothing more.
		expect(
			await Promise.all([
				sendDueReminders(app.deps, at("2026-11-01T15:15:00Z")),
				sendDueReminders(app.deps, at("2026-11-01T15:15:00Z")),
			]),
		).toEqual([0, 0]);
		// After 9 PM nothing goes, whatever is due.
		expect(await sendDueReminders(app.deps, at("2026-11-03T02:30:00Z"))).toBe(0);

		const caseyMail = await mailTo(app, "casey@example.test");
		expect(caseyMail.map((m) => m.subject)).toEqual([
			"Reminder: your install is on Tuesday, November 3",
		]);
		const delivered = await waitForMail(app.dataDir, "casey@example.test", {
			containing: "Our crew comes for your install on Tuesday, November 3",
		});
		expect(delivered.subject).toBe("Reminder: your install is on Tuesday, November 3");
		expect(await mailTo(app, "robin@example.test")).toEqual([]);

		// Moved to Thursday the 5th: a reminder for the new day, with Sam's, on Tuesday.
		const moved = await read(
			owner.client.api.owner.bookings[":id"].move.$post({
				param: { id: casey },
				json: { day: "2026-11-05" },
			}),
		);
		expect(moved.status, moved.text).toBe(200);
		expect(await sendDueReminders(app.deps, at("2026-11-03T15:00:00Z"))).toBe(2);
		expect((await mailTo(app, "casey@example.test")).map((m) => m.subject)).toEqual([
			"Reminder: your install is on Tuesday, November 3",
			"Reminder: your install is on Thursday, November 5",
		]);
		expect((await mailTo(app, "sam@example.test")).length).toBe(1);
		const ledger = await app.db
			.select({ occurrence: automationSends.occurrence })
			.from(automationSends)
			.where(eq(automationSends.subjectId, casey))
			.orderBy(automationSends.id);
		expect(ledger).toEqual([{ occurrence: "2026-11-03" }, { occurrence: "2026-11-05" }]);
	});
});

describe("bill reminders and the owner's switches", () => {
	test("due in 3 days, overdue 7 and 14 days: each once, none for a paid bill or a switched-off reminder; the owner sees what went", async ({
		app,
	}) => {
		const asOf = at("2026-12-10T16:00:00Z"); // 11 AM, Thursday, December 10
		app.deps.clock.now = () => asOf;
		const customer = await approvedCustomer(app, { email: "pat@example.test" });
		const { owner } = customer;
		// The approval's own bill is due in 30 days: not yet.
		await bill(app, { userId: customer.userId, dueDate: "2026-12-12", amountCents: 12_500 });
		await bill(app, { userId: customer.userId, dueDate: "2026-12-03", amountCents: 7_000 });
		await bill(app, { userId: customer.userId, dueDate: "2026-11-20", amountCents: 9_900 });
		await bill(app, {
			userId: customer.userId,
			dueDate: "2026-12-11",
			amountCents: 4_000,
			status: "paid",
		});

		const off = await read(
			owner.client.api.owner.automations.$patch({ json: { bill_overdue_14: false } }),
		);
		expect(off.status, off.text).toBe(200);
		expect(off.json.switches).toMatchObject({ bill_due: true, bill_overdue_14: false });
		// A kind there is not (the types forbid it).
		const refused = await owner.client.request("PATCH", "/api/owner/automations", {
			nightly_spam: true,
		});
		expect(refused.status).toBe(400);
		const asCustomer = await read(customer.client.api.owner.automations.$get());
		expect(asCustomer.status).toBe(403);

		// The scheduler runs each job once for this tick, however many ask at once.
		const jobs = scheduledJobs(app.deps);
		const ran = await Promise.all([
			runDueJobs(app.deps, jobs, asOf),
			runDueJobs(app.deps, jobs, asOf),
		]);
		expect(ran.flat().sort()).toEqual(jobs.map((j) => j.name).sort());
		expect(jobs.map((j) => j.name)).toContain("reminders");
		expect(await runDueJobs(app.deps, jobs, at("2026-12-10T16:10:00Z"))).toEqual([]);

		const subjects = (await mailTo(app, "pat@example.test")).map((m) => m.subject);
		expect(subjects.sort()).toEqual([
			"Your bill of $125.00 is due on Dec 12, 2026",
			"Your bill of $70.00 is 7 days overdue",
		]);
		// Switched on again, the 14-day notice goes at the next sweep, once.
		await read(owner.client.api.owner.automations.$patch({ json: { bill_overdue_14: true } }));
		expect(await runDueJobs(app.deps, jobs, at("2026-12-10T16:15:00Z"))).toEqual(["reminders"]);
		expect(await sendDueReminders(app.deps, at("2026-12-10T17:00:00Z"))).toBe(0);
		// The owner's list, newest first, once the mail server has taken them.
		await expect
			.poll(async () => {
				const recent = await read(owner.client.api.owner.automations.$get());
				expect(recent.status, recent.text).toBe(200);
				return recent.json.recent.map((r: { kind: string; to: string; status: string }) => [
					r.kind,
					r.to,
					r.status,
				]);
			})
			.toEqual([
				["bill_overdue_14", "pat@example.test", "sent"],
				["bill_overdue_7", "pat@example.test", "sent"],
				["bill_due", "pat@example.test", "sent"],
			]);
	});
});

describe("quote follow-ups and review requests", () => {
	test("a revised quote left unanswered is followed up on the third and sixth days, never a third time; an answered one not at all", async ({
		app,
	}) => {
		const { owner, customer } = await ownerAndCustomer(app);
		// Sent Tuesday, November 10, at 9 AM in Canton.
		const sent = at("2026-11-10T14:00:00Z");
		const waiting = await appQuote(app, {
			userId: customer.userId,
			status: "revised",
			revisedPriceCents: 72_500,
			decidedAt: sent,
		});
		const other = await signedInCustomer(app, { email: "robin@example.test" });
		await appQuote(app, {
			userId: other.userId,
			status: "approved",
			decidedAt: sent,
		});
		const followUps = async () =>
			(
				await app.db
					.select({ subject: emailOutbox.subject, to: emailOutbox.toAddress })
					.from(emailOutbox)
					.orderBy(emailOutbox.id)
			).filter((m) => m.subject.startsWith("Your holiday lighting quote is waiting"));

		expect(await sendDueReminders(app.deps, at("2026-11-12T16:00:00Z"))).toBe(0);
		expect(await sendDueReminders(app.deps, at("2026-11-13T16:00:00Z"))).toBe(1);
		expect(await sendDueReminders(app.deps, at("2026-11-13T20:00:00Z"))).toBe(0);
		expect(await sendDueReminders(app.deps, at("2026-11-16T16:00:00Z"))).toBe(1);
		expect(await sendDueReminders(app.deps, at("2026-11-19T16:00:00Z"))).toBe(0);
		expect(await followUps()).toEqual([
			{ subject: "Your holiday lighting quote is waiting for you", to: customer.email },
			{ subject: "Your holiday lighting quote is waiting for you", to: customer.email },
		]);
		const delivered = await waitForMail(app.dataDir, customer.email, {
			containing: "We sent you a revised quote of $725.00",
		});
		expect(delivered.subject).toBe("Your holiday lighting quote is waiting for you");
		const ledger = await app.db
			.select({ occurrence: automationSends.occurrence })
			.from(automationSends)
			.where(eq(automationSends.subjectId, waiting.id))
			.orderBy(automationSends.id);
		expect(ledger).toEqual([{ occurrence: "2026-11-10 #1" }, { occurrence: "2026-11-10 #2" }]);

		// Revised again on the 20th: followed up again; answered before the third day: not.
		await app.db
			.update(quoteRequests)
			.set({ decidedAt: at("2026-11-20T15:00:00Z") })
			.where(eq(quoteRequests.id, waiting.id));
		expect(await sendDueReminders(app.deps, at("2026-11-23T16:00:00Z"))).toBe(1);
		const approved = await read(
			owner.client.api.owner.quotes[":source"][":id"].approve.$post({
				param: { source: "app", id: waiting.id },
				json: {},
			}),
		);
		expect(approved.status, approved.text).toBe(200);
		expect(await sendDueReminders(app.deps, at("2026-11-26T16:00:00Z"))).toBe(0);
		expect(await followUps()).toHaveLength(3);
	});

	test("a review request two days after the install, once, only with a review link and the switch on", async ({
		app,
	}) => {
		app.deps.clock.now = () => SEPT_1;
		const casey = await approvedCustomer(app, { email: "casey@example.test" });
		const owner = casey.owner;
		const robin = await approvedCustomer(app, { owner, email: "robin@example.test" });
		const prime = await primeWindow(owner);
		const installed = async (customerId: string, day: string) => {
			const booked = await read(
				owner.client.api.owner.bookings.$post({ json: { customerId, windowId: prime, day } }),
			);
			expect(booked.status, booked.text).toBe(201);
			const done = await read(
				owner.client.api.owner.bookings[":id"].done.$post({ param: { id: booked.json.id } }),
			);
			expect(done.status, done.text).toBe(200);
			// Marked done at 4 PM on the install day.
			await app.db
				.update(bookings)
				.set({ updatedAt: at(`${day}T21:00:00Z`) })
				.where(eq(bookings.id, booked.json.id));
			return booked.json.id as string;
		};
		const caseyInstall = await installed(casey.record.id, "2026-11-04");
		const requests = async () =>
			(
				await app.db
					.select({ to: emailOutbox.toAddress, subject: emailOutbox.subject })
					.from(emailOutbox)
					.orderBy(emailOutbox.id)
			).filter((m) => m.subject.startsWith("How do your lights look?"));

		// No review link yet: nothing goes, and the card says so.
		expect(await sendDueReminders(app.deps, at("2026-11-06T16:00:00Z"))).toBe(0);
		const before = await read(owner.client.api.owner.automations.$get());
		expect(before.json.reviewUrl).toBeNull();
		const bad = await read(
			owner.client.api.owner.automations.$patch({ json: { reviewUrl: "not a link" } }),
		);
		expect(bad.status).toBe(400);
		expect(bad.text).toContain("Enter a web address starting with https://");
		expect((await read(owner.client.api.owner.automations.$get())).json.reviewUrl).toBeNull();
		const saved = await read(
			owner.client.api.owner.automations.$patch({
				json: { reviewUrl: " https://g.page/r/buckeye-lights/review " },
			}),
		);
		expect(saved.status, saved.text).toBe(200);
		expect(saved.json.reviewUrl).toBe("https://g.page/r/buckeye-lights/review");
		expect(
			(
				await read(
					casey.client.api.owner.automations.$patch({ json: { reviewUrl: "https://evil.test" } }),
				)
			).status,
		).toBe(403);

		// One day after: not yet; two days after: once, however often the sweep runs.
		expect(await sendDueReminders(app.deps, at("2026-11-05T16:00:00Z"))).toBe(0);
		expect(await sendDueReminders(app.deps, at("2026-11-06T16:00:00Z"))).toBe(1);
		expect(await sendDueReminders(app.deps, at("2026-11-07T16:00:00Z"))).toBe(0);
		expect(await requests()).toEqual([
			{
				to: "casey@example.test",
				subject: "How do your lights look? A minute for Buckeye Holiday Lights",
			},
		]);
		const mail = await waitForMail(app.dataDir, "casey@example.test", {
			containing: "https://g.page/r/buckeye-lights/review",
		});
		expect(mail.subject).toContain("How do your lights look?");
		const [sent] = await app.db
			.select({ occurrence: automationSends.occurrence })
			.from(automationSends)
			.where(eq(automationSends.subjectId, caseyInstall));
		expect(sent).toEqual({ occurrence: "2026-11-04" });

		// Switched off: Robin's install gets none.
		await read(owner.client.api.owner.automations.$patch({ json: { review_request: false } }));
		await installed(robin.record.id, "2026-11-09");
		expect(await sendDueReminders(app.deps, at("2026-11-11T16:00:00Z"))).toBe(0);
		expect(await requests()).toHaveLength(1);
	});
});
