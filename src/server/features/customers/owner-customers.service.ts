import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import {
	CUSTOMER_MESSAGES,
	type CustomerDetail,
	type createCustomerSchema,
	PROGRESS_FLAGS,
	progressPercent,
	type progressUpdateSchema,
	type updateCustomerSchema,
} from "../../../shared/customers.ts";
import { AMOUNT_TOO_HIGH, formatCents, MAX_AMOUNT_CENTS } from "../../../shared/money.ts";
import { PAYMENT_MESSAGES } from "../../../shared/payments.ts";
import { priceAdjustments } from "../../../shared/price-adjustments.ts";
import type { QuoteLine } from "../../../shared/quotes.ts";
import type { z } from "../../../shared/zod.ts";
import type { Deps } from "../../app-env.ts";
import type { Executor } from "../../db/database.ts";
import {
	accounts,
	bills,
	customers,
	files,
	profiles,
	quoteRequests,
	serviceRequests,
	users,
} from "../../db/schema.ts";
import { type Actor, assertOwner } from "../../lib/actor.ts";
import { activateCustomer } from "../../lib/customer-approval.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { createQuoteBill } from "../bills/bills.service.ts";
import { customerWelcomeEmail } from "../email/templates.ts";
import { recordFiles, storeFiles } from "../files/files.service.ts";
import { chargeNewCustomer } from "../payments/new-customer-charge.service.ts";
import { prepareQuoteRequest } from "../quotes/quote-submission.service.ts";
import { getBusinessProfile } from "../settings/settings.service.ts";

type CreateCustomerInput = z.output<typeof createCustomerSchema>;

/** PostgreSQL's unique_violation, as node-postgres and PGlite report it (drizzle may wrap it). */
function isUniqueViolation(error: unknown): boolean {
	for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as never) {
		if (e.code === "23505") return true;
	}
	return false;
}

/**
 * Add Customer: in one transaction the login (better-auth's user and credential account, the
 * password hashed as better-auth hashes it), the profile (customer, active), the customer record,
 * an approved quote at the owner's prices (its total is their sum; the instant quote is kept
 * beside it as advice), its pending bill, the photos and the welcome e-mail. Anything failing
 * leaves nothing, photo files included. A second request for the same e-mail, even at the same
 * moment, is refused with 409: the unique e-mail of `users` decides.
 */
export async function createCustomer(options: {
	deps: Deps;
	actor: Actor;
	input: CreateCustomerInput;
	photos: readonly File[];
}) {
	const { deps, actor, input } = options;
	assertOwner(actor);
	const email = input.email;
	// The owner's prices make the bill: refused before any photo is read when they total too much.
	const ownerTotal = input.services.reduce((sum, s) => sum + s.unitPriceCents * s.quantity, 0);
	if (ownerTotal > MAX_AMOUNT_CENTS) throw badRequest(AMOUNT_TOO_HIGH);
	if (await emailInUse(deps.db, email)) throw conflict(CUSTOMER_MESSAGES.emailInUse);

	const auth = await deps.auth.$context;
	const userId = auth.generateId({ model: "user" }) || randomUUID();
	const quoteId = randomUUID();
	const { estimate, lines, stored } = await prepareQuoteRequest({
		deps,
		id: quoteId,
		folder: `quote-photos/app/${userId}/${quoteId}`,
		services: input.services,
		city: input.city,
		state: input.state,
		photos: options.photos,
	});
	const price = new Map(input.services.map((s) => [s.serviceId, s.unitPriceCents]));
	const pricedLines: QuoteLine[] = lines.map((l) => ({
		...l,
		unitPriceCents: price.get(l.serviceId) ?? l.unitPriceCents,
	}));
	const totalCents = pricedLines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
	const passwordHash = await auth.password.hash(input.password);

	const createRecords = () =>
		storeFiles({
			env: deps.env,
			files: stored,
			commit: () =>
				deps.events.transaction(async (tx) => {
					// The owner knows this customer and their address: no confirmation link to follow.
					await tx
						.insert(users)
						.values({ id: userId, name: input.name, email, emailVerified: true });
					await tx.insert(accounts).values({
						id: auth.generateId({ model: "account" }) || randomUUID(),
						userId,
						accountId: userId,
						providerId: "credential",
						password: passwordHash,
					});
					await tx.insert(profiles).values({
						userId,
						displayName: input.name,
						phone: input.phone,
						role: "customer",
						view: "customer",
					});
					const record = await activateCustomer({
						db: tx,
						events: deps.events,
						userId,
						details: input,
					});
					await tx.update(customers).set({ notes: input.notes }).where(eq(customers.id, record.id));
					await tx.insert(quoteRequests).values({
						id: quoteId,
						userId,
						status: "approved",
						address: input.address,
						city: input.city,
						state: input.state,
						zipCode: input.zipCode,
						phone: input.phone,
						services: pricedLines,
						totalEstimateCents: totalCents,
						notes: input.notes,
						aiQuote: estimate,
						decidedBy: actor.id,
						decidedAt: sql`now()`,
					});
					await recordFiles({
						db: tx,
						kind: "quote_photo",
						files: stored,
						link: { quoteRequestId: quoteId, userId },
						uploadedBy: actor.id,
					});
					const billId = await createQuoteBill({
						db: tx,
						events: deps.events,
						userId,
						quoteRequestId: quoteId,
						amountCents: totalCents,
					});
					const business = await getBusinessProfile({ db: tx });
					await deps.mailer.enqueue(
						customerWelcomeEmail({
							to: email,
							name: input.name,
							amountCents: totalCents,
							url: `${deps.env.APP_URL}/auth`,
							business,
						}),
						tx,
					);
					await deps.events.publish(tx, { kind: "quote.changed", quoteId, userId });
					await deps.events.publish(tx, { kind: "customer.changed", userId });
					return {
						id: record.id,
						idNumber: record.idNumber,
						userId,
						quoteId,
						billId,
						totalCents,
						message: CUSTOMER_MESSAGES.created,
					};
				}),
		});
	let created: Awaited<ReturnType<typeof createRecords>>;
	try {
		created = await createRecords();
	} catch (error) {
		if (isUniqueViolation(error)) throw conflict(CUSTOMER_MESSAGES.emailInUse);
		throw error;
	}
	if (!input.payment) return created;
	const charge = await chargeNewCustomer({
		deps,
		actor,
		billId: created.billId,
		userId,
		payment: input.payment,
	});
	return charge.kind === "paid"
		? {
				...created,
				message: `${created.message} ${PAYMENT_MESSAGES.paymentResultSuccess(formatCents(charge.amountCents))}`,
				paymentResult: { success: true as const },
			}
		: {
				...created,
				message: `${created.message} ${PAYMENT_MESSAGES.paymentResultFailed(charge.message)}`,
				paymentResult: { success: false as const, error: charge.message },
			};
}

