import { randomUUID } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { seasonOf } from "../../../shared/bookings.ts";
import {
	CONTRACT_MESSAGES,
	type Contract,
	DEFAULT_TERMS,
	type MyContract,
	namesResemble,
	type SignContractInput,
	type TermsVersion,
} from "../../../shared/contracts.ts";
import { businessDate } from "../../../shared/dates.ts";
import type { Deps } from "../../app-env.ts";
import type { Executor } from "../../db/database.ts";
import {
	contracts,
	contractTerms,
	customers,
	profiles,
	quoteRequests,
	users,
} from "../../db/schema.ts";
import { type Actor, assertOwner } from "../../lib/actor.ts";
import { requireApprovedQuote } from "../../lib/customer-approval.ts";
import { AppError, conflict, notFound } from "../../lib/errors.ts";
import {
	contractSignedBusinessEmail,
	contractSignedCustomerEmail,
	recipientName,
} from "../email/templates.ts";
import { recordFiles, storeFiles } from "../files/files.service.ts";
import { getCachedBusinessProfile } from "../settings/settings.service.ts";
import {
	contractPdf,
	documentHash,
	documentText,
	fileHash,
	type SignedDocument,
} from "./contract-document.ts";

const toTerms = (row: typeof contractTerms.$inferSelect): TermsVersion => ({
	version: row.version,
	body: row.body,
	createdAt: row.createdAt.toISOString(),
});

/** The terms in force: the newest version; version 1 (the default text) is made the first time. */
async function currentTerms(db: Executor) {
	const newest = () =>
		db.select().from(contractTerms).orderBy(desc(contractTerms.version)).limit(1);
	let [row] = await newest();
	if (!row) {
		await db
			.insert(contractTerms)
			.values({ version: 1, body: DEFAULT_TERMS })
			.onConflictDoNothing();
		[row] = await newest();
	}
	return row!;
}

/** Every version, newest first (the owner's list). */
export async function listTerms(options: { db: Executor; actor: Actor }) {
	assertOwner(options.actor);
	await currentTerms(options.db);
	const rows = await options.db.select().from(contractTerms).orderBy(desc(contractTerms.version));
	return { versions: rows.map(toTerms) };
}

/** Saving the terms makes the next version; the ones before stay as they were. */
export async function saveTerms(options: {
	deps: Pick<Deps, "db" | "events">;
	actor: Actor;
	body: string;
}): Promise<TermsVersion> {
	assertOwner(options.actor);
	const { deps, actor } = options;
	const current = await currentTerms(deps.db);
	try {
		const [row] = await deps.db
			.insert(contractTerms)
			.values({ version: current.version + 1, body: options.body, createdBy: actor.id })
			.returning();
		await deps.events.publish(deps.db, { kind: "settings.changed" });
		return toTerms(row!);
	} catch (error) {
		// Two owners saving at once: the second would have numbered its version the same.
		if ((error as { code?: string }).code === "23505" || String(error).includes("23505"))
			throw conflict("The terms were just saved by someone else: reload them and save again");
		throw error;
	}
}

const contractColumns = {
	id: contracts.id,
	seasonId: contracts.seasonId,
	termsVersion: contracts.termsVersion,
	signedName: contracts.signedName,
	accountName: contracts.accountName,
	nameMatches: contracts.nameMatches,
	signedAt: contracts.signedAt,
	ipAddress: contracts.ipAddress,
	userAgent: contracts.userAgent,
	lines: contracts.lines,
	totalCents: contracts.totalCents,
	documentHash: contracts.documentHash,
	pdfSha256: contracts.pdfSha256,
	pdfFileId: contracts.pdfFileId,
};
type ContractRow = { [K in keyof typeof contractColumns]: (typeof contracts.$inferSelect)[K] };
const toContract = (r: ContractRow): Contract => ({ ...r, signedAt: r.signedAt.toISOString() });

/** A login's contracts, the newest season first ("2026-27" sorts after "2025-26"). */
async function contractsOf(db: Executor, userId: string): Promise<Contract[]> {
	const rows = await db
		.select(contractColumns)
		.from(contracts)
		.where(eq(contracts.userId, userId))
		.orderBy(desc(contracts.seasonId), desc(contracts.signedAt), desc(contracts.id));
	return rows.map(toContract);
}

/** The season a quote belongs to: the one its approval fell in (August 1 to July 31). */
export const quoteSeason = (q: { decidedAt: Date | null; updatedAt: Date }) =>
	seasonOf(businessDate(q.decidedAt ?? q.updatedAt));

/** The login's newest approved quote: the one a signature is for. */
async function latestApprovedQuote(db: Executor, userId: string, lock = false) {
	const query = db
		.select()
		.from(quoteRequests)
		.where(and(eq(quoteRequests.userId, userId), eq(quoteRequests.status, "approved")))
		.orderBy(
			sql`${quoteRequests.decidedAt} desc nulls last`,
			desc(quoteRequests.createdAt),
			desc(quoteRequests.id),
		)
		.limit(1);
	const [row] = lock ? await query.for("update") : await query;
	return row ?? null;
}

const quoteTotal = (q: typeof quoteRequests.$inferSelect) =>
	q.revisedPriceCents ?? q.totalEstimateCents;

/** The approved-quote card: the current terms, the quote to sign for, its contract once signed. */
export async function getMyContract(options: { db: Executor; actor: Actor }): Promise<MyContract> {
	const { db, actor } = options;
	const [terms, quote, history] = await Promise.all([
		currentTerms(db),
		latestApprovedQuote(db, actor.id),
		contractsOf(db, actor.id),
	]);
	const signed = quote
		? await db
				.select({ id: contracts.id })
				.from(contracts)
				.where(eq(contracts.quoteRequestId, quote.id))
		: [];
	return {
		terms: toTerms(terms),
		quote: quote
			? {
					id: quote.id,
					seasonId: quoteSeason(quote),
					lines: quote.services,
					totalCents: quoteTotal(quote),
				}
			: null,
		contract: history.find((c) => c.id === signed[0]?.id) ?? null,
		history,
	};
}

/** The owner's view of one customer's contracts, newest first; 404 for no such customer. */
export async function listCustomerContracts(options: {
	db: Executor;
	actor: Actor;
	customerId: string;
}) {
	assertOwner(options.actor);
	const [customer] = await options.db
		.select({ userId: customers.userId })
		.from(customers)
		.where(eq(customers.id, options.customerId));
	if (!customer) throw notFound("Customer not found");
	return { contracts: customer.userId ? await contractsOf(options.db, customer.userId) : [] };
}

/** Thrown inside the signing transaction when the quote was signed meanwhile: nothing is kept. */
class AlreadySigned extends Error {}

/**
 * The acting customer signs the contract of their newest approved quote on the current terms:
 * the record (typed name, account, time, address, user agent, version, lines, total, hashes), its
 * PDF stored as a private file, agreed_to_services set, and the PDF e-mailed to both sides, all
 * at once. Signing a quote already signed changes nothing and answers its contract.
 */