async function emailInUse(db: Executor, email: string, exceptCustomerId?: string) {
	const [login] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
	if (login) {
		if (!exceptCustomerId) return true;
		const [own] = await db
			.select({ id: customers.id })
			.from(customers)
			.where(and(eq(customers.id, exceptCustomerId), eq(customers.userId, login.id)));
		return !own;
	}
	return false;
}

/** The customer record by id, or 404 "Customer not found". */
export async function findCustomer(db: Executor, id: string) {
	const [row] = await db.select().from(customers).where(eq(customers.id, id));
	if (!row) throw notFound(CUSTOMER_MESSAGES.notFound);
	return row;
}

/** Everything the owner's customer page shows, in a handful of indexed reads. */
export async function getCustomerDetail(options: {
	db: Executor;
	actor: Actor;
	id: string;
}): Promise<CustomerDetail> {
	const { db, actor, id } = options;
	assertOwner(actor);
	const c = await findCustomer(db, id);
	const userId = c.userId;
	const customer = {
		id: c.id,
		idNumber: c.idNumber,
		userId,
		name: c.name,
		email: c.email,
		phone: c.phone,
		address: c.address,
		city: c.city,
		state: c.state,
		zipCode: c.zipCode,
		status: c.status,
		serviceType: c.serviceType,
		notes: c.notes,
		imageFileId: c.imageFileId,
		agreedToServices: c.agreedToServices,
		paidInvoice: c.paidInvoice,
		installCompleted: c.installCompleted,
		takedownCompleted: c.takedownCompleted,
		progressPercent: progressPercent(c),
		createdAt: c.createdAt.toISOString(),
	};
	if (!userId)
		return { customer, bills: [], quotes: [], serviceRequests: [], installationMedia: [] };

	const [billRows, quoteRows, requestRows, mediaRows] = await Promise.all([
		db
			.select()
			.from(bills)
			.where(eq(bills.userId, userId))
			.orderBy(desc(bills.status), desc(bills.createdAt)),
		db
			.select()
			.from(quoteRequests)
			.where(eq(quoteRequests.userId, userId))
			.orderBy(desc(quoteRequests.createdAt)),
		db
			.select()
			.from(serviceRequests)
			.where(eq(serviceRequests.userId, userId))
			.orderBy(desc(serviceRequests.createdAt)),
		installationMediaOf(db, userId),
	]);
	const photos = quoteRows.length
		? await db
				.select({ id: files.id, quoteRequestId: files.quoteRequestId })
				.from(files)
				.where(
					inArray(
						files.quoteRequestId,
						quoteRows.map((q) => q.id),
					),
				)
				.orderBy(files.createdAt)
		: [];
	return {
		customer,
		bills: billRows.map((b) => ({
			id: b.id,
			description: b.description,
			amountCents: b.amountCents,
			dueDate: b.dueDate,
			status: b.status,
			paidAt: b.paidAt?.toISOString() ?? null,
			paymentMethod: b.paymentMethod,
			seasonId: b.seasonId,
			createdAt: b.createdAt.toISOString(),
		})),
		quotes: quoteRows.map((q) => ({
			id: q.id,
			status: q.status,
			address: q.address,
			city: q.city,
			services: q.services,
			totalEstimateCents: q.totalEstimateCents,
			revisedPriceCents: q.revisedPriceCents,
			adjustments: priceAdjustments(q),
			notes: q.notes,
			photoIds: photos.filter((p) => p.quoteRequestId === q.id).map((p) => p.id),
			createdAt: q.createdAt.toISOString(),
		})),
		serviceRequests: requestRows.map((r) => ({
			id: r.id,
			requestType: r.requestType,
			details: r.details,
			priority: r.priority,
			requestedColorScheme: r.requestedColorScheme,
			status: r.status,
			createdAt: r.createdAt.toISOString(),
		})),
		installationMedia: mediaRows,
	};
}