export async function signContract(options: {
	deps: Pick<Deps, "db" | "events" | "env" | "mailer" | "readCache" | "clock">;
	actor: Actor;
	input: SignContractInput & { termsVersion?: number };
	client: { ipAddress: string; userAgent: string };
}): Promise<{ agreedToServices: boolean; contract: Contract }> {
	const { deps, actor, input } = options;
	await requireApprovedQuote({ db: deps.db, actor });
	const quote = await latestApprovedQuote(deps.db, actor.id);
	if (!quote) throw notFound(CONTRACT_MESSAGES.notFound);
	const existing = await signedContract(deps.db, quote.id);
	if (existing) return { agreedToServices: true, contract: existing };

	const terms = await currentTerms(deps.db);
	if (input.termsVersion !== undefined && input.termsVersion !== terms.version)
		throw new AppError(
			409,
			`The terms changed to Version ${terms.version} while you were reading: please read them again before signing`,
		);
	const [person] = await deps.db
		.select({
			email: users.email,
			emailVerified: users.emailVerified,
			userName: users.name,
			displayName: profiles.displayName,
		})
		.from(users)
		.leftJoin(profiles, eq(profiles.userId, users.id))
		.where(eq(users.id, actor.id));
	if (!person) throw notFound();
	const business = await getCachedBusinessProfile({ db: deps.db, readCache: deps.readCache });
	const accountName = person.displayName ?? person.userName;
	const seasonId = quoteSeason(quote);
	const signedAt = new Date(Math.floor(deps.clock.now().getTime() / 1000) * 1000);
	const document: SignedDocument = {
		business,
		customer: { name: accountName, email: person.email },
		property:
			[quote.address, quote.city, [quote.state, quote.zipCode].filter(Boolean).join(" ")]
				.filter(Boolean)
				.join(", ") || "Not given",
		seasonId,
		lines: quote.services,
		totalCents: quoteTotal(quote),
		terms: { version: terms.version, body: terms.body, createdAt: terms.createdAt },
		signature: {
			name: input.fullName,
			accountName,
			signedAt,
			ipAddress: options.client.ipAddress,
			userAgent: options.client.userAgent,
		},
	};
	const hash = documentHash(documentText(document));
	const pdf = await contractPdf(document, hash);
	const fileId = randomUUID();
	const file = {
		id: fileId,
		storageKey: `contracts/${actor.id.toLowerCase().replace(/[^a-z0-9_-]/g, "")}/${fileId}.pdf`,
		fileName: `service-agreement-${seasonId}.pdf`,
		contentType: "application/pdf",
		data: new Uint8Array(pdf),
	};
	const nameMatches = namesResemble(input.fullName, accountName);
	try {
		return await storeFiles({
			env: deps.env,
			files: [file],
			commit: () =>
				deps.events.transaction(async (tx) => {
					// The quote's row lock makes two signatures at once wait for each other.
					const locked = await latestApprovedQuote(tx, actor.id, true);
					if (locked?.id !== quote.id || (await signedContract(tx, quote.id)))
						throw new AlreadySigned();
					await recordFiles({
						db: tx,
						kind: "contract",
						files: [file],
						link: { userId: actor.id },
					});
					const [row] = await tx
						.insert(contracts)
						.values({
							userId: actor.id,
							quoteRequestId: quote.id,
							seasonId,
							termsVersion: terms.version,
							signedName: input.fullName,
							accountName,
							nameMatches,
							signedAt,
							ipAddress: options.client.ipAddress,
							userAgent: options.client.userAgent,
							lines: quote.services,
							totalCents: quoteTotal(quote),
							documentHash: hash,
							pdfSha256: fileHash(file.data),
							pdfFileId: fileId,
						})
						.returning(contractColumns);
					const [customer] = await tx
						.update(customers)
						.set({ agreedToServices: true, updatedAt: sql`now()` })
						.where(eq(customers.userId, actor.id))
						.returning({ id: customers.id });
					const attachments = [
						{
							filename: file.fileName,
							contentType: "application/pdf",
							content: pdf.toString("base64"),
							encoding: "base64" as const,
						},
					];
					await deps.mailer.enqueue(
						[
							contractSignedCustomerEmail({
								to: person.email,
								name: recipientName({ name: accountName, emailVerified: person.emailVerified }),
								seasonId,
								termsVersion: terms.version,
								attachments,
								url: `${deps.env.APP_URL}/app`,
								business,
							}),
							contractSignedBusinessEmail({
								customerName: accountName,
								signedName: input.fullName,
								nameMatches,
								seasonId,
								termsVersion: terms.version,
								attachments,
								url: `${deps.env.APP_URL}/owner/customer/${customer?.id ?? ""}`,
								business,
							}),
						],
						tx,
					);
					await deps.events.publish(tx, { kind: "customer.changed", userId: actor.id });
					return { agreedToServices: true, contract: toContract(row!) };
				}),
		});
	} catch (error) {
		if (!(error instanceof AlreadySigned)) throw error;
		const signed = await signedContract(deps.db, quote.id);
		if (!signed) throw conflict("Your quote changed while you were signing: please try again");
		return { agreedToServices: true, contract: signed };
	}
}

async function signedContract(db: Executor, quoteId: string) {
	const [row] = await db
		.select(contractColumns)
		.from(contracts)
		.where(eq(contracts.quoteRequestId, quoteId));
	return row ? toContract(row) : null;
}