/** The signed-in customer's own installation photos, oldest first. */
export async function listInstallationMedia(options: { db: Executor; actor: Actor }) {
	return installationMediaOf(options.db, options.actor.id);
}

/** A login's installation photos, oldest first. */
async function installationMediaOf(db: Executor, userId: string) {
	const rows = await db
		.select({ id: files.id, fileName: files.fileName, createdAt: files.createdAt })
		.from(files)
		.where(and(eq(files.userId, userId), eq(files.kind, "installation_media")))
		.orderBy(files.createdAt, files.id);
	return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/**
 * The owner edits a customer's record (contact details, status, service type, notes). The record's
 * e-mail is where the business writes to; the login's e-mail stays the customer's own, but an
 * address another account signs in with is refused.
 */
export async function updateCustomer(options: {
	deps: Pick<Deps, "db" | "events">;
	actor: Actor;
	id: string;
	input: z.output<typeof updateCustomerSchema>;
}) {
	const { deps, actor, id, input } = options;
	assertOwner(actor);
	const current = await findCustomer(deps.db, id);
	if (input.email && input.email !== current.email && (await emailInUse(deps.db, input.email, id)))
		throw conflict(CUSTOMER_MESSAGES.emailInUse);
	await deps.events.transaction(async (tx) => {
		await tx
			.update(customers)
			.set({ ...input, updatedAt: sql`now()` })
			.where(eq(customers.id, id));
		// One phone number per customer: the one their Profile shows is the record's too.
		if (input.phone !== undefined && current.userId) {
			await tx
				.update(profiles)
				.set({ phone: input.phone, updatedAt: sql`now()` })
				.where(eq(profiles.userId, current.userId));
			await deps.events.publish(tx, { kind: "profile.changed", userId: current.userId });
		}
		await publishCustomerChange(deps, tx, current);
	});
	return { message: CUSTOMER_MESSAGES.updated };
}

/** The owner ticks or clears project milestones; the others stay as they are. */
export async function updateProgress(options: {
	deps: Pick<Deps, "db" | "events">;
	actor: Actor;
	id: string;
	input: z.output<typeof progressUpdateSchema>;
}) {
	const { deps, actor, id, input } = options;
	assertOwner(actor);
	return deps.events.transaction(async (tx) => {
		const [row] = await tx
			.update(customers)
			.set({ ...input, updatedAt: sql`now()` })
			.where(eq(customers.id, id))
			.returning();
		if (!row) throw notFound(CUSTOMER_MESSAGES.notFound);
		await publishCustomerChange(deps, tx, row);
		const flags = Object.fromEntries(PROGRESS_FLAGS.map((f) => [f, row[f]])) as Record<
			(typeof PROGRESS_FLAGS)[number],
			boolean
		>;
		return { ...flags, progressPercent: progressPercent(flags) };
	});
}

/**
 * `customer.changed` for a record: its customer's answers and the owner's. A record whose login
 * was deleted has no customer to tell: only the owner's answers change.
 */
export async function publishCustomerChange(
	deps: Pick<Deps, "events">,
	tx: Executor,
	record: { id: string; userId: string | null },
) {
	if (record.userId)
		await deps.events.publish(tx, { kind: "customer.changed", userId: record.userId });
	else await deps.events.publish(tx, { kind: "customer.record.changed", customerId: record.id });
}
